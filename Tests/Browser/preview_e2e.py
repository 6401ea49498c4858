"""End-to-end test of `specrun preview` in Debian's Chromium, driven by Playwright.

Run by Tests/IntegrationTests/PreviewBrowserTests.swift:
    python3 preview_e2e.py SPECRUN WORKDIR SCREENSHOT

WORKDIR holds a copy of specs/ (login.yaml is written to by the recording). Prints one line per
check and exits non-zero on the first failure, naming it.
"""
import json
import os
import re
import subprocess
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from playwright.sync_api import expect, sync_playwright

SPECRUN, WORKDIR, SCREENSHOT = sys.argv[1:4]
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
# Specs of the test's own, beside the copy of specs/ (so the folder test does not list them).
EXTRA = os.path.join(os.path.dirname(os.path.abspath(WORKDIR)), "extra")
SHOTS = os.path.dirname(os.path.abspath(SCREENSHOT))


def start_preview(path, *options):
    process = subprocess.Popen([SPECRUN, "preview", path, "--no-open", "--port", "0", *options],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    url = process.stdout.readline().strip()
    if not url.startswith("http://127.0.0.1:"):
        process.kill()
        raise SystemExit("preview printed no address first: %r %s" % (url, process.stderr.read()))
    return process, url


def open_page(browser, url, errors):
    page = browser.new_page(viewport={"width": 1200, "height": 900})
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(url)
    return page


def login(browser):
    login_spec = os.path.join(WORKDIR, "login.yaml")
    process, url = start_preview(login_spec)
    errors = []
    try:
        page = open_page(browser, url, errors)
        expect(page.locator("#connection")).to_have_text("live")
        email = page.locator('input[data-component="email"]')
        expect(email).to_have_attribute("type", "text")
        expect(page.locator('input[data-component="password"]')).to_have_attribute("type", "password")
        confirm = page.locator('button[data-component="confirm"]')
        expect(confirm).to_be_disabled()
        email.press_sequentially("someone@example.com")
        page.locator('input[data-component="password"]').fill("hunter2")
        expect(page.locator('[data-output="canLogin"]')).to_have_text("true")
        expect(confirm).to_be_enabled()
        confirm.click()
        # The sign-in takes 5 s of virtual time, run in real time: `executing` shows meanwhile.
        expect(page.locator('[data-output="login.executing"]')).to_have_text("true")
        expect(confirm).to_be_disabled()
        expect(page.locator("#timeline")).to_contain_text("▶ tap confirm")
        page.screenshot(path=SCREENSHOT)
        expect(page.locator('[data-output="login.executing"]')).to_have_text("false", timeout=10_000)
        expect(page.locator('[data-output="login.elements"]')).to_have_text("()")
        expect(page.locator("#invariants li.broken")).to_have_count(0)
        print("ok: login typed into, tapped, executing, answered")

        # A recording: restarts the screen, keeps the gestures, waits and expectations.
        page.locator("#record").click()
        expect(page.locator("#record")).to_have_text("Stop recording")
        expect(page.locator('[data-output="login.executing"]')).to_have_text("false")
        email.fill("someone@example.com")
        page.locator('input[data-component="password"]').fill("hunter2")
        expect(page.locator('[data-output="canLogin"]')).to_have_text("true")
        page.locator('[data-expect="canLogin"]').click()
        confirm.click()
        expect(page.locator('[data-output="login.executing"]')).to_have_text("true")
        page.locator('[data-expect="login.executing"]').click()
        page.locator("#next").click()
        expect(page.locator('[data-output="login.executing"]')).to_have_text("false")
        page.locator('[data-expect="login.executing"]').click()
        page.locator("#recordName").fill("signs in from the preview")
        page.locator("#record").click()
        expect(page.locator("#timeline")).to_contain_text("saved scenario 'signs in from the preview'")
        expect(page.locator("#error")).to_be_hidden()
        if errors:
            raise SystemExit("console errors on login: %s" % errors)
    finally:
        process.terminate()
        process.wait()
    test = subprocess.run([SPECRUN, "test", login_spec], capture_output=True, text=True)
    if test.returncode != 0:
        raise SystemExit("specrun test failed after the recording:\n" + test.stdout + test.stderr)
    text = open(login_spec, encoding="utf-8").read()
    if "signs in from the preview" not in text or "- tap: confirm" not in text:
        raise SystemExit("the recording is not in the spec:\n" + text)
    print("ok: recording appended and passing specrun test")


def every_spec(browser):
    process, url = start_preview(WORKDIR)
    try:
        errors = []
        page = open_page(browser, url, errors)
        expect(page.locator("#connection")).to_have_text("live")
        count = page.locator("#specs a").count()
        if count < 2:
            raise SystemExit("the folder's specs are not listed: %d" % count)
        for i in range(count):
            page.goto(url.split("?")[0] + "?spec=%d" % i)
            expect(page.locator("#connection")).to_have_text("live")
            expect(page.locator("#screen")).not_to_have_text("specrun preview")
            if page.locator("[data-output], [data-component]").count() == 0:
                raise SystemExit("spec %d shows no value" % i)
            if errors:
                raise SystemExit("console errors on spec %d: %s" % (i, errors))
        print("ok: %d specs opened with no console error" % count)
    finally:
        process.terminate()
        process.wait()


def write_extra(name, text):
    os.makedirs(EXTRA, exist_ok=True)
    path = os.path.join(EXTRA, name)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
    return path


def specrun_test(path, why):
    test = subprocess.run([SPECRUN, "test", path], capture_output=True, text=True)
    if test.returncode != 0:
        raise SystemExit("specrun test failed after %s:\n%s%s" % (why, test.stdout, test.stderr))


def now(page):
    return int(page.locator("#now").text_content().removesuffix("ms"))


def time_controls(browser):
    process, url = start_preview(os.path.join(EXTRA, "login.yaml"))
    errors = []
    try:
        page = open_page(browser, url, errors)
        expect(page.locator("#connection")).to_have_text("live")
        page.locator("#pause").click()
        expect(page.locator("#pause")).to_have_text("Resume")
        paused = now(page)
        page.wait_for_timeout(400)
        if now(page) != paused:
            raise SystemExit("the clock moved while paused: %d -> %d" % (paused, now(page)))
        page.locator("#waitMs").fill("1234")
        page.locator("#wait").click()
        expect(page.locator("#now")).to_have_text("%dms" % (paused + 1234))
        page.locator('input[data-component="email"]').fill("someone@example.com")
        page.locator('input[data-component="password"]').fill("hunter2")
        page.locator('button[data-component="confirm"]').click()
        expect(page.locator('[data-output="login.executing"]')).to_have_text("true")
        page.locator("#next").click()
        expect(page.locator('[data-output="login.executing"]')).to_have_text("false")
        expect(page.locator("#now")).to_have_text("%dms" % (paused + 1234 + 5000))
        page.locator("#fast").click()
        expect(page.locator("#fast")).to_have_attribute("aria-pressed", "true")
        before = now(page)
        page.locator("#pause").click()
        expect(page.locator("#pause")).to_have_text("Pause")
        page.wait_for_timeout(600)
        # Ten times real time: 600 ms of waiting moves the clock well past 3 s.
        expect(page.locator("#now")).not_to_have_text("%dms" % before)
        if now(page) - before < 3000:
            raise SystemExit("x10 moved the clock only %dms in 600ms" % (now(page) - before))
        if errors:
            raise SystemExit("console errors on the clock controls: %s" % errors)
        print("ok: pause, wait 1234 ms, run to next event and x10 from the page")
    finally:
        process.terminate()
        process.wait()


ORDERS = """screen: Orders
inputs:
  place: event
state:
  placed: { type: Int, initial: 0 }
  failure: { type: Error?, initial: null }
actions:
  order:
    trigger: place
    work: { call: shop.order }
handlers:
  - on: order.elements
    set: { placed: order.elements }
  - on: order.errors
    set: { failure: order.errors }
services:
  shop.order:
    returns: Int
    latency: 1s
    results:
      - value: 1
      - { fail: http(503), latency: 200ms }
scenarios:
  - name: orders once
    steps:
      - send: place
      - wait: 1s
      - expect: { placed: 1 }
"""


def services(browser):
    path = write_extra("orders.yaml", ORDERS)
    process, url = start_preview(path)
    errors = []
    try:
        page = open_page(browser, url, errors)
        expect(page.locator("#connection")).to_have_text("live")
        answer = page.locator('select[data-service="shop.order"]')
        expect(answer.locator("option")).to_have_text(["as declared", "value: 1, after 1s", "fail: http(503), after 200ms"])
        page.locator("#record").click()
        expect(page.locator("#record")).to_have_text("Stop recording")
        page.locator("#pause").click()
        answer.select_option(label="fail: http(503), after 200ms")
        page.locator('[data-component="place"]').click()
        expect(answer).to_have_value("0")
        page.locator("#next").click()
        expect(page.locator('[data-output="failure"]')).to_have_text("http(503)")
        page.locator('[data-expect="failure"]').click()
        page.screenshot(path=os.path.join(SHOTS, "preview-services.png"))
        page.locator("#recordName").fill("the shop is down")
        page.locator("#record").click()
        expect(page.locator("#timeline")).to_contain_text("saved scenario 'the shop is down'")
        expect(page.locator("#error")).to_be_hidden()
        if errors:
            raise SystemExit("console errors on the services panel: %s" % errors)
    finally:
        process.terminate()
        process.wait()
    text = open(path, encoding="utf-8").read()
    if "- { fail: http(503), latency: 200ms }\n    steps:" not in text:
        raise SystemExit("the chosen answer is not the recording's override:\n" + text)
    specrun_test(path, "recording a chosen answer")
    print("ok: a service's next answer chosen, recorded as an override, passing specrun test")


NEWSLETTER = """screen: Newsletter
types:
  Subscription: { id: Int, status: Status }
  Status: [active, pending]
inputs:
  address: { type: String, default: "" }
  subscribe: event
state:
  subscription: { type: Subscription?, initial: null }
actions:
  join:
    trigger: subscribe
    work: { call: newsletter.subscribe, with: { address: address } }
handlers:
  - on: join.elements
    set: { subscription: join.elements }
services:
  newsletter.subscribe:
    returns: Subscription
    params: { address: String }
    latency: 500ms
    result: { id: 1, status: active }
    http:
      post: /subscriptions
      body: { address: address }
scenarios:
  - name: subscribes
    steps:
      - set: { address: "a@b.c" }
      - send: subscribe
      - wait: 500ms
      - expect: { subscription: { id: 1, status: active } }
"""


class Backend(BaseHTTPRequestHandler):
    requests = []

    def do_POST(self):
        body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
        Backend.requests.append((self.path, json.loads(body or b"{}")))
        answer = json.dumps({"id": 7, "status": "pending"}).encode()
        self.send_response(201)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(answer)))
        self.end_headers()
        self.wfile.write(answer)

    def log_message(self, *args):
        pass


def live(browser):
    path = write_extra("newsletter.yaml", NEWSLETTER)
    backend = ThreadingHTTPServer(("127.0.0.1", 0), Backend)
    threading.Thread(target=backend.serve_forever, daemon=True).start()
    process, url = start_preview(path, "--live", "--base-url", "http://127.0.0.1:%d" % backend.server_address[1])
    errors = []
    try:
        page = open_page(browser, url, errors)
        expect(page.locator("#connection")).to_have_text("live")
        expect(page.locator('select[data-service="newsletter.subscribe"] option').first).to_have_text("the backend (live)")
        page.locator("#record").click()
        page.locator('[data-component="address"]').fill("someone@example.com")
        page.locator('[data-component="subscribe"]').click()
        expect(page.locator('[data-output="subscription"]')).to_have_text("Subscription(id: 7, status: .pending)")
        page.locator('[data-expect="subscription"]').click()
        page.locator("#recordName").fill("subscribes for real")
        page.locator("#record").click()
        expect(page.locator("#timeline")).to_contain_text("saved scenario 'subscribes for real'")
        expect(page.locator("#error")).to_be_hidden()
        if errors:
            raise SystemExit("console errors in the live preview: %s" % errors)
    finally:
        process.terminate()
        process.wait()
        backend.shutdown()
        backend.server_close()
    if Backend.requests != [("/subscriptions", {"address": "someone@example.com"})]:
        raise SystemExit("the backend got %r" % Backend.requests)
    text = open(path, encoding="utf-8").read()
    if "- { value: { id: 7, status: pending }, latency: " not in text:
        raise SystemExit("the live answer is not the recording's cassette:\n" + text)
    # The backend is gone: the cassette answers.
    specrun_test(path, "recording live answers")
    print("ok: --live answered by a real server, recorded as a cassette, passing specrun test offline")


COUNTER = """screen: Counter
inputs:
  tap: event
state:
  count: { type: Int, initial: 0 }
handlers:
  - on: tap
    set: { count: count + 1 }
invariants:
  small: count < 3
scenarios:
  - name: taps once
    steps:
      - send: tap
      - expect: { count: 1 }
"""


def player(browser):
    process, url = start_preview(os.path.join(EXTRA, "login.yaml"))
    errors = []
    try:
        page = open_page(browser, url, errors)
        expect(page.locator("#connection")).to_have_text("live")
        page.locator("#scenario").select_option(label="signs in once the form is valid")
        page.locator("#play").click()
        expect(page.locator("#position")).to_have_text("step 0 of 8")
        page.locator("#forward").click()
        expect(page.locator("#position")).to_have_text("step 1 of 8")
        expect(page.locator('#steps li[data-step="0"]')).to_have_class("played")
        expect(page.locator('input[data-component="email"]')).to_have_value("someone@example.com")
        page.locator("#scrub").fill("6")
        expect(page.locator("#position")).to_have_text("step 6 of 8")
        expect(page.locator('[data-output="login.executing"]')).to_have_text("true")
        expect(page.locator("#now")).to_have_text("0ms")
        page.locator("#continue").click()
        expect(page.locator("#position")).to_have_text("step 8 of 8")
        expect(page.locator("#now")).to_have_text("5000ms")
        expect(page.locator('[data-output="login.executing"]')).to_have_text("false")
        expect(page.locator("#steps li.failed")).to_have_count(0)
        # Back in time: the scenario again from its start, up to step 2.
        page.locator("#scrub").fill("2")
        expect(page.locator("#position")).to_have_text("step 2 of 8")
        expect(page.locator("#now")).to_have_text("0ms")
        expect(page.locator('[data-output="canLogin"]')).to_have_text("false")
        page.screenshot(path=os.path.join(SHOTS, "preview-player.png"), full_page=True)
        if errors:
            raise SystemExit("console errors in the player: %s" % errors)
    finally:
        process.terminate()
        process.wait()
    process, url = start_preview(write_extra("counter.yaml", COUNTER))
    try:
        page = open_page(browser, url, errors)
        expect(page.locator("#connection")).to_have_text("live")
        page.locator("#explore").click()
        expect(page.locator("#scenario option")).to_have_text(["taps once", "explore: invariant 'small' broken"])
        expect(page.locator("#position")).to_have_text(re.compile(r"step 0 of \d+"))
        page.locator("#continue").click()
        expect(page.locator("#steps li.failed")).to_contain_text("expected small == true, got false")
        expect(page.locator('[data-output="count"]')).to_have_text("3")
        if errors:
            raise SystemExit("console errors playing a counterexample: %s" % errors)
    finally:
        process.terminate()
        process.wait()
    print("ok: scenarios played step by step, continued, scrubbed back; a counterexample played")


WIDGETS = """screen: Widgets
inputs:
  deleteTap: event
  answer: String
  size: { type: Double, default: 12 }
state:
  deleted: { type: Bool, initial: false }
outputs:
  question: { stream: deleteTap, ops: [ { map: '"Delete this note?"' } ] }
handlers:
  - on: answer
    set: { deleted: answer == "Delete" }
view:
  deleteButton: { button: { tap: deleteTap } }
  confirm:
    alert:
      title: '"Are you sure?"'
      buttons: [Cancel, Delete]
      buttonTapped: answer
  theme: { segmentedControl: { segments: [Light, Dark] } }
  fontSize: { slider: { minimumValue: 12, maximumValue: 24, value: { twoWay: size } } }
  repeats: { stepper: { maximumValue: 5 } }
bindings:
  - bind: question
    to: confirm.message
"""


def titles_and_bounds(browser):
    process, url = start_preview(write_extra("widgets.yaml", WIDGETS))
    errors = []
    try:
        page = open_page(browser, url, errors)
        expect(page.locator("#connection")).to_have_text("live")
        segments = page.locator('[data-component="theme"] [role="radio"]')
        expect(segments).to_have_text(["Light", "Dark"])
        segments.nth(1).click()
        expect(segments.nth(1)).to_have_attribute("aria-checked", "true")
        slider = page.locator('input[data-component="fontSize"]')
        expect(slider).to_have_attribute("min", "12")
        expect(slider).to_have_attribute("max", "24")
        expect(page.locator('input[data-component="repeats"]')).to_have_attribute("max", "5")
        expect(page.locator('[data-component="confirm"]')).to_be_hidden()
        page.locator('[data-component="deleteButton"]').click()
        expect(page.locator('[data-component="confirm"]')).to_be_visible()
        page.screenshot(path=os.path.join(SHOTS, "preview-widgets.png"))
        page.locator('[data-component="confirm"] button[data-button="Delete"]').click()
        expect(page.locator('[data-output="deleted"]')).to_have_text("true")
        expect(page.locator('[data-component="confirm"]')).to_be_hidden()
        if errors:
            raise SystemExit("console errors on the widgets: %s" % errors)
        print("ok: segment titles, alert buttons and slider/stepper bounds from the spec")
    finally:
        process.terminate()
        process.wait()


HOSTILE = """screen: Hostile
inputs:
  name: { type: String, default: "<script>alert(1)</script>" }
  order: event
actions:
  buy:
    trigger: order
    work: { call: "shop.buy" }
services:
  shop.buy:
    returns: String
    result: "<img src=x onerror=alert(4)>"
view:
  pick: { segmentedControl: { segments: ["<img src=x onerror=alert(3)>", two] } }
scenarios:
  - name: "<b>starts</b>"
    steps:
      - expect: { name: "<script>alert(1)</script>" }
"""


def hostile(browser):
    process, url = start_preview(write_extra("hostile.yaml", HOSTILE))
    errors, dialogs = [], []
    try:
        page = open_page(browser, url, errors)
        page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
        expect(page.locator("#connection")).to_have_text("live")
        expect(page.locator('[data-component="pick"] [role="radio"]').first).to_have_text("<img src=x onerror=alert(3)>")
        expect(page.locator("#scenario option")).to_have_text(["<b>starts</b>"])
        expect(page.locator('select[data-service="shop.buy"] option').nth(1)).to_have_text('value: "<img src=x onerror=alert(4)>", after 0ms')
        page.locator("#play").click()
        page.locator("#continue").click()
        expect(page.locator("#steps li.played")).to_have_count(1)
        if page.locator("#view img, #steps b, #scenario b").count() != 0 or dialogs or errors:
            raise SystemExit("spec text became markup: %s %s" % (dialogs, errors))
        print("ok: a spec's markup shown as text in segments, scenarios and service answers")
    finally:
        process.terminate()
        process.wait()


with sync_playwright() as p:
    browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
    try:
        # A pristine copy of login.yaml for the tests that do not record into it.
        write_extra("login.yaml", open(os.path.join(WORKDIR, "login.yaml"), encoding="utf-8").read())
        login(browser)
        every_spec(browser)
        time_controls(browser)
        services(browser)
        live(browser)
        player(browser)
        titles_and_bounds(browser)
        hostile(browser)
    finally:
        browser.close()
print("1 passed, 0 failed")
