"""Benchmark of `specrun preview` in Debian's Chromium, driven by Playwright: a measurement, not
a test (nothing here passes or fails on a time). The figures are in docs/performance.md.

    swift build -c release --product specrun      # or a debug build: say which in the figures
    python3 Tests/Browser/preview_bench.py .build/release/specrun [--keys 300] [--idle 30] [--pages 50]

1. Keystroke to the updated page, on specs/login.yaml: a key typed into the e-mail field, to
   the moment the page shows the new e-mail in its live timeline (`email.text "…"`, the line the
   server sends after playing the `type:` step; the page's own clock: keydown to the DOM
   mutation), one key at a time; p50, p95, max.
2. An idle server: the preview's CPU time (utime + stime from /proc) over N seconds with one
   page open and nothing done, as a share of one core.
3. Many pages: N pages open at once, each on a screen of its own (N copies of the login spec,
   one per folder), each typing, tapping sign-in, seeing `executing` and then the answer;
   errors counted (console errors, a step refused, a page that did not get there).
"""
import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

from playwright.sync_api import expect, sync_playwright

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
LOGIN = os.path.join(ROOT, "specs", "login.yaml")


def start_preview(specrun, path):
    process = subprocess.Popen([specrun, "preview", path, "--no-open", "--port", "0"],
                               stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    url = process.stdout.readline().strip()
    if not url.startswith("http://127.0.0.1:"):
        process.kill()
        raise SystemExit("preview printed no address first: %r" % url)
    return process, url


def cpu_seconds(pid):
    """utime + stime of the process, in seconds."""
    with open("/proc/%d/stat" % pid) as f:
        fields = f.read().rsplit(")", 1)[1].split()
    ticks = os.sysconf(os.sysconf_names["SC_CLK_TCK"])
    return (int(fields[11]) + int(fields[12])) / ticks


def percentile(values, p):
    ordered = sorted(values)
    k = max(0, min(len(ordered) - 1, int(round(p / 100 * len(ordered) + 0.5)) - 1))
    return ordered[k]


# Installed in the page: the time of each keydown in the e-mail field, and of each change of the
# timeline with its last `email.text` value, by the page's clock.
PROBE = """() => {
    window.bench = { keys: [], shown: [] };
    const field = document.querySelector('input[data-component="email"]');
    field.addEventListener("keydown", () => window.bench.keys.push(performance.now()), true);
    const timeline = document.getElementById("timeline");
    new MutationObserver(() => {
        const text = timeline.textContent;
        const at = text.lastIndexOf('email.text ');
        if (at >= 0) window.bench.shown.push([performance.now(), text.slice(at + 11).split("\\n")[0].trim()]);
    }).observe(timeline, { childList: true, characterData: true, subtree: true });
}"""


def keystrokes(browser, specrun, count):
    folder = tempfile.mkdtemp(prefix="preview-bench-")
    shutil.copy(LOGIN, folder)
    process, url = start_preview(specrun, os.path.join(folder, "login.yaml"))
    try:
        page = browser.new_page()
        errors = []
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        page.goto(url)
        expect(page.locator("#connection")).to_have_text("live")
        page.evaluate(PROBE)
        field = page.locator('input[data-component="email"]')
        field.focus()
        latencies = []
        typed = ""
        for i in range(count):
            key = "abcdefghijklmnopqrstuvwxyz"[i % 26]
            typed += key
            page.keyboard.press(key)
            page.wait_for_function("(v) => window.bench.shown.some(([t, text]) => text === v)", arg='"%s"' % typed)
            keys, shown = page.evaluate("() => [window.bench.keys, window.bench.shown]")
            down = keys[-1]
            at = next(t for t, text in shown if text == '"%s"' % typed)
            latencies.append(at - down)
            # Restart now and then, so the field (and the timeline) stays the size a person makes.
            if len(typed) == 60:
                page.locator("#restart").click()
                field.fill("")
                page.wait_for_timeout(200)
                page.evaluate("() => { window.bench.shown = []; }")
                typed = ""
                field.focus()
        page.close()
        return latencies, errors
    finally:
        process.terminate()
        process.wait()
        shutil.rmtree(folder, ignore_errors=True)


def idle(browser, specrun, seconds):
    folder = tempfile.mkdtemp(prefix="preview-bench-")
    shutil.copy(LOGIN, folder)
    process, url = start_preview(specrun, os.path.join(folder, "login.yaml"))
    try:
        page = browser.new_page()
        page.goto(url)
        expect(page.locator("#connection")).to_have_text("live")
        time.sleep(2)
        before, started = cpu_seconds(process.pid), time.monotonic()
        time.sleep(seconds)
        used, elapsed = cpu_seconds(process.pid) - before, time.monotonic() - started
        page.close()
        return used, elapsed
    finally:
        process.terminate()
        process.wait()
        shutil.rmtree(folder, ignore_errors=True)


def many_pages(browser, specrun, count):
    folder = tempfile.mkdtemp(prefix="preview-bench-")
    for i in range(count):
        os.makedirs(os.path.join(folder, "screen%02d" % i))
        shutil.copy(LOGIN, os.path.join(folder, "screen%02d" % i, "login.yaml"))
    process, url = start_preview(specrun, folder)
    errors = []
    try:
        base = url.split("?")[0]
        context = browser.new_context()
        first = context.new_page()
        first.goto(url)  # sets the token's cookie for the others
        expect(first.locator("#connection")).to_have_text("live")
        pages = [first] + [context.new_page() for _ in range(count - 1)]
        started = time.monotonic()
        cpu_before = cpu_seconds(process.pid)
        for i, page in enumerate(pages):
            page.on("console", lambda m, i=i: errors.append("page %d: %s" % (i, m.text)) if m.type == "error" else None)
            page.on("pageerror", lambda e, i=i: errors.append("page %d: %s" % (i, e)))
            page.goto(base + "?spec=%d" % i)
        for page in pages:
            expect(page.locator("#connection")).to_have_text("live")
        opened = time.monotonic() - started
        # Each page drives its own screen: typed into, tapped; all at once, then all checked.
        for page in pages:
            page.locator('input[data-component="email"]').fill("someone@example.com")
            page.locator('input[data-component="password"]').fill("hunter2")
        executing = 0
        for page in pages:
            page.locator('button[data-component="confirm"]').click()
            # Within the 5 s the sign-in takes, counted from this page's own tap.
            try:
                expect(page.locator('[data-output="login.executing"]')).to_have_text("true", timeout=4000)
                executing += 1
            except AssertionError:
                errors.append("page %d: executing not seen within 4 s of the tap" % pages.index(page))
        answered = 0
        for i, page in enumerate(pages):
            try:
                expect(page.locator('[data-output="login.executing"]')).to_have_text("false", timeout=20_000)
                expect(page.locator('[data-output="login.elements"]')).to_have_text("()")
                answered += 1
            except AssertionError as failure:
                errors.append("page %d: no answer: %s" % (i, str(failure).splitlines()[0]))
            if page.locator("#error").is_visible():
                errors.append("page %d: %s" % (i, page.locator("#error").text_content()))
        elapsed = time.monotonic() - started
        cpu = cpu_seconds(process.pid) - cpu_before
        rss = 0
        with open("/proc/%d/status" % process.pid) as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    rss = int(line.split()[1]) // 1024
        context.close()
        return {"pages": count, "opened": opened, "executing seen": executing, "answered": answered,
                "errors": errors, "elapsed": elapsed, "cpu": cpu, "rss": rss}
    finally:
        process.terminate()
        process.wait()
        shutil.rmtree(folder, ignore_errors=True)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("specrun")
    parser.add_argument("--keys", type=int, default=300)
    parser.add_argument("--idle", type=float, default=30)
    parser.add_argument("--pages", type=int, default=50)
    parser.add_argument("--chromium", default=os.environ.get("CHROMIUM", "/usr/bin/chromium"))
    args = parser.parse_args()
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=args.chromium, args=["--no-sandbox"])
        try:
            latencies, errors = keystrokes(browser, args.specrun, args.keys)
            print("keystroke to page, %d keys: p50 %.1f ms, p95 %.1f ms, max %.1f ms, mean %.1f ms; console errors: %d"
                  % (len(latencies), statistics.median(latencies), percentile(latencies, 95), max(latencies),
                     statistics.mean(latencies), len(errors)))
            used, elapsed = idle(browser, args.specrun, args.idle)
            print("idle, one page open: %.2f s CPU over %.1f s = %.2f %% of one core" % (used, elapsed, 100 * used / elapsed))
            r = many_pages(browser, args.specrun, args.pages)
            print("%d pages at once: all live in %.1f s; executing seen on %d, answered on %d; %d errors; "
                  "server %.1f s CPU over %.1f s, %d MB resident"
                  % (r["pages"], r["opened"], r["executing seen"], r["answered"], len(r["errors"]), r["cpu"], r["elapsed"], r["rss"]))
            for e in r["errors"][:10]:
                print("  " + e)
        finally:
            browser.close()
    sys.stdout.flush()


if __name__ == "__main__":
    main()
