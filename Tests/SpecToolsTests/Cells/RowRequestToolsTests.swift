import Foundation
import ScreenSpec
@testable import SpecRuntime
@testable import SpecTools
import SpecTesting
import Testing

/// A request in a row's stream for the tools: coverage lists its `with:` in the view model,
/// mutation swaps its strategy there and a scenario on a row kills it, and exploration finds a
/// violation that needs a row's call answered, with the row's calls in flight saved and restored
/// (its predictions verified).
@Suite("A row's request in coverage, mutation and exploration")
struct RowRequestToolsTests {
    static let forms = """
        screen: Lookups
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
              found: { type: Int, initial: 0 }
            outputs:
              looked:
                stream: typed
                ops: [ { debounce: 300ms }, { flatMapLatest: { call: codes.lookup, with: { code: '$0 + form.key' } } } ]
            handlers:
              - on: looked
                set: { found: looked }
        cells:
          rows: { viewModel: FormRow, for: forms, id: key }
        services:
          codes.lookup: { params: { code: Int }, returns: Int, latency: 500ms, result: 7 }
        invariants:
          nothingFound: '!rows.contains { $0.found == 7 }'
        scenarios:
          - name: a row's next element cancels its lookup in flight
            steps:
              - send: { rows.typed: { row: 1, value: 1 } }
              - wait: 400ms
              - send: { rows.typed: { row: 1, value: 2 } }
              - wait: 500ms
              - expect: 'rows.map { $0.found } == [0, 0]'
              - wait: 300ms
              - expect: 'rows.map { $0.found } == [7, 0]'
        """

    /// The spec without its invariant, so that its scenario plays to the end.
    static var played: String { forms.replacingOccurrences(of: "invariants:\n  nothingFound: '!rows.contains { $0.found == 7 }'\n", with: "") }

    private func write(_ yaml: String) throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("rowreq-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let path = dir.appendingPathComponent("lookups.yaml").path
        try yaml.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func aRowsRequestHasItsItemsInTheViewModel() throws {
        let report = CoverageReport.measure(specPaths: [try write(Self.played)])
        let spec = try #require(report.specs.first)
        let items = spec.items.filter { $0.range.start.line == 14 }.map { "\($0.covered ? "+" : "-") \($0.what)" }
        // Its element lands in the scenario; no call of it fails there, which coverage says.
        #expect(items == ["+ 'rows.looked' emits in a row", "- 'rows.looked.errors' emits in a row (a request fails)"],
                "\(spec.items.map { "\($0.range.start.line) \($0.what) \($0.covered)" })")
    }

    @Test func aRowsRequestStrategySwappedIsKilledByTheScenarioOnTheRow() throws {
        guard case .success(let run) = MutationRun.run(specPath: try write(Self.played)) else {
            Issue.record("invalid")
            return
        }
        let swapped = run.outcomes.filter { $0.mutant.change.hasPrefix("flatMapLatest -> flatMap") && !$0.mutant.change.contains("First") }
        #expect(swapped.count == 1, "\(run.outcomes.map(\.mutant.change))")
        #expect(swapped.allSatisfy { $0.status == .killed && $0.mutant.range.start.line == 16 && $0.mutant.declaration == "rows" }, "\(swapped.map { ($0.mutant.change, $0.status, $0.mutant.range.start) })")
    }

    @Test func exploreFindsAViolationThatNeedsARowsCallWithItsPredictionsVerified() throws {
        let spec = try Fixtures.checked(Self.forms, path: "/nonexistent/lookups.yaml")
        var options = ExploreOptions()
        options.verifiesPredictions = true
        let result = Explorer.explore(spec, options: options)
        #expect(result.predictionMismatches == 0)
        let found = try #require(result.counterexample)
        #expect(found.scenarioYAML.contains("rows.typed"), "\(found.scenarioYAML)")
        #expect(CounterexampleCheck.problem(found, specText: Self.forms, path: "/nonexistent/lookups.yaml") == nil)
    }
}
