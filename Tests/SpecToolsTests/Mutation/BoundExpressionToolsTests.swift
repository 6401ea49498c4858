import Foundation
import ScreenSpec
import SpecRuntime
@testable import SpecTools
import SpecTesting
import Testing

/// A slider's bound given by an expression is one more expression to the tools: `specrun mutate`
/// changes it and a scenario that expects the slider clamped kills the mutants, `specrun coverage`
/// counts its branches.
@Suite("Bounds from expressions in the tools")
struct BoundExpressionToolsTests {
    private func write(_ yaml: String) throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("specrun-bounds-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let path = dir.appendingPathComponent("player.yaml").path
        try yaml.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    private static let player = """
        screen: Player
        inputs:
          duration: { type: Int, default: 190 }
          live: { type: Bool, default: false }
          position: { type: Int, default: 0 }
        view:
          seek:
            slider:
              maximumValue: 'live ? 0 : Double(duration - 10)'
              value: { twoWay: position, get: Double(position), set: Int(seek.value) }
        scenarios:
          - name: a shorter track moves the slider to its new end
            steps:
              - slide: { seek: 150 }
              - set: { duration: 130 }
              - expect: { seek.maximumValue: 120.0, seek.value: 120.0, position: 150 }
        """

    @Test("each mutant of a bound's expression is made, and the scenario that expects the slider clamped kills it")
    func mutantsOfABoundAreKilled() throws {
        let path = try write(Self.player)
        guard case .success(let result) = MutationRun.run(specPath: path) else { Issue.record("invalid"); return }
        let bound = result.outcomes.filter { $0.mutant.declaration == "seek" && $0.mutant.change.hasPrefix("live ? 0 : Double(duration - 10) -> ") }
            + result.outcomes.filter { $0.mutant.declaration == "seek" && $0.mutant.change.hasPrefix("duration - 10 -> ") }
        let changes = Set(bound.map(\.mutant.change))
        #expect(changes.isSuperset(of: ["live ? 0 : Double(duration - 10) -> live ? Double(duration - 10) : 0", "duration - 10 -> duration - 11"]),
                "\(result.outcomes.map(\.mutant.change))")
        for outcome in bound { #expect(outcome.status == .killed, "\(outcome.mutant.change)") }
    }

    @Test("coverage counts a bound's branches as any expression's: the branch no scenario takes is missed")
    func coverageCountsABoundsBranches() throws {
        let path = try write(Self.player)
        let report = CoverageReport.measure(specPaths: [path])
        let spec = try #require(report.specs.first, "\(report.invalid.map { $0.renderDiagnostics() })")
        let missed = spec.missed.map { "\($0.range.start): \($0.what)" }
        #expect(missed.contains { $0.hasPrefix("9:") }, "\(missed)")
        #expect(spec.items.filter { $0.range.start.line == 9 }.count >= 2, "\(spec.items.map(\.what))")
    }
}
