import Foundation
import ScreenSpec
@testable import SpecRuntime
@testable import SpecTools
import SpecTesting
import Testing

/// A row's stream outputs for the tools: coverage lists its element at the stream's name,
/// mutation changes its operators and a scenario on a row kills them, exploration fires each
/// row's own debounce with the states saved and restored (its predictions verified).
@Suite("Row streams in coverage, mutation and exploration")
struct RowStreamsToolsTests {
    static let forms = """
        screen: Forms
        types:
          Form: { key: Int }
        state:
          forms: { type: "[Form]", initial: [{ key: 1 }, { key: 2 }] }
        viewModels:
          FormRow:
            params: { form: Form }
            inputs:
              typed: Int
            state:
              settledTimes: { type: Int, initial: 0 }
            outputs:
              settled: { stream: typed, ops: [ { debounce: 300ms }, { map: '$0 * 2' } ] }
            handlers:
              - on: settled
                set: { settledTimes: settledTimes + 1 }
        cells:
          rows: { viewModel: FormRow, for: forms, id: key }
        invariants:
          neverTwice: '!rows.contains { $0.settledTimes > 1 }'
        scenarios:
          - name: a row settles after a pause in typing
            steps:
              - send: { rows.typed: { row: 1, value: 1 } }
              - wait: 299ms
              - expect: 'rows.map { $0.settledTimes } == [0, 0]'
              - wait: 1ms
              - expect: 'rows.map { $0.settledTimes } == [1, 0] && rows.first?.settled == 2'
        """

    private func write(_ yaml: String) throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("rowstreams-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let path = dir.appendingPathComponent("forms.yaml").path
        try yaml.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func aRowsStreamHasItsItemAtItsNameAndTheScenarioCoversIt() throws {
        let report = CoverageReport.measure(specPaths: [try write(Self.forms)])
        let spec = try #require(report.specs.first)
        let items = spec.items.filter { $0.range.start.line == 14 }.map { "\($0.covered ? "+" : "-") \($0.what)" }
        #expect(items.contains("+ 'rows.settled' emits in a row"), "\(spec.items.map { "\($0.range.start.line) \($0.what)" })")
    }

    @Test func aRowsDebounceDroppedIsKilledByTheScenarioThatWaits() throws {
        guard case .success(let run) = MutationRun.run(specPath: try write(Self.forms)) else {
            Issue.record("invalid")
            return
        }
        let dropped = run.outcomes.filter { $0.mutant.change.hasPrefix("debounce") && $0.mutant.change.hasSuffix("(removed)") }
        #expect(dropped.count == 1, "\(run.outcomes.map(\.mutant.change))")
        #expect(dropped.allSatisfy { $0.status == .killed && $0.mutant.declaration == "rows" }, "\(dropped.map { ($0.mutant.change, $0.status) })")
        // The stream's `map:` expression is mutated too, and the scenario reading `settled` kills it.
        let map = run.outcomes.filter { $0.mutant.range.start.line == 14 && $0.mutant.change.contains("$0 * 2 ->") }
        #expect(!map.isEmpty && map.allSatisfy { $0.status == .killed }, "\(run.outcomes.map { ($0.mutant.change, $0.status) })")
    }

    @Test func exploreSettlesARowTwiceThroughItsOwnDebounceWithItsPredictionsVerified() throws {
        let spec = try Fixtures.checked(Self.forms, path: "/nonexistent/forms.yaml")
        var options = ExploreOptions()
        options.verifiesPredictions = true
        let result = Explorer.explore(spec, options: options)
        #expect(result.predictionMismatches == 0)
        let found = try #require(result.counterexample)
        #expect(found.scenarioYAML.contains("rows.typed"), "\(found.scenarioYAML)")
        #expect(CounterexampleCheck.problem(found, specText: Self.forms, path: "/nonexistent/forms.yaml") == nil)
    }
}
