import Foundation
import ScreenSpec
@testable import SpecRuntime
@testable import SpecTools
import Testing

/// Where the marble report puts things: same-time marks in order with their own captions,
/// shortened values, the snapshot's ghosts at their old times, light pages for long scenarios.
@Suite("Marble layout")
struct MarbleLayoutTests {
    private func timeline(_ entries: [Timeline.Entry]) -> Timeline {
        var t = Timeline(screen: "Login", scenario: "signs in", nameWidth: 16)
        t.entries = entries
        return t
    }

    /// A caption's or a mark's box in the SVG's coordinates.
    struct Box: CustomStringConvertible {
        var x0, y0, x1, y1: Double
        var what: String
        func intersects(_ o: Box) -> Bool { x0 < o.x1 && o.x0 < x1 && y0 < o.y1 && o.y0 < y1 }
        var description: String { "\(what) [\(Int(x0))…\(Int(x1)) × \(Int(y0))…\(Int(y1))]" }
    }

    /// Every caption and every mark's shape (a changed marble with its halo) of `layout`.
    static func boxes(_ layout: MarbleLayout) -> (captions: [Box], marks: [Box]) {
        var captions: [Box] = []
        var marks: [Box] = []
        for row in layout.rows {
            for placed in row.marks {
                let r = MarbleLayout.radius + 5
                marks.append(Box(x0: placed.x - r, y0: row.y - r, x1: placed.x + r, y1: row.y + r, what: "\(row.name) mark \(placed.mark.text)"))
                if let c = placed.caption {
                    // 11px monospace: 9 above the baseline, 3 below.
                    captions.append(Box(x0: placed.x + c.x, y0: row.y + c.y - 9, x1: placed.x + c.x + c.width, y1: row.y + c.y + 3,
                                        what: "\(row.name) caption \(c.text)"))
                }
            }
            for run in row.runs {
                let c = run.caption
                captions.append(Box(x0: run.x + c.x, y0: row.y + c.y - 9, x1: run.x + c.x + c.width, y1: row.y + c.y + 3, what: "\(row.name) run \(c.text)"))
            }
        }
        return (captions, marks)
    }

    static func overlaps(_ layout: MarbleLayout) -> [String] {
        let (captions, marks) = boxes(layout)
        var out: [String] = []
        for (i, a) in captions.enumerated() {
            for b in captions[(i + 1)...] where a.intersects(b) { out.append("\(a) over \(b)") }
            for m in marks where a.intersects(m) { out.append("\(a) over \(m)") }
        }
        return out
    }

    /// The captions of `lane` in the rendered SVG, in document order.
    static func captions(ofLane lane: String, in svg: String) -> [String] {
        guard let start = svg.range(of: "data-output=\"\(lane)\">") else { return [] }
        let body = svg[start.upperBound...].prefix { _ in true }
        let laneText = String(body[..<(body.range(of: "</g>\n</g>") ?? body.range(of: "</svg>")!).lowerBound])
        return laneText.components(separatedBy: "<text class=\"caption\"").dropFirst().map {
            String($0.drop { $0 != ">" }.dropFirst().prefix { $0 != "<" })
        }
    }

    /// Everything before the first `wait` happens at 0 ms: each of `canLogin`'s `false` and
    /// `true` there is drawn in order with its own caption (main drew both, but captioned only
    /// the last), and no caption covers another caption or a mark.
    @Test func sameTimeEmissionsAreInOrderEachWithItsOwnCaption() {
        let diagram = MarbleDiagram(timeline([
            .emission(time: 0, name: "canLogin", value: .bool(false)),
            .emission(time: 0, name: "login.enabled", value: .bool(false)),
            .step(time: 0, text: "set email = \"someone@example.com\""),
            .emission(time: 0, name: "email.text", value: .string("someone@example.com")),
            .step(time: 0, text: "set password = \"hunter2\""),
            .emission(time: 0, name: "canLogin", value: .bool(true)),
            .emission(time: 0, name: "login.enabled", value: .bool(true)),
            .step(time: 0, text: "send confirm"),
            .emission(time: 0, name: "login.enabled", value: .bool(false)),
            .emission(time: 1, name: "login.enabled", value: .bool(true)),
            .emission(time: 5000, name: "login.enabled", value: .bool(true)),
        ]))
        let layout = MarbleLayout(diagram)
        let enabled = try! #require(layout.rows.first { $0.name == "login.enabled" })
        #expect(enabled.marks.map(\.mark.text) == ["false", "true", "false", "true", "true"])
        #expect(enabled.marks.map(\.x) == enabled.marks.map(\.x).sorted() && Set(enabled.marks.map(\.x)).count == 5)
        #expect(enabled.marks.map { $0.caption?.text } == ["false", "true", "false", "true", "true"])
        let steps = layout.rows[0]
        #expect(steps.marks.compactMap { $0.caption?.text } == ["set email = \"someone@example.com\"", "set password = \"hunter2\"", "send confirm"])
        #expect(Self.overlaps(layout) == [])
        // Three captions at one instant stack upward: the lane grows by two lines.
        #expect(enabled.height == MarbleLayout.laneHeight + 2 * MarbleLayout.captionLine)
        let svg = MarbleSVG(diagram: diagram).render()
        #expect(Self.captions(ofLane: "canLogin", in: svg) == ["false", "true"])
        #expect(Self.captions(ofLane: "login.enabled", in: svg) == ["false", "true", "false", "true", "true"])
    }

    @Test func recordAndListValuesAreShortenedWithTheWholeValueInTheTooltip() {
        let event = #"Event(id: 1, actor: User(login: "octocat", avatarUrl: nil, kind: .user), repository: Repository(fullName: "a/b", stars: 3), title: "Pushed, twice")"#
        let list = "[\(event), \(event.replacingOccurrences(of: "id: 1", with: "id: 2")), \(event.replacingOccurrences(of: "id: 1", with: "id: 3"))]"
        #expect(MarbleCaption.short(list) == "[3 items]")
        #expect(MarbleCaption.short("[" + event + "]") == "[1 item]")
        #expect(MarbleCaption.short(event) == "Event(id: 1, …)")
        #expect(MarbleCaption.short(#"User(login: "a-rather-long-login-name")"#) == #"User(login: "a-rather-lon…")"#)
        #expect(MarbleCaption.short("\"" + String(repeating: "x", count: 40) + "\"") == "\"" + String(repeating: "x", count: 25) + "…\"")
        #expect(MarbleCaption.short("\"59.0°F\"") == "\"59.0°F\"")
        #expect(MarbleCaption.short("[1, 2]") == "[1, 2]")
        #expect(MarbleCaption.topLevelItems(#""a, b", [1, 2], X(y: 1, z: 2)"#) == [#""a, b""#, "[1, 2]", "X(y: 1, z: 2)"])
        for text in [list, event] { #expect(MarbleCaption.short(text).count <= MarbleCaption.limit) }
        // Hangul and other wide characters take about twice a Latin letter's room (the browser
        // test found a Korean caption running into the next marble when they were counted as one).
        #expect(MarbleCaption.width("\"총 0개\"") == 4 * MarbleCaption.characterWidth + 2 * MarbleCaption.wideCharacterWidth)

        let diagram = MarbleDiagram(lanes: [.init(name: "items", marks: [.init(time: 0, kind: .emission, text: "[]"),
                                                                         .init(time: 300, kind: .emission, text: list)]),
                                            .init(name: "title", marks: [.init(time: 0, kind: .emission, text: "\"Events\"")])],
                                    steps: [])
        let svg = MarbleSVG(diagram: diagram).render()
        #expect(Self.captions(ofLane: "items", in: svg) == ["[3 items]"])
        #expect(svg.contains("<title>items = \(HTMLText.escape(list)) at 300ms</title>"))
        // A lane whose value never changes is lower than one that does.
        let layout = MarbleLayout(diagram)
        #expect(layout.rows.map(\.height) == [MarbleLayout.laneHeight, MarbleLayout.laneHeight, MarbleLayout.compactLaneHeight])
        #expect(svg.contains("class=\"lane output unchanging\" role=\"group\" aria-label=\"title: 1 emission\""))
    }

    /// An answer the snapshot has at 5 s and this run at 4 s: the old one is a ghost at 5 s, the
    /// new one at 4 s, both instants drawn apart and labelled, though the second before 4 s is a
    /// compressed idle stretch.
    @Test func theSnapshotsOldEmissionIsAGhostAtItsOldTime() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("specrun-ghost-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let spec = folder + "/s.yaml"
        func write(latency: String) throws {
            try """
                screen: S
                inputs:
                  load: event
                outputs:
                  answer:
                    stream: load
                    ops:
                      - flatMapLatest: { call: api.answer }
                services:
                  api.answer: { returns: String, latency: \(latency), result: "42" }
                scenarios:
                  - name: answers
                    steps:
                      - send: load
                      - wait: 6s
                """.write(toFile: spec, atomically: true, encoding: .utf8)
        }
        try write(latency: "5s")
        _ = SnapshotSuite.verify(specPath: spec, mode: .recordNew)
        try write(latency: "4s")
        let outcome = try #require(SnapshotSuite.verify(specPath: spec, mode: .verify).scenarios.first)
        let scenario = MarbleReport.Scenario(outcome)
        #expect(scenario.snapshotOnly == [.init(output: "answer", time: 5000, value: "\"42\"")])
        #expect(scenario.changed == [.init(output: "answer", time: 4000, value: "\"42\"")])

        var diagram = MarbleDiagram(outcome.timeline)
        diagram.changed = scenario.changed
        diagram.addGhosts(scenario.snapshotOnly)
        let layout = MarbleLayout(diagram)
        let answer = try #require(layout.rows.first { $0.name == "answer" })
        #expect(answer.marks.map(\.mark.kind) == [.emission, .ghost])
        let (now, was) = (answer.marks[0], answer.marks[1])
        #expect(now.x == layout.x(4000) && was.x == layout.x(5000))
        #expect(was.x - now.x >= MarbleLayout.minimumGap + MarbleLayout.scale * 1000 - 0.001)
        #expect(was.caption?.text == "was \"42\"")
        #expect(layout.breaks.map { [$0.from, $0.to] } == [[0, 4000]])
        #expect(Self.overlaps(layout) == [])

        // A changed value: the ghost of the old one beside the new one, clear of its halo.
        var changed = MarbleDiagram(lanes: [.init(name: "degrees", marks: [.init(time: 300, kind: .emission, text: "\"59.0°F\"")])], steps: [])
        changed.changed = [.init(output: "degrees", time: 300, value: "\"59.0°F\"")]
        changed.addGhosts([.init(output: "degrees", time: 300, value: "\"59.1°F\"")])
        let side = MarbleLayout(changed).rows[1].marks
        #expect(side.map(\.mark.kind) == [.emission, .ghost])
        #expect(side[1].x - side[0].x >= 2 * MarbleLayout.radius + 5 + 4)
        #expect(Self.overlaps(MarbleLayout(changed)) == [])

        let html = MarbleReport.html(title: "S", scenarios: [scenario])
        #expect(html.contains("aria-label=\"answer = &quot;42&quot; at 5s in the snapshot, not in this run\""))
        #expect(html.contains("aria-label=\"answer = &quot;42&quot; at 4s, changed since the snapshot\""))
        #expect(html.contains("text-anchor=\"middle\">4s</text>") && html.contains("text-anchor=\"middle\">5s</text>"))
        // The diagram, then the diff below it at the page's full width, the path wrapped, not cut.
        #expect(html.contains(".panes { display: flex; flex-direction: column;"))
        #expect(html.contains(".diff pre { white-space: pre-wrap; overflow-wrap: anywhere;"))
    }

    /// A ten-minute countdown (a tick a second on three lanes) made a 985 KB page: its periodic
    /// middle is now one band, and an hour weighs what ten minutes do.
    @Test func aLongCountdownMakesASmallPageWhateverItsLength() {
        func page(minutes: Int) -> String {
            var entries: [Timeline.Entry] = [.step(time: 0, text: "send start"),
                                             .emission(time: 0, name: "left", value: .int(minutes * 60)),
                                             .emission(time: 0, name: "canResend", value: .bool(false))]
            for second in 1...(minutes * 60) {
                let left = minutes * 60 - second
                entries.append(.emission(time: second * 1000, name: "ticks", value: .int(second - 1)))
                entries.append(.emission(time: second * 1000, name: "left", value: .int(left)))
                entries.append(.emission(time: second * 1000, name: "countdown", value: .string("\(left / 60):\(left % 60 < 10 ? "0" : "")\(left % 60)")))
            }
            entries.append(.emission(time: minutes * 60_000, name: "canResend", value: .bool(true)))
            return MarbleReport.html(title: "Resend", scenarios: [.init(played: timeline(entries), specPath: "resend.yaml")])
        }
        let ten = page(minutes: 10)
        let hour = page(minutes: 60)
        #expect(ten.utf8.count < 64_000, "\(ten.utf8.count) bytes")
        #expect(hour.utf8.count < ten.utf8.count + 2_000, "\(hour.utf8.count) vs \(ten.utf8.count) bytes")
        // Every emission is still on the page: drawn, or counted in its lane's run.
        for lane in ["ticks", "left", "countdown"] {
            let tag = { (s: String) in s.prefix { $0 != ">" }.contains("data-output=\"\(lane)\"") }
            let marbles = ten.components(separatedBy: "class=\"mark marble\"").dropFirst().filter(tag).count
            let runs = ten.components(separatedBy: "class=\"mark run\"").dropFirst().filter(tag)
                .compactMap { Int($0.components(separatedBy: "data-count=\"")[1].prefix { $0 != "\"" }) }
            #expect(marbles + runs.reduce(0, +) == (lane == "left" ? 601 : 600), "\(lane)")
        }
        #expect(ten.contains("594× "))
        #expect(ten.contains("entries left out; the whole timeline: specrun run resend.yaml --format text"))
        // The change at the end stays drawn where it happened.
        #expect(ten.contains("aria-label=\"canResend = true at 10m\""))
    }

    /// A stream that completes with its last value: the completion mark comes after that value's
    /// caption, not under it (the countdown's `599` was under its `take`'s completion bar).
    @Test func aMarkAfterACaptionedOneAtTheSameInstantGoesPastTheCaption() {
        let layout = MarbleLayout(MarbleDiagram(timeline([
            .emission(time: 0, name: "ticks", value: .int(599)),
            .emission(time: 0, name: "ticks", value: .string("the last one")),
            .end(time: 0, name: "ticks", end: .completed),
        ])))
        let ticks = layout.rows[1]
        #expect(ticks.marks.map(\.mark.kind) == [.emission, .emission, .completed])
        #expect(Self.overlaps(layout) == [])
        let caption = try! #require(ticks.marks[1].caption)
        #expect(ticks.marks[2].x - MarbleLayout.radius > ticks.marks[1].x + caption.x + caption.width)
    }

    /// A runaway loop at one instant: captions stack up to a limit, the lane stays a few lines
    /// high, and every mark is still placed, in order.
    @Test func aThousandMarksAtOneInstantStackAFewCaptions() {
        let layout = MarbleLayout(MarbleDiagram(lanes: [.init(name: "n", marks: (0..<1000).map { .init(time: 0, kind: .emission, text: "value \($0)") })],
                                                steps: []))
        let lane = layout.rows[1]
        #expect(lane.marks.count == 1000 && lane.marks.map(\.x) == lane.marks.map(\.x).sorted())
        #expect(lane.marks.compactMap(\.caption).count == MarbleLayout.maximumStack)
        #expect(lane.marks.last?.caption?.text == "value 999")
        #expect(lane.height == MarbleLayout.laneHeight + Double(MarbleLayout.maximumStack - 1) * MarbleLayout.captionLine)
        #expect(Self.overlaps(layout) == [])
    }

    /// A run stops where the lanes stop doing the same thing: a lane that emits once in the middle
    /// splits it, and that emission is drawn at its time.
    @Test func aChangeInTheMiddleOfARunIsDrawnAtItsTime() {
        var lanes: [MarbleDiagram.Lane] = [.init(name: "tick", marks: (0..<40).map { .init(time: $0 * 1000, kind: .emission, text: "\($0)") })]
        lanes.append(.init(name: "half", marks: [.init(time: 20_000, kind: .emission, text: "true")]))
        let layout = MarbleLayout(MarbleDiagram(lanes: lanes, steps: []))
        #expect(layout.runs.map(\.count) == [15, 14])
        #expect(layout.x(20_000) != nil && layout.x(19_000) != nil && layout.x(21_000) != nil)
        #expect(layout.runs.map(\.from) == [3000, 24_000])
        #expect(Self.overlaps(layout) == [])
    }

    /// Names, values, steps and ghosts are spec text: escaped wherever they appear.
    @Test func everySpecStringIsEscapedInTextAndAttributes() {
        let evil = "x\"><script>alert(1)</script><img src=x onerror=alert(2)>'"
        var diagram = MarbleDiagram(lanes: [.init(name: evil, marks: (0..<12).map { .init(time: $0 * 10, kind: .emission, text: evil + "\($0)") })],
                                    steps: [.init(time: 0, kind: .step, text: evil), .init(time: 5, kind: .failure, text: evil)])
        diagram.addGhosts([.init(output: evil, time: 7, value: evil), .init(output: "other" + evil, time: 7, value: evil)])
        let svg = MarbleSVG(diagram: diagram).render()
        #expect(MarbleLayout(diagram).runs.count == 1)
        for raw in ["<script", "<img", "x\">", "'>", "onerror=alert(2)>"] { #expect(!svg.contains(raw), "\(raw)") }
        #expect(svg.contains("&lt;script&gt;"))
    }
}
