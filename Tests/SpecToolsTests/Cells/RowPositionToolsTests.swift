import Foundation
import ScreenSpec
import SpecRuntime
@testable import SpecTools
import SpecTesting
import Testing

/// A row's position (`index`, `count`) and the list moves, for the tools: mutation changes the
/// expressions that read the position and move the list, each mutant killed by a scenario that
/// taps a row; coverage counts their branches; exploration moves rows so that a row input is
/// sent to rows at each position.
@Suite("A row's position in mutation, coverage and exploration")
struct RowPositionToolsTests {
    private func write(_ yaml: String) throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("specrun-rowpos-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let path = dir.appendingPathComponent("up-next.yaml").path
        try yaml.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    static var queue: String { Fixtures.text("up-next.yaml") }

    /// The line of the fixture that contains `text`, 1-based.
    static func line(of text: String) -> Int {
        (queue.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains(text) } ?? -1) + 1
    }

    @Test func mutantsOfThePositionAndTheMovesAreKilledByScenariosThatTapRows() throws {
        // Its snapshots kept, as `specrun test` keeps them: a row button's title (`"Up"`) is a
        // field of the row its timeline prints, so its mutant dies by the snapshot.
        let path = try write(Self.queue)
        #expect(SnapshotSuite.verify(specPath: path, mode: .update).scenarios.allSatisfy { $0.wrote }, "no snapshot written")
        guard case .success(let run) = MutationRun.run(specPath: path) else {
            Issue.record("invalid")
            return
        }
        let up = Self.line(of: "upButton:"), down = Self.line(of: "downButton:")
        let moveUp = Self.line(of: "upNext.moveUp.index - 1"), remove = Self.line(of: "removing(at:")
        for line in [up, down, moveUp, remove] {
            let here = run.outcomes.filter { $0.mutant.range.start.line == line }
            #expect(!here.isEmpty, "no mutant on line \(line): \(run.outcomes.map { "\($0.mutant.range.start.line) \($0.mutant.change)" })")
            for outcome in here { #expect(outcome.status == .killed, "line \(line): \(outcome.mutant.change) \(outcome.status)") }
        }
        // `index - 1` becomes `index + 1`, among others.
        let changes = run.outcomes.filter { $0.mutant.range.start.line == moveUp }.map(\.mutant.change)
        #expect(changes.contains { $0.contains("+") }, "\(changes)")
        // `index > 0` becomes `index >= 0`: the first row's up enabled, killed by the ignored tap.
        let enabled = run.outcomes.filter { $0.mutant.range.start.line == up }.map(\.mutant.change)
        #expect(enabled.contains { $0.contains(">=") }, "\(enabled)")
    }

    @Test func coverageCountsTheBranchesOfThePosition() throws {
        let report = CoverageReport.measure(specPaths: [try write(Self.queue)])
        #expect(report.invalid.isEmpty, "\(report.invalid.map { $0.renderDiagnostics() })")
        let spec = try #require(report.specs.first)
        // The handlers that move the list are items, each played by a scenario's tap on a row,
        // and so are the branches of the row's outputs (its caption reads its position).
        for on in ["on: upNext.moveUp", "on: upNext.moveDown", "on: upNext.remove", "liked ?"] {
            #expect(spec.items.contains { $0.range.start.line == Self.line(of: on) }, "\(on): \(spec.items.map { "\($0.range.start) \($0.what)" })")
        }
        #expect(spec.missed.isEmpty, "\(spec.missed.map { "\($0.range.start) \($0.what)" })")
    }

    @Test func exploreSendsARowInputToRowsAtEachPosition() throws {
        // Intro (row 1) at the end of the queue takes two moves down: the second from the middle.
        let text = Self.queue.components(separatedBy: "\nscenarios:")[0] + """

            invariants:
              introNotLast: 'upNext.last?.track.id != 1'
            """
        let spec = try Fixtures.checked(text, path: "/nonexistent/up-next.yaml")
        let found = try #require(Explorer.explore(spec, options: ExploreOptions()).counterexample)
        #expect(CounterexampleCheck.problem(found, specText: text, path: "/nonexistent/up-next.yaml") == nil)
        #expect(found.scenarioYAML.contains("upNext.downButton: { row: 1 }") || found.scenarioYAML.contains("upNext.upButton"), "\(found.scenarioYAML)")
    }
}
