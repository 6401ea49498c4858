import Foundation
@testable import ScreenSpec
import SpecRuntime
@testable import SpecTools
import Testing

/// A mutant is killed only by a scenario that `specrun test` would fail on it (docs/coverage.md,
/// "Mutation testing"): a failed `expect:`, or a timeline that differs from the scenario's kept
/// snapshot. A fourth first user's spec with no assertion at all (notes/author4/scratch/noassert)
/// scored 71 % by timeline difference alone; it now kills nothing, and the report says why.
@Suite("The mutation oracle is what specrun test checks")
struct MutationOracleTests {
    static let noAssert = """
        screen: NoAssert
        inputs:
          email: { type: String, default: "" }
        outputs:
          canLogin: email.count >= 10 && email.contains("@")
        scenarios:
          - name: no expect at all
            steps:
              - set: { email: "abcdefghi" }
              - set: { email: "abcdefgh@j" }
              - set: { email: "abcdefghij" }
        """

    private func mutate(_ text: String, snapshot: Bool) throws -> SpecMutation {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("specrun-oracle-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("login.yaml").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        if snapshot {
            let outcome = SnapshotSuite.verify(specPath: path, mode: .update)
            #expect(outcome.scenarios.allSatisfy { $0.wrote }, "no snapshot written")
        }
        guard case .success(let result) = MutationRun.run(specPath: path) else {
            Issue.record("invalid")
            throw CancellationError()
        }
        return result
    }

    @Test func aScenarioWithNoExpectAndNoSnapshotKillsNothingAndIsNamed() throws {
        let result = try mutate(Self.noAssert, snapshot: false)
        #expect(result.scored > 0)
        #expect(result.killed == 0, "\(result.outcomes.filter { $0.status == .killed }.map(\.mutant.change))")
        #expect(result.unjudgedScenarios == ["no expect at all"])
        let text = MutationText.render(MutationReport(specs: [result], invalid: []))
        #expect(text.contains("note: scenario 'no expect at all' has no expect: and no snapshot"), "\(text)")
        // `--format json` says it too, for a CI that reads the JSON.
        let json = MutationJSON.render(MutationReport(specs: [result], invalid: []))
        let document = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        let spec = (document?["specs"] as? [[String: Any]])?.first
        #expect(spec?["unjudgedScenarios"] as? [String] == ["no expect at all"], "\(json)")
    }

    @Test func theSameScenarioKillsByItsKeptSnapshot() throws {
        let result = try mutate(Self.noAssert, snapshot: true)
        #expect(result.killed > 0)
        #expect(result.unjudgedScenarios.isEmpty)
    }

    @Test func anExpectKillsWithoutASnapshotOnlyWhereItFails() throws {
        let asserted = Self.noAssert + "\n      - expect: { canLogin: false }\n"
        let result = try mutate(asserted, snapshot: false)
        #expect(result.unjudgedScenarios.isEmpty)
        let killed = result.outcomes.filter { $0.status == .killed }
        #expect(!killed.isEmpty)
        #expect(killed.count < result.scored, "an expect of the last value alone cannot see every mutant")
        #expect(killed.allSatisfy { $0.killedBy == "no expect at all" })
    }
}
