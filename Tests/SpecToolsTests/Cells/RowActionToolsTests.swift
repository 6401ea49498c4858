import Foundation
import ScreenSpec
@testable import SpecRuntime
@testable import SpecTools
import SpecTesting
import Testing

/// A row's own action for the tools (issue 39): its element, failure and refusal are coverage
/// items at its line under `viewModels:`, its `enabledIf:` and `with:` are mutated as the row's
/// expressions, and exploration answers a row's pending call as a screen action's.
@Suite("Row actions in coverage, mutation and exploration")
struct RowActionToolsTests {
    /// Switches saving per row; `bt` fails to save, `nfc` is locked (its action disabled).
    private static func switches(_ steps: String, invariant: Bool = false) -> String {
        """
        screen: Switches
        types:
          Setting: { key: String, locked: Bool }
        state:
          items: { type: "[Setting]", initial: [{ key: wifi, locked: false }, { key: bt, locked: false }, { key: nfc, locked: true }] }
          failures: { type: Int, initial: 0 }
        viewModels:
          SettingRow:
            params: { setting: Setting }
            inputs:
              toggle: Bool
            state:
              isOn: { type: Bool, initial: false }
            actions:
              save:
                trigger: toggle
                enabledIf: "!setting.locked"
                work: { call: settings.save, with: { key: setting.key, on: $0 } }
            outputs:
              isSaving: save.executing
            handlers:
              - on: toggle
                set: { isOn: toggle }
              - on: save.errors
                set: { isOn: "!isOn" }
        cells:
          settings: { viewModel: SettingRow, for: items, id: key }
        handlers:
          - on: settings.save.errors
            set: { failures: failures + 1 }
        \(invariant ? "invariants:\n  noFailure: failures == 0\n" : "")services:
          settings.save:
            params: { key: String, on: Bool }
            returns: Bool
            latency: 300ms
            echo: on
            cases:
              - { when: { key: bt }, fail: http(503) }
        scenarios:
          - name: a row saves
            steps:
        \(steps)
        """
    }

    private static let wifiSaves = """
              - send: { settings.toggle: { row: wifi, value: true } }
              - wait: 300ms
              - expect: { failures: 0 }
              - expect: 'settings.first?.isOn == true'
        """

    private static let nfcIsRefused = """
              - send: { settings.toggle: { row: nfc, value: true } }
              - expect: { failures: 1 }
              - expect: 'settings.last?.isOn == false'
        """

    private func write(_ yaml: String) throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("specrun-row-actions-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let path = dir.appendingPathComponent("switches.yaml").path
        try yaml.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func aRowsActionHasItsItemsAtItsLineAndAnUnexercisedOneIsReported() throws {
        let report = CoverageReport.measure(specPaths: [try write(Self.switches(Self.wifiSaves))])
        let spec = try #require(report.specs.first)
        let items = spec.items.filter { $0.range.start.line == 15 }.map { "\($0.covered ? "+" : "-") \($0.what)" }
        #expect(items == [
            "+ 'settings.save.elements' emits in a row (the work succeeds)",
            "- 'settings.save.errors' emits a failure of the work in a row",
            "- 'settings.save.errors' emits 'notEnabled' in a row (triggered while disabled)",
        ])
        // The screen's streams of the action are no items at the `cells:` entry.
        #expect(!spec.items.contains { $0.what.contains("'settings.save.errors' emits") && $0.range.start.line != 15 })
        let refused = CoverageReport.measure(specPaths: [try write(Self.switches(Self.nfcIsRefused))])
        let covered = try #require(refused.specs.first).items.filter { $0.range.start.line == 15 && $0.covered }.map(\.what)
        #expect(covered == ["'settings.save.errors' emits 'notEnabled' in a row (triggered while disabled)"])
    }

    @Test func aRowsEnabledIfMutantIsKilledByTheScenarioThatTogglesALockedRow() throws {
        let change = "!setting.locked -> setting.locked"
        guard case .success(let refused) = MutationRun.run(specPath: try write(Self.switches(Self.nfcIsRefused))) else {
            Issue.record("invalid")
            return
        }
        let killed = try #require(refused.outcomes.first { $0.mutant.change == change })
        #expect(killed.status == .killed && killed.mutant.declaration == "settings")
        #expect("\(killed.mutant.range.start)" == "17:21")
    }

    @Test func exploreAnswersARowsPendingCallAndItsScenarioReplays() throws {
        let text = Self.switches(Self.wifiSaves, invariant: true)
        let spec = try Fixtures.checked(text, path: "/nonexistent/switches.yaml")
        // Only the row's own input is a move: the streams its action feeds are not.
        #expect(spec.explore.rows.map { spec.cells[$0.cells].inputs[$0.input].name } == ["toggle"])
        let result = Explorer.explore(spec, options: ExploreOptions())
        let found = try #require(result.counterexample)
        #expect(found.scenarioYAML.contains("settings.toggle"), "\(found.scenarioYAML)")
        #expect(CounterexampleCheck.problem(found, specText: text, path: "/nonexistent/switches.yaml") == nil)
    }

    @Test func theDataflowGraphDrawsTheRowsCallingTheirService() throws {
        let spec = try Fixtures.checked(Self.switches(Self.wifiSaves), path: "/nonexistent/switches.yaml")
        let graph = DataflowGraph(spec: spec)
        let rows = try #require(graph.nodes.first { $0.name == "settings" }).id
        let service = try #require(graph.nodes.first { $0.name == "settings.save" }).id
        #expect(graph.edges.contains { $0.from == rows && $0.to == service && $0.kind == .calls })
    }

    @Test func exploringRowsWithCallsInFlightPredictsNothingWrong() throws {
        let spec = try Fixtures.checked(Self.switches(Self.wifiSaves), path: "/nonexistent/switches.yaml")
        var options = ExploreOptions()
        options.verifiesPredictions = true
        let result = Explorer.explore(spec, options: options)
        // `failures` counts up without end: the search stops at its depth, not exhausted.
        #expect(result.stop == .depth)
        #expect(result.predictionMismatches == 0)
        // More states than the rows' switches alone: a row saving is a state of its own.
        #expect(result.distinctStates > 8)
    }
}
