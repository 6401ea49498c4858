import Foundation
import SpecTesting
import Testing

/// Opens the HTML reports in headless Chromium and checks the DOM the browser built against the
/// JSON timeline: a lane per output, a marble per emission, failures marked; and measures what
/// the browser drew: no caption over another caption or a mark, the diagram as wide as the page.
/// Screenshots go to `.build/browser-tests/`.
@Suite("HTML report in Chromium", .serialized, .requires(.chromium))
struct MarbleReportBrowserTests {
    static let artifacts = PackagePaths.root + "/.build/browser-tests"

    /// What the JSON timeline says one scenario must show.
    struct Expected {
        var scenario: String
        var lanes: [String] = []
        var marbles: [String: Int] = [:]
        var failed = false
    }

    struct Seen: Decodable {
        struct Lane: Decodable {
            var name: String
            var marbles: Int
            var drawn: Int
            var labeled: Int
            /// `true` and `false` marbles not captioned with their value.
            var uncaptionedBools: Int
        }

        struct Tick: Decodable {
            var text: String
            var x: Double
        }

        struct Scenario: Decodable {
            var title: String
            /// Captions over another caption or a mark's shape, as the browser laid them out.
            var overlaps: [String]
            /// How many captions the diagram has.
            var captions: [String]
            var figureWidth: Double
            /// The diagram or the diff is wider than its box (a horizontal scrollbar).
            var diagramOverflows: Bool
            var diffOverflows: Bool
            /// `output@time` of the snapshot's emissions drawn as ghosts.
            var ghosts: [String]
            var ticks: [Tick]
            var failed: Bool
            var failureMarks: Int
            var diff: Bool
            var lanes: [Lane]
            var failedLanes: [String]
            var changed: [String]
        }

        var scenarios: [Scenario]
        var focusReadout: String
        var arrowMovedFocus: Bool?
        var windowFocused: Bool
        var requests: Int
        var viewportWidth: Double
    }

    /// Collects the DOM facts after the page ran, and checks the keyboard path: focusing a marble
    /// fills the live region, the right arrow moves along the lane.
    ///
    /// Chromium sends `focusin` only to a page whose window has focus, and a headless window gets it
    /// asynchronously: on a loaded machine the load event often comes first, and `focus()` then
    /// moves `document.activeElement` without any event (the browser sends it when the window is
    /// activated, after the DOM was dumped). So when the document has no focus yet, the checker
    /// sends the `focusin` the browser would send; the page's own handler must still fill the live
    /// region from it. `windowFocused` records which case ran.
    static let checker = """
        <script>
        window.addEventListener('load', function () {
          var result = { scenarios: [], focusReadout: '', arrowMovedFocus: null, windowFocused: document.hasFocus(),
                         requests: performance.getEntriesByType('resource').length, viewportWidth: window.innerWidth };
          function box(e, what) { var r = e.getBoundingClientRect(); return { x0: r.left, y0: r.top, x1: r.right, y1: r.bottom, what: what }; }
          function meets(a, b) { return a.x0 < b.x1 - 0.5 && b.x0 < a.x1 - 0.5 && a.y0 < b.y1 - 0.5 && b.y0 < a.y1 - 0.5; }
          function name(e) { var m = e.closest('.mark'); return (m.getAttribute('data-output') || 'steps') + '@' + m.getAttribute('data-time'); }
          function overlaps(s) {
            var captions = Array.prototype.map.call(s.querySelectorAll('svg .mark .caption'), function (t) { return box(t, name(t) + ' "' + t.textContent + '"'); });
            // The axis's time labels and the labels of idle stretches and runs are labels too.
            Array.prototype.forEach.call(s.querySelectorAll('svg .tick, svg .idle-label'), function (t) { captions.push(box(t, 'axis "' + t.textContent + '"')); });
            var shapes = Array.prototype.map.call(s.querySelectorAll('svg .mark > circle, svg .mark > path, svg .mark > rect'), function (e) { return box(e, name(e) + ' ' + e.tagName); });
            var out = [];
            captions.forEach(function (a, i) {
              captions.slice(i + 1).forEach(function (b) { if (meets(a, b)) { out.push(a.what + ' over ' + b.what); } });
              shapes.forEach(function (b) { if (meets(a, b)) { out.push(a.what + ' over ' + b.what); } });
            });
            return out;
          }
          function count(m) { return m.classList.contains('run') ? parseInt(m.getAttribute('data-count'), 10) : 1; }
          document.querySelectorAll('section.scenario').forEach(function (s) {
            // A run of periodic ticks is one mark counting its emissions.
            var lanes = Array.prototype.map.call(s.querySelectorAll('svg .lane.output'), function (l) {
              var marbles = Array.prototype.slice.call(l.querySelectorAll('.mark.marble, .mark.run'));
              function sum(list) { return list.reduce(function (n, m) { return n + count(m); }, 0); }
              return { name: l.getAttribute('data-output'), marbles: sum(marbles),
                       drawn: sum(marbles.filter(function (m) { var r = m.getBoundingClientRect(); return r.width > 0 && r.height > 0; })),
                       labeled: sum(marbles.filter(function (m) { return m.tabIndex === 0 && (m.getAttribute('aria-label') || '').length > 0; })),
                       uncaptionedBools: marbles.filter(function (m) {
                         var t = m.getAttribute('data-text'), c = m.querySelector('.caption');
                         return (t === 'true' || t === 'false') && !(c && c.textContent === t && c.getBoundingClientRect().width > 0);
                       }).length };
            });
            var scroll = s.querySelector('.scroll'), diff = s.querySelector('aside.diff pre');
            result.scenarios.push({ title: s.querySelector('h2').textContent, failed: s.classList.contains('failed'),
              overlaps: overlaps(s), captions: Array.prototype.map.call(s.querySelectorAll('svg .mark .caption'), function (t) { return name(t) + ' ' + t.textContent; }),
              figureWidth: s.querySelector('figure.diagram').getBoundingClientRect().width,
              diagramOverflows: scroll.scrollWidth > scroll.clientWidth + 1, diffOverflows: !!diff && diff.scrollWidth > diff.clientWidth + 1,
              ghosts: Array.prototype.map.call(s.querySelectorAll('svg .mark.ghost'), function (m) { return m.getAttribute('data-output') + '@' + m.getAttribute('data-time'); }),
              ticks: Array.prototype.map.call(s.querySelectorAll('svg .tick'), function (t) { var r = t.getBoundingClientRect(); return { text: t.textContent, x: (r.left + r.right) / 2 }; }),
              failureMarks: s.querySelectorAll('.mark.failure, .mark.runtime-error').length, diff: !!s.querySelector('aside.diff pre'), lanes: lanes,
              changed: Array.prototype.map.call(s.querySelectorAll('svg .mark.marble.changed'), function (m) { return m.getAttribute('data-output') + '@' + m.getAttribute('data-time'); }),
              failedLanes: Array.prototype.map.call(s.querySelectorAll('svg .lane.output.has-failure'), function (l) { return l.getAttribute('data-output'); }) });
          });
          var lane = Array.prototype.find.call(document.querySelectorAll('.lane.output'), function (l) { return l.querySelectorAll('.mark').length > 1; });
          if (lane) {
            var first = lane.querySelector('.mark');
            first.focus();
            if (!document.hasFocus()) { first.dispatchEvent(new FocusEvent('focusin', { bubbles: true })); }
            result.focusReadout = first.closest('figure').querySelector('.readout').textContent;
            first.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }));
            result.arrowMovedFocus = document.activeElement === lane.querySelectorAll('.mark')[1];
          }
          var pre = document.createElement('pre');
          pre.id = 'dom-check';
          pre.textContent = JSON.stringify(result);
          document.body.appendChild(pre);
        });
        </script>
        """

    /// Chromium without network: the page must not need any.
    static func chromium(_ extra: [String]) throws -> CommandResult {
        try Chromium.run(["--hide-scrollbars", "--virtual-time-budget=5000"] + extra)
    }

    /// The window the pages are measured and photographed in.
    static let window = (width: 1400, height: 1100)

    /// Keeps what a failed check needs: the page Chromium opened, the DOM it dumped and its stderr,
    /// under `.build/browser-tests/failed-<name>.*`.
    static func keepForDiagnosis(_ name: String, page: String, result: CommandResult) -> String {
        let base = artifacts + "/failed-" + name.replacingOccurrences(of: "/", with: "_")
        try? FileManager.default.createDirectory(atPath: artifacts, withIntermediateDirectories: true)
        try? page.write(toFile: base + ".html", atomically: true, encoding: .utf8)
        try? result.stdout.write(toFile: base + ".dom.html", atomically: true, encoding: .utf8)
        try? "status \(result.status)\n\(result.stderr)".write(toFile: base + ".stderr.txt", atomically: true, encoding: .utf8)
        return "page, dumped DOM and Chromium's stderr kept as \(base).{html,dom.html,stderr.txt}; Chromium exited \(result.status), stderr ends: \(result.stderr.suffix(1500))"
    }

    /// The diagnosis of a failed check, made (and the files kept) at the first failure; later
    /// failures of the same page only point to it.
    final class Diagnosis: @unchecked Sendable {
        private var made = false
        private let make: () -> String
        init(_ make: @escaping () -> String) { self.make = make }
        var text: String {
            if made { return "(Chromium's output is kept, see the first failure)" }
            made = true
            return make()
        }
    }

    /// The DOM facts of `page` in Chromium; `name` names the kept files when a check fails.
    static func domCheck(_ page: String, name: String) throws -> (seen: Seen, diagnosis: () -> String) {
        let folder = try PackagePaths.temporaryFolder("specrun-pictures")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let probe = folder + "/probe.html"
        try page.replacingOccurrences(of: "</body>", with: checker + "\n</body>").write(toFile: probe, atomically: true, encoding: .utf8)
        let result = try chromium(["--dump-dom", "--window-size=\(window.width),\(window.height)", "file://" + probe])
        let dom = result.stdout
        let kept = Diagnosis { keepForDiagnosis(name, page: page, result: result) }
        let diagnosis = { kept.text }
        guard let start = dom.range(of: "<pre id=\"dom-check\">"), let end = dom.range(of: "</pre>", range: start.upperBound..<dom.endIndex) else {
            Issue.record("Chromium did not run the page: \(diagnosis())")
            throw CancellationError()
        }
        let json = String(dom[start.upperBound..<end.lowerBound])
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&amp;", with: "&")
        return (try JSONDecoder().decode(Seen.self, from: Data(json.utf8)), diagnosis)
    }

    static func screenshot(_ page: String, name: String, height: Int = window.height) throws -> String {
        try FileManager.default.createDirectory(atPath: artifacts, withIntermediateDirectories: true)
        let html = artifacts + "/\(name).html"
        let png = artifacts + "/\(name).png"
        try page.write(toFile: html, atomically: true, encoding: .utf8)
        // Drawn under a fresh name, then renamed over the old picture: an older picture never
        // passes for a new one, and runs side by side do not delete each other's.
        let fresh = artifacts + "/.\(name)-\(UUID().uuidString).png"
        defer { try? FileManager.default.removeItem(atPath: fresh) }
        let result = try chromium(["--screenshot=\(fresh)", "--window-size=\(window.width),\(height)", "file://" + html])
        try #require(FileManager.default.fileExists(atPath: fresh), "no screenshot of \(html) (status \(result.status)): \(result.stderr.suffix(2000))")
        try #require(rename(fresh, png) == 0, "cannot rename \(fresh) to \(png): errno \(errno)")
        // The screenshots in docs/pictures.md; regenerate them with SPECRUN_UPDATE_DOCS=1.
        if ProcessInfo.processInfo.environment["SPECRUN_UPDATE_DOCS"] == "1" {
            let docs = PackagePaths.root + "/docs/images/\(name)-marbles.png"
            try FileManager.default.createDirectory(atPath: PackagePaths.root + "/docs/images", withIntermediateDirectories: true)
            try? FileManager.default.removeItem(atPath: docs)
            try FileManager.default.copyItem(atPath: png, toPath: docs)
        }
        return png
    }

    /// Per scenario, in order: the outputs in first-emission order, their emission counts, and
    /// whether anything failed, read from `specrun run --format json`.
    static func expected(fromJSONLines text: String) throws -> [Expected] {
        var out: [Expected] = []
        for line in text.split(separator: "\n") {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let scenario = try #require(object["scenario"] as? String)
            if out.last?.scenario != scenario { out.append(Expected(scenario: scenario)) }
            if object["type"] as? String == "scenario" { continue }
            // An emission has a value (and, in the versioned format, `"type":"emission"`); a stream's
            // end names its output too and is drawn on that output's lane, without a marble.
            let type = object["type"] as? String
            let isEmission = type.map { $0 == "emission" } ?? (object["value"] != nil)
            let isEnd = type.map { $0 == "completed" || $0 == "error" } ?? false
            if let output = object["output"] as? String, isEmission || isEnd {
                if out[out.count - 1].marbles[output] == nil { out[out.count - 1].lanes.append(output) }
                out[out.count - 1].marbles[output, default: 0] += isEmission ? 1 : 0
            }
            if object["failure"] != nil || object["runtime_error"] != nil { out[out.count - 1].failed = true }
        }
        return out
    }

    static func compare(_ seen: Seen, _ expected: [Expected], _ what: String, _ diagnosis: () -> String) {
        #expect(seen.requests == 0, "\(what): the page loaded \(seen.requests) resources; it must be self-contained; \(diagnosis())")
        #expect(seen.scenarios.count == expected.count, "\(what): \(seen.scenarios.count) scenarios drawn, \(expected.count) played; \(diagnosis())")
        for (s, e) in zip(seen.scenarios, expected) {
            #expect(s.title.hasSuffix("› " + e.scenario), "\(what): scenario order; \(diagnosis())")
            #expect(s.lanes.map(\.name) == e.lanes, "\(what) › \(e.scenario): lanes; \(diagnosis())")
            for lane in s.lanes {
                #expect(lane.marbles == e.marbles[lane.name], "\(what) › \(e.scenario) › \(lane.name): marbles vs emissions; \(diagnosis())")
                #expect(lane.drawn == lane.marbles, "\(what) › \(e.scenario) › \(lane.name): marbles without a size; \(diagnosis())")
                #expect(lane.labeled == lane.marbles, "\(what) › \(e.scenario) › \(lane.name): marbles not focusable or unlabelled; \(diagnosis())")
                #expect(lane.uncaptionedBools == 0, "\(what) › \(e.scenario) › \(lane.name): a Bool marble without its value beside it; \(diagnosis())")
            }
            #expect(s.failed == e.failed, "\(what) › \(e.scenario): failure marking; \(diagnosis())")
            #expect(s.overlaps.isEmpty, "\(what) › \(e.scenario): captions overlap: \(s.overlaps); \(diagnosis())")
            if e.failed { #expect(s.failureMarks > 0, "\(what) › \(e.scenario): no failure mark; \(diagnosis())") }
        }
    }

    static let specs: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: PackagePaths.root + "/specs")) ?? []
        return names.filter { $0.hasSuffix(".yaml") }.sorted()
    }()

    @Test(arguments: specs)
    func runReportOfEverySeedSpecShowsEveryEmission(_ spec: String) throws {
        let html = try CLI.run(["run", "specs/" + spec, "--format", "html"])
        let json = try CLI.run(["run", "specs/" + spec, "--format", "json"])
        #expect(html.status == json.status)
        let (seen, diagnosis) = try Self.domCheck(html.stdout, name: spec)
        Self.compare(seen, try Self.expected(fromJSONLines: json.stdout), spec, diagnosis)
        if seen.scenarios.flatMap(\.lanes).contains(where: { $0.marbles > 1 }) {
            #expect(seen.focusReadout.contains(" at "), "\(spec): focusing a marble does not show it in the live region (window focused: \(seen.windowFocused)); \(diagnosis())")
            #expect(seen.arrowMovedFocus == true, "\(spec): the right arrow does not move to the next marble; \(diagnosis())")
        }
        if spec == "weather.yaml" || spec == "login.yaml" || spec == "events.yaml" {
            _ = try Self.screenshot(html.stdout, name: String(spec.dropLast(".yaml".count)))
        }
    }

    /// `specrun test` over all of specs/: every scenario of every spec on one page, each with a
    /// marble per emission of its JSON timeline, all passing.
    @Test func testReportOfAllSeedSpecs() throws {
        let folder = try PackagePaths.temporaryFolder("specrun-pictures")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let report = folder + "/report.html"
        let result = try CLI.run(["test", "--ci", "--reporter", "html", "--output", report])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        var expected: [Expected] = []
        for spec in Self.specs {
            expected += try Self.expected(fromJSONLines: try CLI.run(["run", "specs/" + spec, "--format", "json"]).stdout)
        }
        let (seen, diagnosis) = try Self.domCheck(try String(contentsOfFile: report, encoding: .utf8), name: "test-report")
        Self.compare(seen, expected, "specrun test", diagnosis)
        #expect(seen.scenarios.allSatisfy { !$0.failed && !$0.diff }, "\(diagnosis())")
    }

    /// A run of `specrun test` with one changed snapshot and one failing `expect`: both are marked,
    /// the changed one with its diff.
    @Test func testReportMarksFailuresAndShowsTheSnapshotDiff() throws {
        let folder = try PackagePaths.temporaryFolder("specrun-pictures")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var spec = try String(contentsOfFile: PackagePaths.root + "/specs/weather.yaml", encoding: .utf8)
        spec = spec.replacingOccurrences(of: "      - expect: { cityName: Paris }\n      - wait: 3s", with: "      - expect: { cityName: Lyon }\n      - wait: 3s")
        try FileManager.default.createDirectory(atPath: folder + "/specs", withIntermediateDirectories: true)
        try spec.write(toFile: folder + "/specs/weather.yaml", atomically: true, encoding: .utf8)
        let snapshots = folder + "/specs/__snapshots__/weather"
        try FileManager.default.createDirectory(atPath: snapshots, withIntermediateDirectories: true)
        for file in try FileManager.default.contentsOfDirectory(atPath: PackagePaths.root + "/specs/__snapshots__/weather") {
            var text = try String(contentsOfFile: PackagePaths.root + "/specs/__snapshots__/weather/" + file, encoding: .utf8)
            // The output's line only, not the label bound to it.
            if file.hasPrefix("each-text") {
                text = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
                    line.contains(" degrees ") ? line.replacingOccurrences(of: "\"59.0°F\"", with: "\"59.1°F\"") : String(line)
                }.joined(separator: "\n")
            }
            try text.write(toFile: snapshots + "/" + file, atomically: true, encoding: .utf8)
        }
        let report = folder + "/report.html"
        let result = try CLI.run(["test", "specs", "--ci", "--reporter", "html", "--output", report], in: folder)
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        let page = try String(contentsOfFile: report, encoding: .utf8)
        let (seen, diagnosis) = try Self.domCheck(page, name: "test-report-failing")
        #expect(seen.requests == 0, "\(diagnosis())")
        #expect(seen.scenarios.count == 5, "\(diagnosis())")
        let failed = seen.scenarios.filter(\.failed)
        #expect(failed.count == 2, "\(diagnosis())")
        #expect(failed.contains { $0.diff && $0.title.contains("each text shows its city and degrees") && $0.changed == ["degrees@300"] }, "\(diagnosis())")
        #expect(seen.scenarios.filter { !$0.changed.isEmpty }.count == 1, "\(diagnosis())")
        #expect(failed.contains { $0.failureMarks == 1 && $0.title.contains("a slow answer") && $0.failedLanes == ["cityName"] }, "\(diagnosis())")
        #expect(seen.scenarios.filter(\.diff).count == 1, "\(diagnosis())")
        _ = try Self.screenshot(page, name: "weather-failing")
    }

    /// The sign-in answer moved from 5s to 4s (a copy of specs/login.yaml with a shorter latency,
    /// against the stored snapshots): the failing report draws the new answer at 4s and the
    /// snapshot's as a ghost at 5s, at two labelled places, gives the diagram the page's width
    /// with the diff below it, and wraps the snapshot path instead of cutting it.
    @Test func testReportOfAMovedAnswerShowsItAtBothTimes() throws {
        let folder = try PackagePaths.temporaryFolder("specrun-pictures")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let spec = try String(contentsOfFile: PackagePaths.root + "/specs/login.yaml", encoding: .utf8)
        let moved = spec.replacingOccurrences(of: "    latency: 5s\n", with: "    latency: 4s\n")
        try #require(moved != spec, "specs/login.yaml no longer has the 5s sign-in this test moves")
        // Laid out as a project (specs/ in the folder the command runs in), so the page names
        // `specs/login.yaml` as the docs' picture should.
        try FileManager.default.createDirectory(atPath: folder + "/specs/__snapshots__", withIntermediateDirectories: true)
        try moved.write(toFile: folder + "/specs/login.yaml", atomically: true, encoding: .utf8)
        try FileManager.default.copyItem(atPath: PackagePaths.root + "/specs/__snapshots__/login", toPath: folder + "/specs/__snapshots__/login")
        let report = folder + "/report.html"
        let result = try CLI.run(["test", "specs", "--ci", "--reporter", "html", "--output", report], in: folder)
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        let page = try String(contentsOfFile: report, encoding: .utf8)
        let (seen, diagnosis) = try Self.domCheck(page, name: "test-report-moved")
        #expect(seen.viewportWidth == Double(Self.window.width), "\(diagnosis())")
        let scenario = try #require(seen.scenarios.first { $0.title.hasSuffix("signs in once the form is valid") }, "\(diagnosis())")
        #expect(scenario.failed && scenario.diff, "\(diagnosis())")
        #expect(Set(scenario.ghosts) == ["login.elements@5000", "login.executing@5000", "login.enabled@5000", "confirm.enabled@5000"], "\(diagnosis())")
        #expect(Set(scenario.changed) == ["login.elements@4000", "login.executing@4000", "login.enabled@4000", "confirm.enabled@4000"], "\(diagnosis())")
        let four = try #require(scenario.ticks.first { $0.text == "4s" }, "no 4s on the axis: \(scenario.ticks.map(\.text))")
        let five = try #require(scenario.ticks.first { $0.text == "5s" }, "no 5s on the axis: \(scenario.ticks.map(\.text))")
        #expect(five.x - four.x >= 100, "4s and 5s drawn \(five.x - four.x) px apart")
        #expect(scenario.captions.contains("login.enabled@5000 was true") && scenario.captions.contains("login.enabled@4000 true"), "\(scenario.captions)")
        for s in seen.scenarios {
            #expect(s.overlaps.isEmpty, "\(s.title): captions overlap: \(s.overlaps); \(diagnosis())")
            #expect(s.figureWidth >= 0.9 * seen.viewportWidth, "\(s.title): the diagram is \(s.figureWidth) px of \(seen.viewportWidth); \(diagnosis())")
            #expect(!s.diffOverflows, "\(s.title): the diff (and its snapshot path) is cut; \(diagnosis())")
        }
        #expect(!scenario.diagramOverflows, "\(diagnosis())")
        _ = try Self.screenshot(page, name: "login-failing", height: 1500)
    }
}
