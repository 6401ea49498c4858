"""End-to-end test of `specrun preview` in Debian's Chromium, driven by Playwright.

Run by Tests/IntegrationTests/PreviewBrowserTests.swift:
    python3 preview_e2e.py SPECRUN WORKDIR SHOTS

WORKDIR holds a copy of specs/ (login.yaml is written to by the recording and edited by the
authoring loop). SHOTS is a folder for the screenshots: preview-login-signing-in.png,
preview-diagnostics.png (a broken save), preview-navigation.png (Events -> Repository) and
preview-NAME.png for every spec NAME.yaml, as docs/preview.md shows them. Prints one line per
check and exits non-zero on the first failure, naming it.
"""
import os
import subprocess
import sys
import threading
from http.server import BaseHTTPRequestHandler, HTTPServer

from playwright.sync_api import expect, sync_playwright

SPECRUN, WORKDIR, SHOTS = sys.argv[1:4]
SCREENSHOT = os.path.join(SHOTS, "preview-login-signing-in.png")
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
# The name a DNS-rebinding attacker's page would use, resolved to this machine.
REBOUND = "rebind.example"


class OtherSite(BaseHTTPRequestHandler):
    """Another site on this machine (another port, so another origin): its page tries the
    preview's WebSocket with the token."""

    def do_GET(self):
        body = b"<!doctype html><title>another site</title>"
        self.send_response(200)
        self.send_header("Content-Type", "text/html")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


def start_preview(path):
    process = subprocess.Popen([SPECRUN, "preview", path, "--no-open", "--port", "0"],
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
    """Every spec of the folder opened, screenshot taken, no console error."""
    process, url = start_preview(WORKDIR)
    try:
        errors = []
        page = open_page(browser, url, errors)
        expect(page.locator("#connection")).to_have_text("live")
        count = page.locator("#specs a").count()
        files = [page.locator("#specs a").nth(i).get_attribute("title") for i in range(count)]
        expected = sorted(f for f in os.listdir(WORKDIR) if f.endswith(".yaml"))
        if sorted(os.path.basename(f) for f in files) != expected:
            raise SystemExit("the folder's specs are not all listed: %s, not %s" % (files, expected))
        for i, file in enumerate(files):
            page.goto(url.split("?")[0] + "?spec=%d" % i)
            expect(page.locator("#connection")).to_have_text("live")
            expect(page.locator("#screen")).not_to_have_text("specrun preview")
            if page.locator("[data-output], [data-component]").count() == 0:
                raise SystemExit("spec %d shows no value" % i)
            # What the screen loads at its start (up to 1 s in the seeds) lands before the picture.
            page.wait_for_timeout(1200)
            name = os.path.splitext(os.path.basename(file))[0]
            page.screenshot(path=os.path.join(SHOTS, "preview-%s.png" % name), full_page=True)
            if errors:
                raise SystemExit("console errors on %s: %s" % (file, errors))
        print("ok: %d specs opened with no console error, each one's screenshot taken" % count)
    finally:
        process.terminate()
        process.wait()


def authoring_loop(browser):
    """Saving the spec reloads the screen in place; a broken save shows its diagnostics over the
    last good screen; fixing it brings the screen back."""
    spec = os.path.join(WORKDIR, "login.yaml")
    original = open(spec, encoding="utf-8").read()
    process, url = start_preview(spec)
    errors = []
    try:
        page = open_page(browser, url, errors)
        expect(page.locator("#connection")).to_have_text("live")
        email = page.locator('input[data-component="email"]')
        email.fill("someone@example.com")
        expect(page.locator("#timeline")).to_contain_text('email.text "someone@example.com"')
        edited = original.replace(
            "  email:    { textField: { text: { twoWay: email } } }",
            "  title:    { label: { text: '\"Welcome back\"' } }\n  email:    { textField: { text: { twoWay: email } } }")
        assert edited != original
        write(spec, edited)
        expect(page.locator('[data-component="title"]')).to_have_text("Welcome back")
        # The screen came back as the person left it: the typed e-mail was played again.
        expect(email).to_have_value("someone@example.com")
        expect(page.locator("#timeline")).to_contain_text("reloaded login.yaml, 1 of 1 steps played again")
        print("ok: a save reloads the screen in place")

        write(spec, edited.replace("canLogin: email.count >= 10", "canLogin: email.cuont >= 10"))
        diagnostics = page.locator("#diagnostics")
        expect(diagnostics).to_be_visible()
        expect(diagnostics).to_contain_text("login.yaml:")
        expect(diagnostics).to_contain_text("cuont")
        check = subprocess.run([SPECRUN, "check", spec], capture_output=True, text=True)
        shown = diagnostics.locator("pre").text_content()
        first = check.stderr.strip().splitlines()[0]
        if first not in shown:
            raise SystemExit("the page does not show what specrun check says: %r not in %r" % (first, shown))
        # The last good screen is still there beneath, and still works.
        expect(page.locator('[data-component="title"]')).to_have_text("Welcome back")
        page.locator('input[data-component="password"]').fill("hunter2")
        expect(page.locator('[data-output="canLogin"]')).to_have_text("true")
        page.screenshot(path=os.path.join(SHOTS, "preview-diagnostics.png"))
        print("ok: a broken save shows its diagnostics over the last good screen")

        write(spec, original)
        expect(diagnostics).to_be_hidden()
        expect(page.locator('[data-component="title"]')).to_have_count(0)
        expect(email).to_have_value("someone@example.com")
        if errors:
            raise SystemExit("console errors in the authoring loop: %s" % errors)
        print("ok: fixing it brings the screen back")
    finally:
        process.terminate()
        process.wait()
        write(spec, original)


def write(path, text):
    """Saves as an editor does: a temporary file renamed over the spec."""
    temporary = path + ".saving"
    with open(temporary, "w", encoding="utf-8") as f:
        f.write(text)
    os.replace(temporary, path)


def navigation(browser):
    """A navigation output opens the target spec's screen with its parameters; Back returns to
    the previous screen as it was."""
    process, url = start_preview(WORKDIR)
    errors = []
    try:
        page = open_page(browser, url, errors)
        expect(page.locator("#connection")).to_have_text("live")
        page.locator("#specs a", has_text="Events").click()
        expect(page.locator("#screen")).to_have_text("Events")
        expect(page.locator("#connection")).to_have_text("live")
        page.locator('select[data-component="segmentSelection"]').select_option("performed")
        expect(page.locator('[data-output="isPerformed"]')).to_have_text("true")
        # The generated form's record input comes with the value a scenario sends it.
        selection = page.locator('input[data-component="selection"]')
        expect(selection).to_have_value(
            '{ id: 1, actor: { login: "freak4pc", avatarUrl: ~, kind: user }, '
            'repository: { fullName: "ReactiveX/RxSwift", stars: 24000 }, title: "starred ReactiveX/RxSwift" }')
        selection.locator("xpath=..").get_by_role("button", name="Send").click()
        expect(page.locator("#screen")).to_have_text("Repository")
        expect(page.locator('[data-output="navigationTitle"]')).to_have_text('"ReactiveX/RxSwift"')
        expect(page.locator('[data-output="starsText"]')).to_have_text('"24000 stars"')
        expect(page.locator("#stack")).to_contain_text("Events › Repository")
        page.screenshot(path=os.path.join(SHOTS, "preview-navigation.png"))
        page.locator("#navigateBack").click()
        expect(page.locator("#screen")).to_have_text("Events")
        expect(page.locator("#stack")).to_be_hidden()
        expect(page.locator('[data-output="isPerformed"]')).to_have_text("true")
        expect(page.locator('select[data-component="segmentSelection"]')).to_have_value("performed")
        if errors:
            raise SystemExit("console errors in navigation: %s" % errors)
        print("ok: a navigation opens its screen with its parameters, and Back returns")
    finally:
        process.terminate()
        process.wait()


def refusals(browser):
    """The token, Host and Origin checks, from a browser: a page without the token, a page on
    a rebound name, and another site's page opening the WebSocket are all refused."""
    process, url = start_preview(os.path.join(WORKDIR, "login.yaml"))
    try:
        base = url.split("?")[0]
        port = base.rsplit(":", 1)[1].rstrip("/")
        token = url.split("token=")[1]
        context = browser.new_context()
        try:
            page = context.new_page()
            if page.goto(base).status != 403:
                raise SystemExit("a page without the token was not refused")
            if page.goto("http://%s:%s/?token=%s" % (REBOUND, port, token)).status != 403:
                raise SystemExit("a page on another name (DNS rebinding) was not refused")
            # Another site's page opening the socket with the token: refused. The same script
            # on the preview's own page opens it, so the refusal is the Origin check's.
            other = HTTPServer(("127.0.0.1", 0), OtherSite)
            threading.Thread(target=other.serve_forever, daemon=True).start()
            socket_url = "ws://127.0.0.1:%s/socket?spec=0&token=%s" % (port, token)
            try_socket = """(url) => new Promise((done) => {
                const socket = new WebSocket(url);
                socket.onopen = () => { socket.close(); done("opened"); };
                socket.onerror = () => done("refused");
                setTimeout(() => done("timeout"), 5000);
            })"""
            try:
                page.goto("http://127.0.0.1:%d/" % other.server_address[1])
                outcome = page.evaluate(try_socket, socket_url)
            finally:
                other.shutdown()
            if outcome != "refused":
                raise SystemExit("another site's WebSocket was not refused: %s" % outcome)
            if page.goto(url).status != 200:
                raise SystemExit("the page with the token was refused")
            expect(page.locator("#connection")).to_have_text("live")
            if page.evaluate(try_socket, socket_url) != "opened":
                raise SystemExit("the preview's own page could not open the WebSocket")
        finally:
            context.close()
        print("ok: no token, a rebound Host and another origin's WebSocket refused")
    finally:
        process.terminate()
        process.wait()


with sync_playwright() as p:
    browser = p.chromium.launch(executable_path=CHROMIUM, args=[
        "--no-sandbox", "--host-resolver-rules=MAP %s 127.0.0.1" % REBOUND])
    try:
        login(browser)
        authoring_loop(browser)
        navigation(browser)
        refusals(browser)
        every_spec(browser)
    finally:
        browser.close()
print("1 passed, 0 failed")
