"""The HTML view of `specrun graph --format html` in Debian's Chromium, driven by Playwright.

Run by Tests/IntegrationTests/GraphViewBrowserTests.swift:
    python3 graph_view.py PAGE SHOT HOSTILE_PAGE HOSTILE_TEXT SVG

PAGE is the events graph's page, opened in a 1,400 x 900 window: on open the drawing must fit it
(its rendered box inside the view, no scrollbar) or, when its labels would then be too small to
read, be drawn with its typical label (the median) 12 px high, its top shown, the rest panned to; zoom in and out (keys, buttons, wheel), pan (a
drag, arrow keys) and fit again (0, the Fit button). SHOT receives a screenshot of it fitted.
HOSTILE_PAGE is the page of a spec whose text is markup (HOSTILE_TEXT): it must show as text,
open no dialog and load nothing. SVG is the events graph as `--format svg` writes it, opened on its
own: it must scale to the window too. Prints one line per check and exits non-zero on the first
failure, naming it.
"""
import os
import sys

from playwright.sync_api import sync_playwright

PAGE, SHOT, HOSTILE_PAGE, HOSTILE_TEXT, SVG = sys.argv[1:6]
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
WIDTH, HEIGHT = 1400, 900

STATE = """() => {
  const view = document.getElementById('view').getBoundingClientRect();
  const svg = document.getElementById('graph').getBoundingClientRect();
  const canvas = document.getElementById('canvas');
  const root = document.scrollingElement || document.documentElement;
  return { scale: parseFloat(canvas.getAttribute('data-scale')), x: parseFloat(canvas.getAttribute('data-x')),
           y: parseFloat(canvas.getAttribute('data-y')), readout: document.getElementById('scale').textContent,
           view: { left: view.left, top: view.top, right: view.right, bottom: view.bottom, width: view.width, height: view.height },
           svg: { left: svg.left, top: svg.top, right: svg.right, bottom: svg.bottom, width: svg.width, height: svg.height },
           scrollWidth: root.scrollWidth, clientWidth: root.clientWidth, scrollHeight: root.scrollHeight, clientHeight: root.clientHeight,
           innerWidth: window.innerWidth, fit: canvas.getAttribute('data-fit'),
           text: Array.from(document.querySelectorAll('#graph text')).map(t => t.getBoundingClientRect().height).filter(h => h > 0)
                   .sort((a, b) => a - b).find((h, i, all) => i === Math.floor(all.length / 2)) };
}"""


def fail(message, state=None):
    raise SystemExit("FAILED: %s%s" % (message, "" if state is None else "\n  state: %r" % (state,)))


def check(condition, message, state=None):
    if not condition:
        fail(message, state)


def fits(state):
    """The drawing's rendered box inside the view (a pixel of rounding allowed), and no scrollbar."""
    s, v = state["svg"], state["view"]
    return (s["left"] >= v["left"] - 1 and s["right"] <= v["right"] + 1 and s["top"] >= v["top"] - 1 and s["bottom"] <= v["bottom"] + 1
            and state["scrollWidth"] <= state["clientWidth"] and state["scrollHeight"] <= state["clientHeight"])


def fitted(state):
    """What "fit" promises: the typical label (the median) readable (12 px high, a pixel of rounding allowed),
    and the whole drawing in the view, or, when that would make the labels smaller, the drawing
    at the readable size with its top shown (centred across when it fits across)."""
    if state["text"] < 11.5:
        return False
    if state["fit"] == "whole":
        return fits(state)
    s, v = state["svg"], state["view"]
    return (state["fit"] == "readable" and abs(s["top"] - v["top"] - 12) < 1 and s["left"] <= v["left"] + max(12, (v["width"] - s["width"]) / 2) + 1
            and state["text"] < 12.5)


def open_page(browser, path, errors, requests, dialogs):
    page = browser.new_page(viewport={"width": WIDTH, "height": HEIGHT})
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("request", lambda r: requests.append(r.url) if r.url != "file://" + path else None)
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    page.goto("file://" + path)
    page.wait_for_load_state("load")
    return page


def events(browser):
    errors, requests, dialogs = [], [], []
    page = open_page(browser, PAGE, errors, requests, dialogs)
    opened = page.evaluate(STATE)
    check(opened["innerWidth"] == WIDTH, "the window is %d px wide, not %d" % (opened["innerWidth"], WIDTH), opened)
    check(fitted(opened), "on open the graph is not fitted to the window, or its labels are too small to read", opened)
    # Fitted, not merely small: it spans the view's width or its height.
    v, s = opened["view"], opened["svg"]
    check(s["width"] >= 0.9 * (v["width"] - 24) or s["height"] >= 0.9 * (v["height"] - 24), "on open the graph is not fitted to the window", opened)
    if opened["fit"] == "readable":
        # Readable, and no larger than that: one step out and the labels are under 12 px.
        check(opened["text"] / 1.25 < 11.5, "fit drew the graph larger than readable", opened)
    check(opened["readout"] == "%d%%" % round(opened["scale"] * 100), "the zoom readout says %r" % opened["readout"], opened)
    page.screenshot(path=SHOT)
    print("ok: the events graph fits a %d px window on open (%.0f x %.0f px drawn at %s, %s, typical label %.1f px high)"
          % (WIDTH, s["width"], s["height"], opened["readout"], opened["fit"], opened["text"]))

    page.locator("#view").focus()
    page.keyboard.press("+")
    zoomed = page.evaluate(STATE)
    check(zoomed["scale"] > opened["scale"] * 1.2, "+ did not zoom in", zoomed)
    check(zoomed["svg"]["width"] > s["width"] * 1.2, "+ did not make the drawing larger", zoomed)
    page.locator("#zoom-in").click()
    clicked = page.evaluate(STATE)
    check(clicked["scale"] > zoomed["scale"] * 1.2, "the zoom-in button did not zoom in", clicked)
    page.mouse.move(v["left"] + v["width"] / 2, v["top"] + v["height"] / 2)
    page.mouse.wheel(0, -240)
    page.wait_for_function("s => parseFloat(document.getElementById('canvas').getAttribute('data-scale')) > s", arg=clicked["scale"])
    wheeled = page.evaluate(STATE)
    check(wheeled["scale"] > clicked["scale"], "the wheel did not zoom in", wheeled)
    page.keyboard.press("-")
    out = page.evaluate(STATE)
    check(out["scale"] < wheeled["scale"], "- did not zoom out", out)
    page.locator("#zoom-out").click()
    check(page.evaluate(STATE)["scale"] < out["scale"], "the zoom-out button did not zoom out")
    print("ok: zoom in and out with +, -, the buttons and the wheel")

    before = page.evaluate(STATE)
    page.mouse.move(v["left"] + 300, v["top"] + 300)
    page.mouse.down()
    page.mouse.move(v["left"] + 420, v["top"] + 360, steps=6)
    page.mouse.move(v["left"] + 500, v["top"] + 400, steps=6)
    page.mouse.up()
    dragged = page.evaluate(STATE)
    check(abs(dragged["x"] - before["x"] - 200) < 1 and abs(dragged["y"] - before["y"] - 100) < 1,
          "a drag of (200, 100) moved the graph by (%.1f, %.1f)" % (dragged["x"] - before["x"], dragged["y"] - before["y"]), dragged)
    check(abs(dragged["svg"]["left"] - before["svg"]["left"] - 200) < 1, "the drawing did not follow the drag", dragged)
    check(dragged["scale"] == before["scale"], "a drag changed the zoom", dragged)
    page.locator("#view").focus()
    page.keyboard.press("ArrowRight")
    keyed = page.evaluate(STATE)
    check(keyed["x"] < dragged["x"], "the right arrow did not pan", keyed)
    print("ok: a drag and the arrow keys pan")

    page.keyboard.press("0")
    refit = page.evaluate(STATE)
    check(fitted(refit) and abs(refit["scale"] - opened["scale"]) < 1e-9 and abs(refit["x"] - opened["x"]) < 0.5,
          "0 did not restore the fitted view", refit)
    page.keyboard.press("+")
    page.locator("#fit").click()
    button = page.evaluate(STATE)
    check(fitted(button) and abs(button["scale"] - opened["scale"]) < 1e-9, "the Fit button did not restore the fitted view", button)
    print("ok: 0 and the Fit button fit the graph again")

    page.set_viewport_size({"width": 900, "height": 700})
    page.wait_for_function("w => { const v = document.getElementById('view').clientWidth; "
                           "return v < w && document.getElementById('canvas').getAttribute('data-fit-width') === String(v); }",
                           arg=button["view"]["width"])
    check(fitted(page.evaluate(STATE)), "a fitted graph is not fitted to a smaller window", page.evaluate(STATE))
    check(not errors and not requests and not dialogs, "console errors %r, requests %r, dialogs %r" % (errors, requests, dialogs))
    print("ok: a smaller window is fitted again; no console error, no request")
    page.close()


def hostile(browser):
    errors, requests, dialogs = [], [], []
    page = open_page(browser, HOSTILE_PAGE, errors, requests, dialogs)
    page.wait_for_timeout(300)
    check(page.locator("img").count() == 0, "spec text became an <img>")
    check(page.locator("#graph text").filter(has_text=HOSTILE_TEXT).count() > 0, "the hostile text is not drawn as text")
    check(fits(page.evaluate(STATE)), "the hostile graph does not fit", page.evaluate(STATE))
    check(not errors and not requests and not dialogs, "console errors %r, requests %r, dialogs %r" % (errors, requests, dialogs))
    print("ok: a spec's markup shown as text, no dialog, nothing loaded")
    page.close()


def svg_alone(browser):
    page = browser.new_page(viewport={"width": WIDTH, "height": HEIGHT})
    page.goto("file://" + SVG)
    box = page.evaluate("""() => { const r = document.documentElement.getBBox(); const s = document.documentElement.getScreenCTM();
        return { left: r.x * s.a + s.e, right: (r.x + r.width) * s.a + s.e, top: r.y * s.d + s.f, bottom: (r.y + r.height) * s.d + s.f,
                 scrollWidth: document.documentElement.scrollWidth || 0, width: window.innerWidth, height: window.innerHeight }; }""")
    check(box["left"] >= -1 and box["right"] <= WIDTH + 1 and box["top"] >= -1 and box["bottom"] <= HEIGHT + 1,
          "the SVG alone does not fit the window", box)
    check(box["right"] - box["left"] >= 0.9 * WIDTH or box["bottom"] - box["top"] >= 0.9 * HEIGHT, "the SVG alone is not scaled to the window", box)
    print("ok: the svg alone scales to the window (%.0f px wide)" % (box["right"] - box["left"]))
    page.close()


with sync_playwright() as p:
    browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-dev-shm-usage"])
    try:
        events(browser)
        hostile(browser)
        svg_alone(browser)
    finally:
        browser.close()
print("1 passed, 0 failed")
