import Foundation
import ScreenSpec
@testable import SpecRuntime
import SpecTesting
import Testing

/// What a row is given (`with: { isCurrent: "$0.id == currentId" }` for
/// `params: { track: Track, isCurrent: Bool }`): computed over the screen's names and the
/// element whenever the rows follow their list or what it reads changes, in the same
/// transaction, each row keeping its identity and state; the queue of
/// `Tests/Fixtures/now-playing.yaml` (the played example of docs/spec-language.md, "What a row is
/// given").
@Suite("What a row is given")
struct RowGivenTests {
    static func spec(_ steps: String = "", sourceLocation: SourceLocation = #_sourceLocation) throws -> CheckedSpec {
        var text = Fixtures.text("now-playing.yaml", sourceLocation: sourceLocation)
        if !steps.isEmpty {
            text = String(text[..<text.range(of: "scenarios:")!.lowerBound]) + "scenarios:\n  - name: s\n    steps:\n" + steps
        }
        let loaded = SpecLoader.load(text: text, path: "now-playing.yaml")
        return try #require(loaded.spec, "\(loaded.renderDiagnostics())", sourceLocation: sourceLocation)
    }

    /// The lines of the step that starts with `step` naming ` name `.
    static func lines(_ text: String, after step: String, naming name: String) -> [Substring] {
        let after = text.components(separatedBy: step).dropFirst().first ?? ""
        // The next step's line, not a caption's "▶ ".
        return after.components(separatedBy: "ms  ▶").first?.split(separator: "\n").filter { $0.contains(" \(name) ") } ?? []
    }

    @Test("the played example passes; a change of what the rows read is one emission of the rows and of what reads them")
    func theQueuePlays() throws {
        let spec = try Self.spec()
        #expect(spec.cells.first?.given?.map(\.field) == [1])
        let currentId = try #require(spec.nodes.firstIndex { $0.name == "currentId" })
        #expect(spec.cells.first?.given?.first?.reads == [currentId])
        for s in spec.scenarios.indices {
            let timeline = ScenarioRunner.run(spec, scenario: s)
            #expect(timeline.passed, "\(TimelineFormatter.text(timeline))")
        }
        // `play` writes the list and `currentId` in one handler: the rows once, moved and current.
        let text = TimelineFormatter.text(ScenarioRunner.run(spec, scenario: 1))
        let rows = Self.lines(text, after: "▶ send play", naming: "rows")
        #expect(rows.count == 1, "\(text)")
        let shown = Self.lines(text, after: "▶ send play", naming: "shown")
        #expect(shown.count == 1 && shown.first?.contains("Verse, Outro, ▶ Intro*") == true, "\(text)")
    }

    @Test("a row keeps its identity and state when what it is given changes, and its outputs follow")
    func rowsFollowWhatTheyRead() throws {
        let spec = try Self.spec("""
                  - tap: { rows.likeButton: { row: 3 } }
                  - expect: 'rows.map { $0.isCurrent } == [true, false, false]'
                  - tap: { rows.playButton: { row: 3 } }
                  - expect: 'rows.map { $0.isCurrent } == [false, false, true] && rows.last?.liked == true'
                  - expect: { shown: "Intro, Verse, ▶ Outro*" }
                  - send: { play: 9 }
                  - expect: 'rows.allSatisfy { !$0.isCurrent } && rows.last?.liked == true'
                  - expect: { shown: "Intro, Verse, Outro*" }
            """)
        let timeline = ScenarioRunner.run(spec, scenario: 0)
        #expect(timeline.passed, "\(TimelineFormatter.text(timeline))")
    }

    @Test("the parameters compile (version 14) and play from JSON as from YAML; a hostile one is refused")
    func theCompiledProgramCarriesThem() throws {
        let spec = try Self.spec()
        let json = try CompiledSpec.json(spec)
        #expect(json.contains(#""given":[{"field":1"#), "\(json.prefix(200))")
        let compiled = try CompiledSpec.load(json: Data(json.utf8))
        for s in spec.scenarios.indices {
            let played = ScenarioRunner.run(compiled, scenario: s)
            #expect(played.passed, "\(TimelineFormatter.text(played))")
            #expect(TimelineFormatter.text(played) == TimelineFormatter.text(ScenarioRunner.run(spec, scenario: s)))
        }
        func reason(_ new: String) throws -> String {
            CompiledSpecRefusalTests.reason(try CompiledSpecRefusalTests.changed(json, #""given":[{"field":1"#, new)) ?? "loaded"
        }
        #expect(try reason(#""given":[{"field":0"#).hasSuffix("cells[0].given[0] names field 0, the row's element"))
        // Field 2 is the row's `liked`, which its `like` handler sets.
        #expect(try reason(#""given":[{"field":2"#).hasSuffix("cells[0].given[0] names field 2, which the row writes itself"))
        #expect(try reason(#""given":[{"field":1"#) == "loaded")
    }

    @Test("a LiveScreen's rows follow what they are given")
    func liveRowsFollow() throws {
        let screen = try LiveScreen(spec: Self.spec())
        screen.start()
        defer { screen.stop() }
        #expect(try screen.value(of: "shown") == .string("▶ Intro, Verse, Outro"))
        try screen.sendRow("rows.select", row: .int(2))
        #expect(try screen.value(of: "shown") == .string("Intro, ▶ Verse, Outro"))
        try screen.send("play", .int(3))
        #expect(try screen.value(of: "shown") == .string("Intro, Verse, ▶ Outro"))
    }
}
