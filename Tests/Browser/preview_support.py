"""What the preview's browser tests share: the arguments, starting `specrun preview`, opening a
page, writing the test's own specs, reading the time the page shows. Imported by preview_e2e.py
and preview_screen.py (run as preview_e2e.py SPECRUN WORKDIR SHOTS).
"""
import os
import subprocess
import sys

from playwright.sync_api import expect

# Each expectation waits as long as a loaded machine needs: the test is that the page gets there,
# not how fast. Playwright's default, 5 s, failed on CI's two busy cores while the page waited for
# a spec's first layout; 60 s is a bound for a page that never gets there.
expect.set_options(timeout=60_000)

SPECRUN, WORKDIR, SHOTS = sys.argv[1:4]
# Specs of the test's own, beside the copy of specs/ (so the folder test does not list them).
EXTRA = os.path.join(os.path.dirname(os.path.abspath(WORKDIR)), "extra")


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
    page.set_default_timeout(60_000)
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(url)
    return page


def write(path, text):
    """Saves as an editor does: a temporary file renamed over the spec."""
    temporary = path + ".saving"
    with open(temporary, "w", encoding="utf-8") as f:
        f.write(text)
    os.replace(temporary, path)


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
    return int(page.locator("#now").get_attribute("data-ms"))


def readable(ms):
    """A time as the page writes it: 734ms, 5.000s, 1m 41.158s, 2h 0m 3.000s."""
    if ms < 1000:
        return "%dms" % ms
    hours, minutes, seconds = ms // 3600000, ms // 60000 % 60, "%.3fs" % (ms % 60000 / 1000)
    if hours:
        return "%dh %dm %s" % (hours, minutes, seconds)
    return "%dm %s" % (minutes, seconds) if minutes else seconds


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
