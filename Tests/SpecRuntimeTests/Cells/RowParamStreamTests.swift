import Foundation
import ScreenSpec
@testable import SpecRuntime
import SpecTesting
import Testing

/// A parameter the screen gives a row read as a stream (docs/spec-language.md, "A parameter as
/// a stream"): it fires when the row is made and each time `with:` gives the row another value.
@Suite("A row's parameter as a stream")
struct RowParamStreamTests {
    static func workout(sourceLocation: SourceLocation = #_sourceLocation) throws -> CheckedSpec {
        let example = try #require(DocExample.all().first { $0.page.hasSuffix("spec-language.md") && $0.text.hasPrefix("screen: Workout\n") && $0.text.contains("stream: isCurrent") },
                                   sourceLocation: sourceLocation)
        let loaded = SpecLoader.load(text: example.text, path: "workout.yaml")
        return try #require(loaded.spec, "\(loaded.renderDiagnostics())", sourceLocation: sourceLocation)
    }

    static func lines(_ timeline: Timeline, _ name: String) -> [String] {
        TimelineFormatter.text(timeline).split(separator: "\n").map(String.init).filter {
            $0.split(separator: " ").dropFirst().first.map(String.init) == name
        }
    }

    @Test("the current row counts down from its making; a skip fires the two rows it changes, cancelling the first one's timer")
    func theWorkoutPlays() throws {
        let spec = try Self.workout()
        let cells = try #require(spec.cells.first)
        let input = try #require(cells.paramStreams?.first?.input)
        #expect(cells.inputs[input].name == "isCurrent" && cells.isActionStream(input))
        let timeline = ScenarioRunner.run(spec, scenario: 0)
        let text = TimelineFormatter.text(timeline)
        #expect(timeline.passed, "\(text)")
        #expect(Self.lines(timeline, "rows.isCurrent").map { $0.trimmingCharacters(in: .whitespaces) } == [
            "0ms  rows.isCurrent         IntervalRow[1]",
            "0ms  rows.isCurrent         IntervalRow[2]",
            "1000ms  rows.isCurrent         IntervalRow[1] { isCurrent: false, left: 0 }",
            "1000ms  rows.isCurrent         IntervalRow[2] { isCurrent: true, left: 2 }",
        ], "\(text)")
        #expect(text.contains("1000ms  rows.countdown         ⊘ cancelled interval(1s), subscribed at 0ms"), "\(text)")
    }

    @Test("a value computed again equal to the last fires nothing")
    func anUnchangedParameterIsQuiet() throws {
        let loaded = SpecLoader.load(text: """
            screen: Quiet
            types:
              Item: { id: Int, name: String }
            inputs:
              rename: event
            state:
              items: { type: "[Item]", initial: [{ id: 1, name: a }, { id: 2, name: b }] }
              currentId: { type: Int, initial: 1 }
            viewModels:
              ItemRow:
                params: { item: Item, isCurrent: Bool }
                state:
                  heard: { type: Int, initial: 0 }
                handlers:
                  - on: isCurrent
                    set: { heard: heard + 1 }
            cells:
              rows: { viewModel: ItemRow, for: items, with: { isCurrent: $0.id == currentId } }
            handlers:
              - on: rename
                set: { items: 'items.map { Item(id: $0.id, name: $0.name + "!") }' }
            scenarios:
              - name: s
                steps:
                  - expect: 'rows.map(\\.heard) == [1, 1]'
                  - send: rename
                  - expect: 'rows.map(\\.heard) == [1, 1] && rows.first?.item.name == "a!"'
            """, path: "quiet.yaml")
        let spec = try #require(loaded.spec, "\(loaded.renderDiagnostics())")
        let timeline = ScenarioRunner.run(spec, scenario: 0)
        #expect(timeline.passed, "\(TimelineFormatter.text(timeline))")
    }

    @Test("a child's parameter is a stream: it fires at the start and when the screen changes it")
    func aChildsParameter() throws {
        let loaded = SpecLoader.load(text: """
            screen: Steps
            inputs:
              bump: event
            state:
              by: { type: Int, initial: 1 }
            viewModels:
              Counter:
                params: { step: Int }
                state:
                  changes: { type: Int, initial: 0 }
                handlers:
                  - on: step
                    set: { changes: changes + 1 }
            children:
              counter: { viewModel: Counter, params: { step: by * 10 } }
            handlers:
              - on: bump
                set: { by: by + 1 }
            scenarios:
              - name: s
                steps:
                  - expect: { counter.changes: 1 }
                  - send: bump
                  - expect: { counter.changes: 2, counter.step: 20 }
            """, path: "steps.yaml")
        let spec = try #require(loaded.spec, "\(loaded.renderDiagnostics())")
        let timeline = ScenarioRunner.run(spec, scenario: 0)
        #expect(timeline.passed, "\(TimelineFormatter.text(timeline))")
    }

    @Test("no step sends to it: its value comes from 'with:'")
    func aStepCannotSendToIt() throws {
        let example = try #require(DocExample.all().first { $0.text.hasPrefix("screen: Workout\n") && $0.text.contains("stream: isCurrent") })
        let loaded = SpecLoader.load(text: example.text + "      - send: { rows.isCurrent: { row: 1, value: false } }\n", path: "workout.yaml")
        #expect(loaded.spec == nil)
        #expect(loaded.diagnostics.contains { $0.message.contains("rows.isCurrent") }, "\(loaded.renderDiagnostics())")
    }

    @Test("it compiles (the current version) and plays from JSON as from YAML; one naming no given parameter is refused")
    func theCompiledProgramCarriesIt() throws {
        let spec = try Self.workout()
        let json = try CompiledSpec.json(spec)
        #expect(json.contains(#""paramStreams":[{"field":1,"input":0}]"#))
        #expect(json.contains(#""version":\#(CompiledSpec.version)"#))
        let compiled = try CompiledSpec.load(json: Data(json.utf8))
        #expect(TimelineFormatter.text(ScenarioRunner.run(compiled, scenario: 0)) == TimelineFormatter.text(ScenarioRunner.run(spec, scenario: 0)))
        let wrong = try CompiledSpecRefusalTests.changed(json, #""paramStreams":[{"field":1"#, #""paramStreams":[{"field":2"#)
        #expect(CompiledSpecRefusalTests.reason(wrong)?.hasSuffix("cells[0].paramStreams[0] names input 0, which is not a parameter the screen gives") == true,
                "\(CompiledSpecRefusalTests.reason(wrong) ?? "loaded")")
    }

    @Test("a LiveScreen fires it as a scenario does")
    func liveRows() throws {
        let screen = try LiveScreen(spec: Self.workout())
        screen.start()
        defer { screen.stop() }
        #expect(try screen.value(of: "rows") == screen.value(of: "rows"))
        guard case .list(let rows) = try screen.value(of: "rows"), case .record(let first)? = rows.first else {
            Issue.record("no rows")
            return
        }
        #expect(first.fields[2] == .int(3))
        try screen.send("skip", .void)
        guard case .list(let after) = try screen.value(of: "rows"), case .record(let second)? = after.last else {
            Issue.record("no rows")
            return
        }
        #expect(second.fields[2] == .int(2))
    }
}
