import Foundation
import ScreenSpec
import SpecRuntime
import SpecTesting
import Testing

/// Issue 39, W1: a row's work that ends on the row's own input, as a cell view model's
/// `download = Action { Observable<Int>.interval(.milliseconds(500), scheduler: s).take(until: pause).take(10) }`:
/// the `pause` of a row completes that row's execution alone (its `executing` turns false, its
/// `elements` stop, its `completions` emits), and the other rows' executions run on.
@Suite("Row actions: work that ends on the row's input")
struct RowWorkTakeUntilTests {
    static let downloads = """
        screen: Downloads
        types:
          Download: { id: Int }
        state:
          items: { type: "[Download]", initial: [{ id: 1 }, { id: 2 }] }
        viewModels:
          DownloadRow:
            params: { item: Download }
            inputs:
              start: event
              pause: event
            state:
              progress: { type: Int, initial: 0 }
              completed: { type: Int, initial: 0 }
            actions:
              download:
                trigger: start
                work: { interval: 500ms, ops: [ { takeUntil: pause }, { take: 10 } ] }
            outputs:
              busy: download.executing
            handlers:
              - on: download.elements
                set: { progress: progress + 10 }
              - on: download.completions
                set: { completed: completed + 1 }
        cells:
          rows: { viewModel: DownloadRow, for: items }
        outputs:
          progress: 'rows.map { $0.progress }'
          busy: 'rows.map { $0.busy }'
          completed: 'rows.map { $0.completed }'
        scenarios:
          - name: s
            steps:
        """

    private func run(_ steps: String) throws -> (Timeline, String) {
        let loaded = SpecLoader.load(text: Self.downloads + "\n" + steps, path: "t.yaml")
        let checked = try #require(loaded.spec, "\(loaded.renderDiagnostics())")
        #expect(loaded.diagnostics.isEmpty, "\(loaded.renderDiagnostics())")
        let timeline = ScenarioRunner.run(checked, scenario: 0)
        return (timeline, TimelineFormatter.text(timeline))
    }

    @Test("the row's pause completes its execution: executing turns false, completions emits, no element after; the row can start again")
    func pauseCompletesTheExecution() throws {
        let (timeline, text) = try run("""
                  - send: { rows.start: { row: 1 } }
                  - wait: 1s
                  - expect: { progress: [20, 0], busy: [true, false], completed: [0, 0] }
                  - send: { rows.pause: { row: 1 } }
                  - expect: { progress: [20, 0], busy: [false, false], completed: [1, 0] }
                  - wait: 2s
                  - expect: { progress: [20, 0], busy: [false, false], completed: [1, 0] }
                  - send: { rows.pause: { row: 1 } }
                  - expect: { completed: [1, 0] }
                  - send: { rows.start: { row: 1 } }
                  - wait: 500ms
                  - expect: { progress: [30, 0], busy: [true, false] }
            """)
        #expect(timeline.passed, "\(text)")
        // The interval disposed by the pause, recorded as RxTest records the subscription's end.
        let cancelled = text.split(separator: "\n").filter { $0.contains("rows.download.elements") && $0.contains("⊘ cancelled") }
        #expect(cancelled.count == 1, "\(text)")
        #expect(cancelled.first?.trimmingCharacters(in: .whitespaces).hasPrefix("1000ms") == true, "\(text)")
    }

    @Test("each execution hears its own row's pause alone: the other row's interval runs on to its 'take'")
    func anotherRowsPauseIsIgnored() throws {
        let (timeline, text) = try run("""
                  - send: { rows.start: { row: 1 } }
                  - send: { rows.start: { row: 2 } }
                  - wait: 1s
                  - send: { rows.pause: { row: 2 } }
                  - expect: { progress: [20, 20], busy: [true, false], completed: [0, 1] }
                  - wait: 1s
                  - expect: { progress: [40, 20], busy: [true, false] }
                  - wait: 3s
                  - expect: { progress: [100, 20], busy: [false, false], completed: [1, 1] }
                  - send: { rows.pause: { row: 1 } }
                  - expect: { completed: [1, 1] }
            """)
        #expect(timeline.passed, "\(text)")
    }

    @Test("a compiled program carries the row's 'takeUntil' and plays it as the checked one")
    func compiledRoundTrip() throws {
        let steps = """
                  - send: { rows.start: { row: 1 } }
                  - send: { rows.start: { row: 2 } }
                  - wait: 600ms
                  - send: { rows.pause: { row: 1 } }
                  - wait: 1s
                  - expect: { progress: [10, 30], completed: [1, 0] }
            """
        let loaded = SpecLoader.load(text: Self.downloads + "\n" + steps, path: "t.yaml")
        let checked = try #require(loaded.spec, "\(loaded.renderDiagnostics())")
        let decoded = try CompiledSpec.load(json: Data(try CompiledSpec.json(checked).utf8))
        let original = TimelineFormatter.text(ScenarioRunner.run(checked, scenario: 0))
        let replayed = ScenarioRunner.run(decoded, scenario: 0)
        #expect(replayed.passed, "\(TimelineFormatter.text(replayed))")
        #expect(TimelineFormatter.text(replayed) == original)
    }

    @Test("the validator refuses a row's work listening to a stream its row does not have")
    func validatorRefusesAStreamOutsideTheRow() throws {
        let loaded = SpecLoader.load(text: Self.downloads + "\n      - wait: 0ms", path: "t.yaml")
        let json = try CompiledSpec.json(try #require(loaded.spec))
        var envelope = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        var program = try #require(envelope["program"] as? [String: Any])
        var cells = try #require(program["cells"] as? [[String: Any]])
        var actions = try #require(cells[0]["actions"] as? [[String: Any]])
        var work = try #require(actions[0]["work"] as? [String: Any])
        var inner = try #require(work["inner"] as? [[String: Any]], "\(work)")
        var arguments = try #require(inner[0]["arguments"] as? [String: Any], "\(inner)")
        #expect(arguments["sources"] as? [Int] == [1], "\(arguments)")
        // Input 1 is the row's `pause`; 40 is no input of the row (its entry has 5).
        arguments["sources"] = [40]
        inner[0]["arguments"] = arguments
        work["inner"] = inner
        actions[0]["work"] = work
        cells[0]["actions"] = actions
        program["cells"] = cells
        envelope["program"] = program
        let hostile = try JSONSerialization.data(withJSONObject: envelope)
        #expect(throws: CompiledSpecError.self) { try CompiledSpec.load(json: hostile) }
    }
}
