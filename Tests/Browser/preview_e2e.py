"""End-to-end test of `specrun preview` in Debian's Chromium, driven by Playwright.

Run by Tests/IntegrationTests/PreviewBrowserTests.swift:
    python3 preview_e2e.py SPECRUN WORKDIR SCREENSHOT

WORKDIR holds a copy of specs/ (login.yaml is written to by the recording). Prints one line per
check and exits non-zero on the first failure, naming it.
"""
import os
import subprocess
import sys

from playwright.sync_api import expect, sync_playwright

SPECRUN, WORKDIR, SCREENSHOT = sys.argv[1:4]
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")


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


with sync_playwright() as p:
    browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
    try:
        login(browser)
        every_spec(browser)
    finally:
        browser.close()
print("1 passed, 0 failed")
