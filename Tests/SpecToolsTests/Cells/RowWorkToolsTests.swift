import Foundation
import ScreenSpec
@testable import SpecRuntime
@testable import SpecTools
import SpecTesting
import Testing

/// A row's action whose work is a stream, for the tools (issue 39): coverage lists its items at
/// the action, mutation changes its operators and expressions and a scenario on a row kills them,
/// exploration answers its calls and fires its timers with the states saved and restored.
@Suite("Row actions with stream work in coverage, mutation and exploration")
struct RowWorkToolsTests {
    /// `bt` answers 503; the save retries it on its row, 1 s later, three subscriptions in all.
    private static func switches(_ steps: String, invariant: Bool = false) -> String {
        """
        screen: Switches
        types:
          Setting: { key: String }
        state:
          items: { type: "[Setting]", initial: [{ key: wifi }, { key: bt }] }
          failures: { type: Int, initial: 0 }
        viewModels:
          SettingRow:
            params: { setting: Setting }
            inputs:
              toggle: Bool
            state:
              isOn: { type: Bool, initial: false }
              failed: { type: Bool, initial: false }
            actions:
              save:
                trigger: toggle
                work:
                  if: "$0"
                  then: { call: settings.save, with: { key: setting.key, on: true }, ops: [ { retry: { max: 3, when: "$0 == .http(503)", delay: 1s } } ] }
                  else: { just: "false" }
            outputs:
              isSaving: save.executing
            handlers:
              - on: toggle
                set: { isOn: toggle }
              - on: save.errors
                set: { isOn: "!isOn", failed: "failed || save.errors != .notEnabled" }
        cells:
          settings: { viewModel: SettingRow, for: items, id: key }
        handlers:
          - on: settings.save.errors
            set: { failures: failures + 1 }
        \(invariant ? "invariants:\n  noFailure: '!settings.contains { $0.failed }'\n" : "")services:
          settings.save:
            params: { key: String, on: Bool }
            returns: Bool
            latency: 100ms
            echo: on
            cases:
              - { when: { key: bt }, fail: http(503) }
        scenarios:
          - name: a row saves
            steps:
        \(steps)
        """
    }

    /// bt's first 503 is retried: still saving after it, failed only after the third.
    private static let btRetries = """
              - send: { settings.toggle: { row: bt, value: true } }
              - wait: 1100ms
              - expect: { failures: 0 }
              - expect: 'settings.last?.isSaving == true'
              - wait: 1100ms
              - expect: { failures: 0 }
              - wait: 100ms
              - expect: { failures: 1 }
              - expect: 'settings.last?.isOn == false'
        """

    private func write(_ yaml: String) throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("specrun-row-work-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let path = dir.appendingPathComponent("switches.yaml").path
        try yaml.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func aRowsStreamWorkHasItsItemsAtTheActionAndItsFailureIsCovered() throws {
        let report = CoverageReport.measure(specPaths: [try write(Self.switches(Self.btRetries))])
        let spec = try #require(report.specs.first)
        let items = spec.items.filter { $0.range.start.line == 16 }.map { "\($0.covered ? "+" : "-") \($0.what)" }
        #expect(items == [
            "- 'settings.save.elements' emits in a row (the work succeeds)",
            "+ 'settings.save.errors' emits a failure of the work in a row",
            "- 'settings.save.errors' emits 'notEnabled' in a row (triggered while disabled)",
        ], "\(items)")
    }

    @Test func aRowsRetryDroppedIsKilledByTheScenarioWhoseFirstCallFails() throws {
        guard case .success(let run) = MutationRun.run(specPath: try write(Self.switches(Self.btRetries))) else {
            Issue.record("invalid")
            return
        }
        let retry = run.outcomes.filter { $0.mutant.change.hasPrefix("retry") && $0.mutant.change.hasSuffix("(removed)") }
        #expect(!retry.isEmpty, "\(run.outcomes.map(\.mutant.change))")
        #expect(retry.allSatisfy { $0.status == .killed && $0.mutant.declaration == "settings" }, "\(retry.map { ($0.mutant.change, $0.status) })")
        // Every mutant of the retried branch (its `when:`, its count and delay) is killed by the
        // scenario timing the failure.
        // (`503 -> 1509` is no HTTP status: not type-correct, skipped.)
        let branch = run.outcomes.filter { $0.mutant.range.start.line == 20 && $0.status != .invalid }
        #expect(branch.count >= 6 && branch.allSatisfy { $0.status == .killed }, "\(branch.map { ($0.mutant.change, $0.status) })")
        #expect(branch.contains { $0.mutant.change == "$0 == .http(503) -> $0 != .http(503)" })
    }

    @Test func exploreRetriesARowsCallThroughItsDelayAndItsScenarioReplays() throws {
        let text = Self.switches("      - send: { settings.toggle: { row: wifi, value: true } }\n      - wait: 1s", invariant: true)
        let spec = try Fixtures.checked(text, path: "/nonexistent/switches.yaml")
        var options = ExploreOptions()
        options.verifiesPredictions = true
        let result = Explorer.explore(spec, options: options)
        #expect(result.predictionMismatches == 0)
        let found = try #require(result.counterexample)
        #expect(found.scenarioYAML.contains("settings.toggle"), "\(found.scenarioYAML)")
        #expect(CounterexampleCheck.problem(found, specText: text, path: "/nonexistent/switches.yaml") == nil)
    }
    /// W1: a row's interval that ends on the row's own `pause` (`takeUntil: pause`).
    private static let downloads = """
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
              paused: { type: Int, initial: 0 }
            actions:
              download:
                trigger: start
                work: { interval: 500ms, ops: [ { takeUntil: pause }, { take: 3 } ] }
            handlers:
              - on: download.elements
                set: { progress: progress + 10 }
              - on: download.completions
                set: { paused: "progress < 30 ? paused + 1 : paused" }
        cells:
          downloads: { viewModel: DownloadRow, for: items }
        invariants:
          neverPausedAtTen: '!downloads.contains { $0.paused > 0 && $0.progress == 10 }'
        scenarios:
          - name: a row pauses
            steps:
              - send: { downloads.start: { row: 1 } }
              - wait: 500ms
              - send: { downloads.pause: { row: 2 } }
              - wait: 500ms
              - send: { downloads.pause: { row: 1 } }
              - expect: 'downloads.map { $0.progress } == [20, 0] && downloads.map { $0.paused } == [1, 0]'
        """

    @Test func exploreEndsARowsExecutionOnItsOwnPauseWithItsPredictionsVerified() throws {
        let spec = try Fixtures.checked(Self.downloads, path: "/nonexistent/downloads.yaml")
        var options = ExploreOptions()
        options.verifiesPredictions = true
        let result = Explorer.explore(spec, options: options)
        #expect(result.predictionMismatches == 0)
        let found = try #require(result.counterexample)
        // Paused after one tick: the pause reached that row's execution, and only that row's.
        #expect(found.scenarioYAML.contains("downloads.pause"), "\(found.scenarioYAML)")
        #expect(CounterexampleCheck.problem(found, specText: Self.downloads, path: "/nonexistent/downloads.yaml") == nil)
    }

    @Test func aRowsTakeUntilDroppedIsKilledByTheScenarioThatPauses() throws {
        guard case .success(let run) = MutationRun.run(specPath: try write(Self.downloads)) else {
            Issue.record("invalid")
            return
        }
        let dropped = run.outcomes.filter { $0.mutant.change.hasPrefix("takeUntil") && $0.mutant.change.hasSuffix("(removed)") }
        #expect(dropped.count == 1, "\(run.outcomes.map(\.mutant.change))")
        #expect(dropped.allSatisfy { $0.status == .killed && $0.mutant.declaration == "downloads" }, "\(dropped.map { ($0.mutant.change, $0.status) })")
    }
}
