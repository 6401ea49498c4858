"""The preview as the screen (issue 40), in Chromium: every service's failures at hand, what each
bound property says drawn as iOS draws it (colours, titles, enabled, activity indicators, a
table's rows), a custom component's callbacks fired, and every scenario of the shipped specs with
a view played to its end and compared with the page. Run from preview_e2e.py.
"""
import json
import os
import re

from playwright.sync_api import expect

from preview_support import ORDERS, SHOTS, WORKDIR, open_page, start_preview, write_extra


def failures_at_hand(browser):
    """Every service of every shipped spec offers its failures from the page: the ones its
    scenarios' overrides give it (login's http(401)), decode, timeout, unknown and http(N) of any
    status; one chosen on the login screen and on the orders screen fails the next call."""
    process, url = start_preview(WORKDIR)
    errors = []
    offered = 0
    try:
        page = open_page(browser, url, errors)
        expect(page.locator("#connection")).to_have_text("live")
        # The list arrives with the session: wait for it rather than count it while it is empty.
        expect(page.locator("#specs a")).not_to_have_count(0)
        count = page.locator("#specs a").count()
        for i in range(count):
            page.goto(url.split("?")[0] + "?spec=%d" % i)
            expect(page.locator("#connection")).to_have_text("live")
            expect(page.locator("#screen")).not_to_have_text("specrun preview")
            for select in page.locator("select[data-service]").all():
                labels = select.locator("option").all_text_contents()
                for failure in ["fail: decode", "fail: timeout", "fail: unknown"]:
                    if not any(label.startswith(failure) for label in labels):
                        raise SystemExit("%s offers no %s: %s" % (select.get_attribute("data-service"), failure, labels))
                if labels[-1] != "fail: http(N), a status of your own":
                    raise SystemExit("%s offers no http(N): %s" % (select.get_attribute("data-service"), labels))
                offered += 1
        if offered < 8:  # the shipped specs declare 8 services today
            raise SystemExit("only %d services offered their failures" % offered)
        page.locator("#specs a", has_text="Login").click()
        expect(page.locator("#screen")).to_have_text("Login")
        expect(page.locator("#connection")).to_have_text("live")
        answer = page.locator('select[data-service="auth.signIn"]')
        answer.select_option(label="fail: http(401), after 5s")
        page.locator('input[data-component="email"]').fill("someone@example.com")
        page.locator('input[data-component="password"]').fill("hunter2")
        page.locator('button[data-component="confirm"]').click()
        page.locator("#next").click()
        expect(page.locator('[data-output="login.errors"]')).to_have_text("http(401)")
        expect(answer).to_have_value("0")
        # On the events screen, drawn from its view: a failure of one's own for the next page
        # pulled to refresh; the table keeps its rows.
        page.locator("#specs a", has_text="Events").click()
        expect(page.locator("#screen")).to_have_text("Events")
        expect(page.locator("#connection")).to_have_text("live")
        rows = page.locator('[data-component="eventsTable"] [role="listitem"]')
        expect(rows.locator(".title")).to_have_text(["starred ReactiveX/RxSwift"])
        events = page.locator('select[data-service="github.events"]')
        events.select_option(label="fail: http(N), a status of your own")
        page.locator('input[data-service-status="github.events"]').fill("503")
        page.locator('input[data-service-status="github.events"]').blur()
        page.locator('[data-component="eventsTable"] [data-gesture="refresh"]').click()
        page.locator("#next").click()
        expect(page.locator('[data-output="firstPage.errors"]')).to_have_text("http(503)")
        expect(rows.locator(".title")).to_have_text(["starred ReactiveX/RxSwift"])
    finally:
        process.terminate()
        process.wait()
    process, url = start_preview(write_extra("orders.yaml", ORDERS))
    try:
        page = open_page(browser, url, errors)
        expect(page.locator("#connection")).to_have_text("live")
        answer = page.locator('select[data-service="shop.order"]')
        status = page.locator('input[data-service-status="shop.order"]')
        expect(status).to_be_hidden()
        answer.select_option(label="fail: http(N), a status of your own")
        expect(status).to_be_visible()
        status.fill("418")
        status.blur()
        page.locator('[data-component="place"]').click()
        page.locator("#next").click()
        expect(page.locator('[data-output="failure"]')).to_have_text("http(418)")
        expect(status).to_be_hidden()
        if errors:
            raise SystemExit("console errors choosing failures: %s" % errors)
    finally:
        process.terminate()
        process.wait()
    print("ok: every service's failures offered on every shipped spec (%d services); http(401), http(503) on the events table and http(418) chosen" % offered)


INBOX = """screen: Inbox
types:
  Mail: { subject: String }
state:
  mails: { type: "[Mail]", initial: [{ subject: Hi }] }
actions:
  more:
    work: { call: api.mails }
  reload:
    work: { call: api.mails }
handlers:
  - on: more.elements
    set: { mails: mails + more.elements }
  - on: reload.elements
    set: { mails: reload.elements }
services:
  api.mails: { returns: "[Mail]", latency: 500ms, result: [{ subject: Older }] }
view:
  heading: { label: { text: '"\\(mails.count) mails"' } }
  activity: { activityIndicator: { isAnimating: reload.executing } }
  list: { table: { rows: mails, refreshing: reload.executing, refresh: reload, reachedBottom: more } }
  clearButton: { button: { title: '"Clear all"', enabled: "mails.count > 1" } }
"""


def drawn_as_ios(browser):
    """What each bound property says is what the page draws: colours painted (the colour
    picker's background and label), text, enabled, an activity indicator shown only while it
    animates, a table's rows; titles from the spec or the name made readable, the name on hover."""
    process, url = start_preview(os.path.join(WORKDIR, "colorpicker.yaml"))
    errors = []
    try:
        page = open_page(browser, url, errors)
        expect(page.locator("#connection")).to_have_text("live")
        expect(page.locator("#device .statusbar")).to_be_visible()
        screen = page.locator("#view")
        label = page.locator('[data-component="valueLabel"]')
        reset = page.locator('button[data-component="resetButton"]')
        expect(label).to_have_text("Unknown")
        expect(label).to_have_css("color", "rgb(0, 0, 0)")
        expect(screen).to_have_css("background-color", "rgb(255, 255, 255)")
        # A title of its own or the name made readable; the name itself only on hover.
        expect(reset).to_have_text("Reset")
        caption = page.locator('.component[title="resetButton · button"] > .name')
        expect(caption).to_be_hidden()
        reset.hover()
        expect(caption).to_be_visible()
        page.locator('[data-component="colorPicker"] [role="radio"]', has_text="Green").click()
        expect(label).to_have_text("Green")
        expect(label).to_have_css("color", "rgb(0, 255, 0)")
        page.locator('input[data-component="whiteSlider"]').fill("0.3")
        expect(page.locator('[data-output="white"]')).to_have_text("Color(white: 0.3, alpha: 1.0)")
        expect(screen).to_have_css("background-color", "rgb(77, 77, 77)")
        page.mouse.move(0, 0)
        page.screenshot(path=os.path.join(SHOTS, "preview-colorpicker-drawn.png"))
        reset.click()
        expect(screen).to_have_css("background-color", "rgb(128, 128, 128)")
        expect(page.locator('input[data-component="whiteSlider"]')).to_have_value("0.5")
        if errors:
            raise SystemExit("console errors on the colour picker: %s" % errors)
    finally:
        process.terminate()
        process.wait()
    process, url = start_preview(write_extra("inbox.yaml", INBOX))
    try:
        page = open_page(browser, url, errors)
        expect(page.locator("#connection")).to_have_text("live")
        page.locator("#pause").click()
        rows = page.locator('[data-component="list"] [role="listitem"]')
        activity = page.locator('[data-component="activity"]')
        clear = page.locator('button[data-component="clearButton"]')
        expect(rows).to_have_text(["Hi"])
        expect(page.locator('[data-component="heading"]')).to_have_text("1 mails")
        expect(activity).to_be_hidden()
        expect(clear).to_have_text("Clear all")
        expect(clear).to_be_disabled()
        page.locator('[data-component="list"] [data-gesture="reachedBottom"]').click()
        page.locator("#next").click()
        expect(rows).to_have_text(["Hi", "Older"])
        expect(clear).to_be_enabled()
        page.locator('[data-component="list"] [data-gesture="refresh"]').click()
        expect(activity).to_be_visible()
        expect(page.locator('[data-component="list"] .spinner')).to_be_visible()
        page.mouse.move(0, 0)
        page.screenshot(path=os.path.join(SHOTS, "preview-table.png"))
        page.locator("#next").click()
        expect(rows).to_have_text(["Older"])
        expect(activity).to_be_hidden()
        expect(clear).to_be_disabled()
        if errors:
            raise SystemExit("console errors on the table: %s" % errors)
    finally:
        process.terminate()
        process.wait()
    print("ok: colours painted, titles and names on hover, enabled, an activity indicator and a table's rows drawn as iOS draws them")


VAULT = """screen: Vault
inputs:
  pin: { type: String, default: "", secure: true }
  unlock: event
state:
  opened: { type: Int, initial: 0 }
outputs:
  locked: pin.count < 4
handlers:
  - on: unlock
    set: { opened: opened + 1 }
view:
  heading: { label: { text: '"Vault"', font: largeTitle } }
  pinField: { textField: { text: { twoWay: pin }, placeholder: '"PIN"', font: { size: 28, weight: bold } } }
  unlockButton: { button: { tap: unlock, title: '"Unlock"', isHidden: locked, font: headline } }
"""


def hidden_controls(browser):
    """A `secure: true` input's field is dots and its text masked in the values and the
    timeline; declared fonts are drawn at their point size and weight; a hidden control is not drawn, and a gesture the page sends for it anyway is
    refused (iOS delivers no touch to a hidden view); shown again, it takes the tap."""
    process, url = start_preview(write_extra("vault.yaml", VAULT))
    errors = []
    try:
        page = open_page(browser, url, errors)
        expect(page.locator("#connection")).to_have_text("live")
        field = page.locator('input[data-component="pinField"]')
        button = page.locator('button[data-component="unlockButton"]')
        expect(field).to_have_attribute("type", "password")
        expect(field).to_have_attribute("placeholder", "PIN")
        # Declared fonts drawn as iOS gives them: largeTitle 34 pt, 28 pt bold, headline 17 pt semibold.
        heading = page.locator('[data-component="heading"]')
        expect(heading).to_have_css("font-size", "34px")
        expect(heading).to_have_css("font-weight", "400")
        expect(field).to_have_css("font-size", "28px")
        expect(field).to_have_css("font-weight", "700")
        expect(button).to_be_hidden()
        page.evaluate("window.specrunPreview.step('tap', 'unlockButton')")
        expect(page.locator("#error")).to_have_text("'unlockButton' is hidden (isHidden is true): iOS delivers no touch to a hidden view")
        expect(page.locator('[data-output="opened"]')).to_have_text("0")
        field.press_sequentially("1234")
        expect(button).to_be_visible()
        expect(button).to_have_text("Unlock")
        expect(button).to_have_css("font-size", "17px")
        expect(button).to_have_css("font-weight", "600")
        expect(page.locator('[data-output="pin"]')).to_have_text('"•••"')
        button.click()
        expect(page.locator('[data-output="opened"]')).to_have_text("1")
        expect(page.locator("#error")).to_be_hidden()
        shown = page.locator("#values").text_content() + page.locator("#timeline").text_content()
        if "1234" in shown or '"123"' in shown:
            raise SystemExit("the secure PIN is shown in the values or the timeline: %s" % shown)
        page.mouse.move(0, 0)
        page.screenshot(path=os.path.join(SHOTS, "preview-secure-hidden.png"))
        if errors:
            raise SystemExit("console errors on the vault: %s" % errors)
    finally:
        process.terminate()
        process.wait()
    print("ok: a secure input masked in its field, the values and the timeline; a hidden control offers no gesture")
    print("ok: declared fonts drawn at their point size and weight")


NAMED_COLORS = {"black": (0, 0, 0, 1), "white": (255, 255, 255, 1), "gray": (128, 128, 128, 1), "clear": (0, 0, 0, 0),
                "red": (255, 0, 0, 1), "green": (0, 255, 0, 1), "blue": (0, 0, 255, 1)}


def css_color(text):
    """The CSS colour Chromium computes for a colour as the timeline writes it."""
    if text in NAMED_COLORS:
        r, g, b, a = NAMED_COLORS[text]
    else:
        fields = dict((k, float(v)) for k, v in re.findall(r"(\w+): ([-\d.]+)", text))
        if "white" in fields:
            r = g = b = round(fields["white"] * 255)
        else:
            r, g, b = (round(fields[k] * 255) for k in ("red", "green", "blue"))
        a = fields["alpha"]
    return "rgb(%d, %d, %d)" % (r, g, b) if a == 1 else "rgba(%d, %d, %d, %g)" % (r, g, b, a)


def last_values(timeline, components):
    """The last value the timeline gives each property of a drawn component: what the spec says."""
    values = {}
    for line in timeline.splitlines():
        match = re.match(r"^\s*\d+ms\s+(\w+)\.(\w+)\s+(.*)$", line)
        if match and match.group(1) in components:
            values[(match.group(1), match.group(2))] = match.group(3).strip()
    return values


def list_items(text):
    """The items of a list as the timeline writes it (`[Repo(name: "RxSwift", ...), ...]`), each
    as the texts written directly in it (not in a record inside it): what its cell shows."""
    items, depth, quoted, escaped, current, word = [], 0, False, False, None, ""
    for ch in text:
        if quoted:
            if escaped:
                escaped, word = False, word + ch
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                quoted = False
                if depth == 2 and current is not None:
                    current.append(word)
            else:
                word += ch
        elif ch == '"':
            quoted, word = True, ""
        elif ch in "[(":
            depth += 1
            if depth == 2:
                current = []
        elif ch in "])":
            if depth == 2 and current is not None:
                items.append(current)
                current = None
            depth -= 1
    return items


def compare_drawn(page, values):
    """Each property the timeline gives compared with what the page draws; returns how many."""
    compared = 0
    for (name, prop), said in values.items():
        node = page.locator('[data-component="%s"]' % name).first
        wrap = page.locator('.component.drawn:has(> [data-component="%s"])' % name)
        kind = wrap.get_attribute("title").split(" · ")[1]
        if prop == "isHidden":
            (expect(wrap).to_be_hidden if said == "true" else expect(wrap).to_be_visible)()
        elif prop == "alpha":
            expect(wrap).to_have_css("opacity", "%g" % float(said))
        elif prop in ("rows", "items") and kind in ("table", "collectionView"):
            # The cells: one per element, each showing the element's own texts.
            items = list_items(said) if said != "[]" else []
            cells = node.locator('[role="listitem"]')
            expect(cells).to_have_count(len(items))
            for k, texts in enumerate(items):
                for text in texts:
                    expect(cells.nth(k)).to_contain_text(text)
        elif prop == "image":
            expect(node.locator(".source")).to_have_text("no image" if said == "nil" else json.loads(said))
        elif prop == "title" and kind == "navigationBar":
            expect(node.locator('[role="heading"]')).to_have_text(json.loads(said))
        elif prop == "title" and kind == "button":
            expect(node).to_have_text(json.loads(said))
        elif prop == "message" and kind == "alert":
            if said == "nil":
                expect(node).to_be_hidden()
            else:
                expect(node).to_be_visible()
                expect(node.locator("p")).to_have_text(json.loads(said))
        elif prop == "title" and kind == "alert":
            expect(node.locator("strong")).to_have_text(json.loads(said))
        elif prop == "placeholder":
            expect(node).to_have_attribute("placeholder", json.loads(said))
        elif prop == "text" and kind == "label":
            expect(node).to_have_text(json.loads(said))
        elif prop == "text" and said == '"•••"':
            # A password: masked in the timeline, dots in its field.
            expect(node).to_have_attribute("type", "password")
            expect(node).not_to_have_value("")
        elif prop == "text" and kind in ("textField", "searchBar", "textView"):
            expect(node).to_have_value(json.loads(said))
        elif prop in ("textColor",):
            expect(node).to_have_css("color", css_color(said))
        elif prop == "backgroundColor":
            target = page.locator("#view") if name == "view" else node
            expect(target).to_have_css("background-color", css_color(said))
        elif prop == "enabled" and kind not in ("label", "view"):
            target = node if kind != "segmentedControl" else node.locator("button").first
            (expect(target).to_be_enabled if said == "true" else expect(target).to_be_disabled)()
        elif prop == "selectedIndex" and kind == "segmentedControl":
            index = int(said)
            expect(node.locator('[aria-checked="true"]')).to_have_count(0 if index < 0 else 1)
            if index >= 0:
                expect(node.locator('[data-segment="%d"]' % index)).to_have_attribute("aria-checked", "true")
        elif prop == "value" and kind == "slider":
            if abs(float(node.input_value()) - float(said)) > 1e-9:
                raise SystemExit("%s.value: the page draws %s, the spec says %s" % (name, node.input_value(), said))
        elif prop == "isAnimating":
            (expect(node).to_be_visible if said == "true" else expect(node).to_be_hidden)()
        else:
            continue
        compared += 1
    return compared


def custom_callbacks(browser):
    """Location's custom location manager driven from the page: its callback fired with a value
    written as in a scenario, the labels following."""
    process, url = start_preview(os.path.join(WORKDIR, "location.yaml"))
    errors = []
    try:
        page = open_page(browser, url, errors)
        expect(page.locator("#connection")).to_have_text("live")
        manager = page.locator('[data-component="locationManager"]')
        value = manager.locator('input[data-callback="didUpdateLocations"]')
        expect(value).not_to_have_value("")
        value.fill("[{ latitude: 1.5, longitude: 2.5 }]")
        manager.locator('button[data-fire="didUpdateLocations"]').click()
        expect(page.locator('[data-component="coordinateLabel"]')).to_have_text("1.5, 2.5")
        expect(page.locator('[data-component="countLabel"]')).to_have_text("1 location")
        expect(page.locator("#timeline")).to_contain_text("fire locationManager.didUpdateLocations")
        value.fill("[{ latitude: 1.5 ")
        manager.locator('button[data-fire="didUpdateLocations"]').click()
        expect(page.locator("#error")).to_be_visible()
        expect(page.locator('[data-component="countLabel"]')).to_have_text("1 location")
        page.mouse.move(0, 0)
        page.screenshot(path=os.path.join(SHOTS, "preview-location-fired.png"))
        if errors:
            raise SystemExit("console errors firing a callback: %s" % errors)
        print("ok: a custom component's callback fired from the page, a value that is not one refused")
    finally:
        process.terminate()
        process.wait()


def scenario_ends(browser):
    """Every shipped spec (each has a view), played to the end of each of its scenarios: what each
    bound property says last (the timeline) compared with what the page draws (colour, opacity,
    text, value, enabled, hidden, rows, image, titles, an alert), a picture of each end and of the
    screen a navigation opened on the way."""
    process, url = start_preview(WORKDIR)
    errors, compared, ends = [], 0, 0
    try:
        page = open_page(browser, url, errors)
        expect(page.locator("#connection")).to_have_text("live")
        # The list arrives with the session: wait for it rather than count it while it is empty.
        expect(page.locator("#specs a")).not_to_have_count(0)
        count = page.locator("#specs a").count()
        for i in range(count):
            page.goto(url.split("?")[0] + "?spec=%d" % i)
            expect(page.locator("#connection")).to_have_text("live")
            expect(page.locator("#screen")).not_to_have_text("specrun preview")
            drawn = page.locator(".component.drawn")
            components = [drawn.nth(k).get_attribute("title").split(" · ")[0] for k in range(drawn.count())]
            if not components:
                continue
            screen = page.locator("#screen").text_content()
            scenarios = page.locator("#scenario option").all_text_contents()
            for k, scenario in enumerate(scenarios):
                expect(page.locator("#scenario option")).to_have_text(scenarios)
                page.locator("#scenario").select_option(str(k))
                page.locator("#play").click()
                expect(page.locator("#position")).to_have_text(re.compile(r"^step 0 of \d+$"))
                total = int(page.locator("#position").text_content().split(" of ")[1])
                page.locator("#continue").click()
                # Played to its end, or to a navigation that opened another screen.
                page.wait_for_function("([screen, end]) => document.getElementById('screen').textContent !== screen"
                                       " || document.getElementById('position').textContent === end",
                                       arg=[screen, "step %d of %d" % (total, total)])
                slug = re.sub(r"[^a-z0-9]+", "-", scenario.lower()).strip("-")[:40]
                page.mouse.move(0, 0)
                page.evaluate("window.scrollTo(0, 0)")
                # A navigation made (an output reading "→ Screen(...)"), its screen opened or
                # about to be: read at once, in the page.
                navigated = page.evaluate("""(screen) => document.getElementById("screen").textContent !== screen
                    || [...document.querySelectorAll("[data-output]")].some((cell) => cell.textContent.startsWith("→"))""", screen)
                if navigated:
                    # A navigation (a cell opening its review) opened its screen, pictured; Back
                    # shows this screen as the scenario left it, played to its end.
                    expect(page.locator("#screen")).not_to_have_text(screen)
                    expect(page.locator("#connection")).to_have_text("live")
                    page.screenshot(path=os.path.join(SHOTS, "end-%s-%s-opened.png" % (screen.lower(), slug)))
                    page.locator("#navigateBack").click()
                    expect(page.locator("#screen")).to_have_text(screen)
                    expect(page.locator("#connection")).to_have_text("live")
                    expect(page.locator("#position")).to_have_text("step %d of %d" % (total, total))
                expect(page.locator("#steps li.failed")).to_have_count(0)
                compared += compare_drawn(page, last_values(page.locator("#timeline").text_content(), components))
                ends += 1
                page.evaluate("window.scrollTo(0, 0)")
                page.screenshot(path=os.path.join(SHOTS, "end-%s-%s.png" % (screen.lower(), slug)))
        if errors:
            raise SystemExit("console errors at the scenarios' ends: %s" % errors)
        if ends < 40 or compared < 150:
            raise SystemExit("only %d scenario ends and %d properties compared" % (ends, compared))
        print("ok: %d scenario ends of the shipped specs with a view, %d bound properties drawn as the spec says" % (ends, compared))
    finally:
        process.terminate()
        process.wait()
