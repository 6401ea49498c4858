import Foundation
import ScreenSpec
import SpecRuntime
@testable import SpecRuntime
@testable import SpecTools
import Testing

@Suite("Marble report")
struct MarbleReportTests {
    private func timeline(_ entries: [Timeline.Entry]) -> Timeline {
        var t = Timeline(screen: "S", scenario: "a <scenario>", nameWidth: 8)
        t.entries = entries
        return t
    }

    @Test func everyEmissionIsOneMarbleOnItsOutputsLaneInFirstSeenOrder() {
        let d = MarbleDiagram(timeline([
            .emission(time: 0, name: "b", value: .int(1)),
            .step(time: 0, text: "set a = 2"),
            .emission(time: 0, name: "a", value: .int(2)),
            .emission(time: 0, name: "b", value: .int(3)),
            .failure(time: 5, message: "expected b == 4, got 3", file: "s.yaml", line: 9),
            .runtimeError(time: 7, message: "overflow"),
        ]))
        #expect(d.lanes.map(\.name) == ["b", "a"])
        #expect(d.lanes.map(\.emissionCount) == [2, 1])
        #expect(d.steps.map(\.kind) == [.step, .failure, .runtimeError])
        #expect(d.endTime == 7)
        let svg = MarbleSVG(diagram: d).render()
        #expect(svg.components(separatedBy: "class=\"mark marble\"").count - 1 == 3)
        #expect(svg.contains("class=\"lane steps has-failure\""))
        // The lane the expectation was about is marked too.
        #expect(d.expectationFailures == ["b": [5]])
        #expect(svg.contains("<g class=\"lane output has-failure\" role=\"group\" aria-label=\"b: 2 emissions, an expectation failed\" data-output=\"b\">"))
        // `a` never changes: its lane is a low one.
        #expect(svg.contains("<g class=\"lane output unchanging\" role=\"group\" aria-label=\"a: 1 emission\" data-output=\"a\">"))
        #expect(svg.contains("aria-label=\"failed expectation at 5ms: expected b == 4, got 3 (s.yaml:9)\""))
        // Two marks of one lane at one instant sit side by side, not on top of each other.
        let xs = svg.components(separatedBy: "data-output=\"b\" data-text=").dropFirst().map { $0.components(separatedBy: "translate(")[1].prefix(while: { $0 != " " }) }
        #expect(xs.count == 2 && xs[0] != xs[1])
    }

    /// A Bool lane reads at a glance: `true`, `false` and `nil` have fixed colours of their own,
    /// none a palette colour (whose hash put all three, and `0` and `1`, on one index).
    @Test func trueFalseAndNilHaveColorsOfTheirOwn() {
        let styles = ["true", "false", "nil"].map(MarbleSVG.style(of:))
        #expect(Set(styles).count == 3)
        for style in styles { #expect(!MarbleSVG.palette.contains { style.contains($0) }, "\(style)") }
        let svg = MarbleSVG(diagram: MarbleDiagram(timeline([
            .emission(time: 0, name: "enabled", value: .bool(false)),
            .emission(time: 5, name: "enabled", value: .bool(true)),
        ]))).render()
        #expect(svg.contains("style=\"fill:#8d8d99\"") && svg.contains("style=\"fill:#2f9e57\""))
        #expect(MarbleReport.html(title: "t", scenarios: []).contains("</svg>true</li>"))
    }

    @Test func terminalMarksAreDrawnOnTheirLane() {
        let d = MarbleDiagram(lanes: [
            .init(name: "done", marks: [.init(time: 0, kind: .emission, text: "1"), .init(time: 10, kind: .completed, text: "")]),
            .init(name: "broken", marks: [.init(time: 15, kind: .cancelled, text: "api.load(page: 1)"),
                                          .init(time: 20, kind: .terminatedWithError, text: "http(500)")]),
        ], steps: [])
        let svg = MarbleSVG(diagram: d).render()
        #expect(svg.contains("class=\"mark completed\"") && svg.contains("aria-label=\"done completed at 10ms\""))
        #expect(svg.contains("class=\"mark terminated-error\"") && svg.contains("aria-label=\"broken failed with http(500) at 20ms\""))
        #expect(svg.contains("class=\"mark cancelled\"") && svg.contains("aria-label=\"broken: api.load(page: 1) cancelled at 15ms\""))
    }

    @Test func longIdleStretchesAreCompressedAndMarkedShortGapsStayProportional() {
        let layout = MarbleLayout(MarbleDiagram(lanes: [.init(name: "a", marks: [0, 100, 300, 300_300, 300_301].map { .init(time: $0, kind: .emission, text: "1") })],
                                                steps: []))
        let x = layout.instants.map(\.x)
        #expect(x == x.sorted() && Set(x).count == x.count)
        // 100ms then 200ms: the second gap is wider by the proportional part.
        #expect(abs((x[2] - x[1]) - (x[1] - x[0]) - MarbleLayout.scale * 100) < 0.001)
        // Five minutes idle take one fixed, marked width, wider than any short gap.
        #expect(layout.breaks.count == 1)
        #expect(layout.breaks[0].from == 300 && layout.breaks[0].to == 300_300)
        #expect(x[3] - x[2] >= MarbleLayout.compressedGap && x[3] - x[2] <= MarbleLayout.compressedGap + 4)
        #expect(MarbleLayout.compressedGap > MarbleLayout.minimumGap + MarbleLayout.scale * Double(MarbleLayout.longGap))
        // 1ms apart is still readable.
        #expect(x[4] - x[3] >= MarbleLayout.minimumGap)
        let svg = MarbleSVG(diagram: MarbleDiagram(lanes: [.init(name: "a", marks: [.init(time: 0, kind: .emission, text: "1"),
                                                                                       .init(time: 300_000, kind: .emission, text: "2")])],
                                                   steps: [])).render()
        #expect(svg.contains("≈ 5m idle"))
    }

    @Test func timesAreWrittenForPeople() {
        #expect(HTMLText.time(0) == "0ms")
        #expect(HTMLText.time(999) == "999ms")
        #expect(HTMLText.time(1000) == "1s")
        #expect(HTMLText.time(2300) == "2.3s")
        #expect(HTMLText.time(125_000) == "2m 5s")
        #expect(HTMLText.time(3_720_000) == "1h 2m")
    }

    @Test func theReportIsSelfContainedAndEscapesEverythingItShows() {
        var t = timeline([.emission(time: 0, name: "out", value: .string("</script><img src=x onerror=alert(1)>"))])
        t.screen = "S&P"
        let html = MarbleReport.html(title: "S&P", scenarios: [.init(played: t, specPath: "s.yaml")])
        #expect(!html.contains("<img"))
        #expect(html.contains("S&amp;P"))
        #expect(html.contains("a &lt;scenario&gt;"))
        // Nothing is loaded from elsewhere: no linked file, no href= but in-page anchors, no url().
        for tag in ["<link", "<script src", "<iframe", "<object", "@import", "url("] { #expect(!html.contains(tag), "\(tag)") }
        #expect(!html.contains("http://") || html.components(separatedBy: "http://").dropFirst().allSatisfy { $0.hasPrefix("www.w3.org/2000/svg") })
        #expect(!html.contains("https://"))
        #expect(html.components(separatedBy: "href=\"").dropFirst().allSatisfy { $0.hasPrefix("#") })
    }

    @Test func aFailingScenarioIsMarkedAndShowsItsSnapshotDiffBesideTheMarbles() {
        let t = timeline([.emission(time: 0, name: "out", value: .int(1)),
                          .failure(time: 0, message: "expected out == 2, got 1", file: "s.yaml", line: 3)])
        let scenario = MarbleReport.Scenario(timeline: t, specPath: "s.yaml", status: "FAIL", failed: true, problems: ["snapshot differs: out at 0ms"],
                                             snapshotDiff: "--- a\n+++ b\n@@ -1 +1 @@\n-  0ms  out  2\n+  0ms  out  1\n")
        let html = MarbleReport.html(title: "S", scenarios: [scenario])
        #expect(html.contains("<section class=\"scenario failed\""))
        #expect(html.contains("<aside class=\"diff\""))
        #expect(html.contains("<span class=\"removed\">-  0ms  out  2</span>"))
        #expect(html.contains("<span class=\"added\">+  0ms  out  1</span>"))
        #expect(html.contains("✗ at 0ms: expected out == 2, got 1"))
        #expect(html.contains("data-failed=\"1\""))
    }

    @Test func aRunawayScenarioShowsItsFirstEntriesAndSaysSo() {
        let entries = (0..<(MarbleReport.maximumEntries + 10)).map { Timeline.Entry.emission(time: $0, name: "n", value: .int($0)) }
        let html = MarbleReport.html(title: "S", scenarios: [.init(played: timeline(entries), specPath: "s.yaml")])
        #expect(html.contains("recorded \(MarbleReport.maximumEntries + 10) entries; the diagram and the text show the first \(MarbleReport.maximumEntries)"))
        // Drawn one by one or, the periodic middle, counted in a run.
        let runs = html.components(separatedBy: "class=\"mark run\"").dropFirst().compactMap { Int($0.components(separatedBy: "data-count=\"")[1].prefix { $0 != "\"" }) }
        #expect(html.components(separatedBy: "class=\"mark marble\"").count - 1 + runs.reduce(0, +) == MarbleReport.maximumEntries)
    }

    @Test func emissionsThatDifferFromTheSnapshotAreMarked() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("specrun-changed-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let spec = folder + "/s.yaml"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try """
            screen: S
            inputs:
              n: { type: Int, default: 0 }
            outputs:
              double: n * 2
            scenarios:
              - name: doubles
                steps:
                  - set: { n: 2 }
            """.write(toFile: spec, atomically: true, encoding: .utf8)
        let recorded = SnapshotSuite.verify(specPath: spec, mode: .recordNew)
        let snapshot = try #require(recorded.scenarios.first?.snapshotPath)
        let text = try String(contentsOfFile: snapshot, encoding: .utf8)
        try text.replacingOccurrences(of: "double            4", with: "double            5").write(toFile: snapshot, atomically: true, encoding: .utf8)
        let outcome = try #require(SnapshotSuite.verify(specPath: spec, mode: .verify).scenarios.first)
        #expect(outcome.status == .failed)
        let scenario = MarbleReport.Scenario(outcome)
        #expect(scenario.changed == [MarbleDiagram.Moment(output: "double", time: 0, value: "4")])
        #expect(MarbleReport.emission(inTimelineLine: "   300ms  degrees           \"59.0°F\"")
                == MarbleDiagram.Moment(output: "degrees", time: 300, value: "\"59.0°F\""))
        #expect(MarbleReport.emission(inTimelineLine: "     0ms  ▶ set n = 2") == nil)
        let html = MarbleReport.html(title: "S", scenarios: [scenario])
        #expect(html.components(separatedBy: "class=\"mark marble changed\"").count - 1 == 1)
        #expect(html.contains("aria-label=\"double = 4 at 0ms, changed since the snapshot\""))
        #expect(html.contains("<aside class=\"diff\""))
    }
}
