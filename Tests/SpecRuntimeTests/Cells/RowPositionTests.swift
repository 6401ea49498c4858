import Foundation
import ScreenSpec
import SpecRuntime
import SpecTesting
import Testing

/// A row's position (`params: { track: Track, index: Int, count: Int }`): filled as the rows
/// follow their list, in the transaction that moves, removes or inserts elements, each row keeping
/// its identity and state; the queue of `Tests/Fixtures/up-next.yaml` (the played example of
/// docs/spec-language.md, "A row's position, and moving rows").
@Suite("A row's position")
struct RowPositionTests {
    static func spec(_ steps: String = "", sourceLocation: SourceLocation = #_sourceLocation) throws -> CheckedSpec {
        var text = Fixtures.text("up-next.yaml", sourceLocation: sourceLocation)
        if !steps.isEmpty {
            text = String(text[..<text.range(of: "scenarios:")!.lowerBound]) + "scenarios:\n  - name: s\n    steps:\n" + steps
        }
        let loaded = SpecLoader.load(text: text, path: "up-next.yaml")
        return try #require(loaded.spec, "\(loaded.renderDiagnostics())", sourceLocation: sourceLocation)
    }

    @Test("the played example passes, and each move is one emission of the rows in their new order")
    func theQueuePlays() throws {
        let spec = try Self.spec()
        for s in spec.scenarios.indices {
            let timeline = ScenarioRunner.run(spec, scenario: s)
            #expect(timeline.passed, "\(TimelineFormatter.text(timeline))")
        }
        let text = TimelineFormatter.text(ScenarioRunner.run(spec, scenario: 0))
        // One step that taps up on row 3: the rows once, already moved, their captions recomputed.
        let afterFirstMove = text.components(separatedBy: "▶ tap upNext.upButton of row 3").dropFirst().first ?? ""
        let upNextLines = afterFirstMove.components(separatedBy: "▶").first?.split(separator: "\n").filter { $0.contains(" upNext ") } ?? []
        #expect(upNextLines.count == 1, "\(afterFirstMove)")
        #expect(upNextLines.first?.contains("index: 1") == true && upNextLines.first?.contains("Outro") == true, "\(upNextLines)")
    }

    @Test("a move, a removal and an insertion renumber the rows in the same step, each keeping its state")
    func positionsFollowTheList() throws {
        let spec = try Self.spec("""
                  - tap: { upNext.likeButton: { row: 2 } }
                  - tap: { upNext.downButton: { row: 1 } }
                  - expect: 'upNext.map { $0.track.id } == [2, 1, 3] && upNext.map { $0.index } == [0, 1, 2]'
                  - expect: 'upNext.first?.liked == true && upNext.allSatisfy { $0.count == 3 }'
                  - tap: { upNext.removeButton: { row: 2 } }
                  - expect: 'upNext.map { $0.track.id } == [1, 3] && upNext.map { $0.index } == [0, 1] && upNext.allSatisfy { $0.count == 2 }'
                  - send: { playNext: { id: 2, title: Verse } }
                  - expect: 'upNext.map { $0.track.id } == [2, 1, 3] && upNext.map { $0.index } == [0, 1, 2]'
                  - expect: 'upNext.first?.liked == false'
                  - expect: { order: "1/3 Verse, 2/3 Intro, 3/3 Outro" }
            """)
        let timeline = ScenarioRunner.run(spec, scenario: 0)
        #expect(timeline.passed, "\(TimelineFormatter.text(timeline))")
    }

    @Test("a row's buttons are enabled by its position, recomputed when it moves")
    func enabledFollowsThePosition() throws {
        let spec = try Self.spec("""
                  - tap: { upNext.upButton: { row: 1 } }
                  - expect: { order: "1/3 Intro, 2/3 Verse, 3/3 Outro" }
                  - tap: { upNext.downButton: { row: 1 } }
                  - tap: { upNext.downButton: { row: 1 } }
                  - expect: { order: "1/3 Verse, 2/3 Outro, 3/3 Intro" }
                  - tap: { upNext.downButton: { row: 1 } }
                  - tap: { upNext.upButton: { row: 2 } }
                  - expect: { order: "1/3 Verse, 2/3 Outro, 3/3 Intro" }
            """)
        let timeline = ScenarioRunner.run(spec, scenario: 0)
        #expect(timeline.passed, "\(TimelineFormatter.text(timeline))")
        let text = TimelineFormatter.text(timeline)
        #expect(text.contains("▶ tap upNext.upButton of row 1 — ignored, the button is disabled"), "\(text)")
        #expect(text.contains("▶ tap upNext.downButton of row 1 — ignored, the button is disabled"), "\(text)")
    }

    @Test("an offset out of range is the handler's runtime error: the list keeps its value, nothing traps")
    func anOffsetOutOfRangeIsAnError() throws {
        // A `send:` goes past the disabled button: the first row's moveUp swaps 0 with -1.
        let spec = try Self.spec("""
                  - send: { upNext.moveUp: { row: 1 } }
                  - expect: { order: "1/3 Intro, 2/3 Verse, 3/3 Outro" }
                  - send: { upNext.moveDown: { row: 3 } }
                  - expect: { order: "1/3 Intro, 2/3 Verse, 3/3 Outro" }
            """)
        let timeline = ScenarioRunner.run(spec, scenario: 0)
        let text = TimelineFormatter.text(timeline)
        #expect(!timeline.passed)
        #expect(text.contains("offset -1 is out of range for 'swappingAt' on a list of 3 elements: its offsets are 0 to 2"), "\(text)")
        #expect(text.contains("offset 3 is out of range for 'swappingAt' on a list of 3 elements: its offsets are 0 to 2"), "\(text)")
        // The expectations after each error hold: the list kept its value.
        #expect(!text.contains("✗ expect"), "\(text)")
    }

    @Test("the position compiles (version 12) and plays from JSON as from YAML")
    func theCompiledProgramCarriesThePosition() throws {
        let spec = try Self.spec()
        #expect(spec.cells.first?.position == CellsPlan.Position(index: 1, count: 2))
        let json = try CompiledSpec.json(spec)
        #expect(json.contains(#""position":{"count":2,"index":1}"#) || json.contains(#""position":{"index":1,"count":2}"#), "\(json.prefix(200))")
        let compiled = try CompiledSpec.load(json: Data(json.utf8))
        #expect(compiled.cells.first?.position == CellsPlan.Position(index: 1, count: 2))
        for s in spec.scenarios.indices {
            let played = ScenarioRunner.run(compiled, scenario: s)
            #expect(played.passed, "\(TimelineFormatter.text(played))")
            #expect(TimelineFormatter.text(played) == TimelineFormatter.text(ScenarioRunner.run(spec, scenario: s)))
        }
        #expect(try CompiledSpec.json(compiled) == json)
    }

    @Test("a compiled position naming the element, a field out of range, one field twice or a written field is refused")
    func aHostilePositionIsRefused() throws {
        let json = try CompiledSpec.json(try Self.spec())
        let position = json.contains(#""position":{"count":2,"index":1}"#) ? #""position":{"count":2,"index":1}"# : #""position":{"index":1,"count":2}"#
        func reason(_ new: String) throws -> String {
            CompiledSpecRefusalTests.reason(try CompiledSpecRefusalTests.changed(json, position, new)) ?? "loaded"
        }
        #expect(try reason(#""position":{"index":0}"#).hasSuffix("cells[0].position names field 0, the row's element"))
        #expect(try reason(#""position":{"index":99}"#).contains("cells[0].position"))
        #expect(try reason(#""position":{"index":-1}"#).contains("cells[0].position"))
        #expect(try reason(#""position":{"index":1,"count":1}"#).hasSuffix("cells[0].position names one field twice"))
        // Field 3 is the row's `liked`, which its `like` handler sets.
        #expect(try reason(#""position":{"index":3}"#).hasSuffix("cells[0].position names field 3, which the row writes itself"))
        #expect(try reason(#""position":{"index":1,"count":2}"#) == "loaded")
    }
}
