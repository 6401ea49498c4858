import Foundation
import Testing

/// Opens the HTML reports in headless Chromium and checks the DOM the browser built against the
/// JSON timeline: a lane per output, a marble per emission, failures marked. Screenshots go to
/// `.build/browser-tests/`.
@Suite("HTML report in Chromium", .serialized,
       .enabled(if: ExternalTools.chromium != nil || ExternalTools.inCI, Comment(rawValue: ExternalTools.missingChromium)))
struct MarbleReportBrowserTests {
    static let artifacts = CLI.root + "/.build/browser-tests"

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
            var labelled: Int
        }

        struct Scenario: Decodable {
            var title: String
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
        var requests: Int
    }

    /// Collects the DOM facts after the page ran, and checks the keyboard path: focusing a marble
    /// fills the live region, the right arrow moves along the lane.
    static let checker = """
        <script>
        window.addEventListener('load', function () {
          var result = { scenarios: [], focusReadout: '', arrowMovedFocus: null,
                         requests: performance.getEntriesByType('resource').length };
          document.querySelectorAll('section.scenario').forEach(function (s) {
            var lanes = Array.prototype.map.call(s.querySelectorAll('svg .lane.output'), function (l) {
              var marbles = l.querySelectorAll('.mark.marble');
              return { name: l.getAttribute('data-output'), marbles: marbles.length,
                       drawn: Array.prototype.filter.call(marbles, function (m) { var r = m.getBoundingClientRect(); return r.width > 0 && r.height > 0; }).length,
                       labelled: Array.prototype.filter.call(marbles, function (m) { return m.tabIndex === 0 && (m.getAttribute('aria-label') || '').length > 0; }).length };
            });
            result.scenarios.push({ title: s.querySelector('h2').textContent, failed: s.classList.contains('failed'),
              failureMarks: s.querySelectorAll('.mark.failure, .mark.runtime-error').length, diff: !!s.querySelector('aside.diff pre'), lanes: lanes,
              changed: Array.prototype.map.call(s.querySelectorAll('svg .mark.marble.changed'), function (m) { return m.getAttribute('data-output') + '@' + m.getAttribute('data-time'); }),
              failedLanes: Array.prototype.map.call(s.querySelectorAll('svg .lane.output.has-failure'), function (l) { return l.getAttribute('data-output'); }) });
          });
          var lane = Array.prototype.find.call(document.querySelectorAll('.lane.output'), function (l) { return l.querySelectorAll('.mark').length > 1; });
          if (lane) {
            var first = lane.querySelector('.mark');
            first.focus();
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
    static func chromium(_ extra: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
        let chromium = try #require(ExternalTools.chromium, Comment(rawValue: ExternalTools.missingChromium))
        let profile = try ExternalTools.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: profile) }
        return try ExternalTools.run(chromium, ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--hide-scrollbars",
                                                "--user-data-dir=\(profile)", "--host-resolver-rules=MAP * ~NOTFOUND",
                                                "--disable-background-networking", "--virtual-time-budget=5000"] + extra)
    }

    static func domCheck(_ page: String) throws -> Seen {
        let folder = try ExternalTools.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let probe = folder + "/probe.html"
        try page.replacingOccurrences(of: "</body>", with: checker + "\n</body>").write(toFile: probe, atomically: true, encoding: .utf8)
        let result = try chromium(["--dump-dom", "file://" + probe])
        let dom = result.stdout
        guard let start = dom.range(of: "<pre id=\"dom-check\">"), let end = dom.range(of: "</pre>", range: start.upperBound..<dom.endIndex) else {
            Issue.record("Chromium did not run the page (status \(result.status)): \(result.stderr.suffix(2000))")
            throw CancellationError()
        }
        let json = String(dom[start.upperBound..<end.lowerBound])
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&amp;", with: "&")
        return try JSONDecoder().decode(Seen.self, from: Data(json.utf8))
    }

    static func screenshot(_ page: String, name: String) throws -> String {
        try FileManager.default.createDirectory(atPath: artifacts, withIntermediateDirectories: true)
        let html = artifacts + "/\(name).html"
        let png = artifacts + "/\(name).png"
        try page.write(toFile: html, atomically: true, encoding: .utf8)
        try? FileManager.default.removeItem(atPath: png)
        let result = try chromium(["--screenshot=\(png)", "--window-size=1200,1100", "file://" + html])
        #expect(FileManager.default.fileExists(atPath: png), "no screenshot: \(result.stderr.suffix(2000))")
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

    static func compare(_ seen: Seen, _ expected: [Expected], _ what: String) {
        #expect(seen.requests == 0, "\(what): the page loaded \(seen.requests) resources; it must be self-contained")
        #expect(seen.scenarios.count == expected.count, "\(what): \(seen.scenarios.count) scenarios drawn, \(expected.count) played")
        for (s, e) in zip(seen.scenarios, expected) {
            #expect(s.title.hasSuffix("› " + e.scenario), "\(what): scenario order")
            #expect(s.lanes.map(\.name) == e.lanes, "\(what) › \(e.scenario): lanes")
            for lane in s.lanes {
                #expect(lane.marbles == e.marbles[lane.name], "\(what) › \(e.scenario) › \(lane.name): marbles vs emissions")
                #expect(lane.drawn == lane.marbles, "\(what) › \(e.scenario) › \(lane.name): marbles without a size")
                #expect(lane.labelled == lane.marbles, "\(what) › \(e.scenario) › \(lane.name): marbles not focusable or unlabelled")
            }
            #expect(s.failed == e.failed, "\(what) › \(e.scenario): failure marking")
            if e.failed { #expect(s.failureMarks > 0) }
        }
    }

    static let specs: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: CLI.root + "/specs")) ?? []
        return names.filter { $0.hasSuffix(".yaml") }.sorted()
    }()

    @Test(arguments: specs)
    func runReportOfEverySeedSpecShowsEveryEmission(_ spec: String) throws {
        let html = try CLI.run(["run", "specs/" + spec, "--format", "html"])
        let json = try CLI.run(["run", "specs/" + spec, "--format", "json"])
        #expect(html.status == json.status)
        let seen = try Self.domCheck(html.stdout)
        Self.compare(seen, try Self.expected(fromJSONLines: json.stdout), spec)
        if seen.scenarios.flatMap(\.lanes).contains(where: { $0.marbles > 1 }) {
            #expect(seen.focusReadout.contains(" at "), "\(spec): focusing a marble does not show it in the live region")
            #expect(seen.arrowMovedFocus == true, "\(spec): the right arrow does not move to the next marble")
        }
        if spec == "weather.yaml" {
            let png = try Self.screenshot(html.stdout, name: "weather")
            // The screenshot in docs/pictures.md; regenerate it with SPECRUN_UPDATE_DOCS=1.
            if ProcessInfo.processInfo.environment["SPECRUN_UPDATE_DOCS"] == "1" {
                let docs = CLI.root + "/docs/images/weather-marbles.png"
                try FileManager.default.createDirectory(atPath: CLI.root + "/docs/images", withIntermediateDirectories: true)
                try? FileManager.default.removeItem(atPath: docs)
                try FileManager.default.copyItem(atPath: png, toPath: docs)
            }
        }
    }

    /// `specrun test` over all of specs/: every scenario of every spec on one page, each with a
    /// marble per emission of its JSON timeline, all passing.
    @Test func testReportOfAllSeedSpecs() throws {
        let folder = try ExternalTools.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let report = folder + "/report.html"
        let result = try CLI.run(["test", "--ci", "--reporter", "html", "--output", report])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        var expected: [Expected] = []
        for spec in Self.specs {
            expected += try Self.expected(fromJSONLines: try CLI.run(["run", "specs/" + spec, "--format", "json"]).stdout)
        }
        let seen = try Self.domCheck(try String(contentsOfFile: report, encoding: .utf8))
        Self.compare(seen, expected, "specrun test")
        #expect(seen.scenarios.allSatisfy { !$0.failed && !$0.diff })
    }

    /// A run of `specrun test` with one changed snapshot and one failing `expect`: both are marked,
    /// the changed one with its diff.
    @Test func testReportMarksFailuresAndShowsTheSnapshotDiff() throws {
        let folder = try ExternalTools.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var spec = try String(contentsOfFile: CLI.root + "/specs/weather.yaml", encoding: .utf8)
        spec = spec.replacingOccurrences(of: "      - expect: { cityName: Paris }\n      - wait: 3s", with: "      - expect: { cityName: Lyon }\n      - wait: 3s")
        try spec.write(toFile: folder + "/weather.yaml", atomically: true, encoding: .utf8)
        let snapshots = folder + "/__snapshots__/weather"
        try FileManager.default.createDirectory(atPath: snapshots, withIntermediateDirectories: true)
        for file in try FileManager.default.contentsOfDirectory(atPath: CLI.root + "/specs/__snapshots__/weather") {
            var text = try String(contentsOfFile: CLI.root + "/specs/__snapshots__/weather/" + file, encoding: .utf8)
            if file.hasPrefix("each-text") { text = text.replacingOccurrences(of: "\"59.0°F\"", with: "\"59.1°F\"") }
            try text.write(toFile: snapshots + "/" + file, atomically: true, encoding: .utf8)
        }
        let report = folder + "/report.html"
        let result = try CLI.run(["test", folder, "--ci", "--reporter", "html", "--output", report])
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        let page = try String(contentsOfFile: report, encoding: .utf8)
        let seen = try Self.domCheck(page)
        #expect(seen.requests == 0)
        #expect(seen.scenarios.count == 5)
        let failed = seen.scenarios.filter(\.failed)
        #expect(failed.count == 2)
        #expect(failed.contains { $0.diff && $0.title.contains("each text shows its city and degrees") && $0.changed == ["degrees@300"] })
        #expect(seen.scenarios.filter { !$0.changed.isEmpty }.count == 1)
        #expect(failed.contains { $0.failureMarks == 1 && $0.title.contains("a slow answer") && $0.failedLanes == ["cityName"] })
        #expect(seen.scenarios.filter(\.diff).count == 1)
        _ = try Self.screenshot(page, name: "weather-failing")
    }
}
