import Foundation
import ScreenSpec
import SpecRuntime
@testable import SpecTools
import Testing

/// A choice nested in a choice's branch (`else: { if: …, then: …, else: … }`) in the tools:
/// coverage counts each `if:` seen true and seen false at the condition as written, and mutation
/// changes each condition and each branch's values and operators, located where they are written.
@Suite("A nested choice in coverage and mutation")
struct NestedChoiceToolsTests {
    static func spec(steps: String) -> String {
        """
        screen: Username
        types:
          Availability: [unchanged, invalid, available, taken, unknown]
        params:
          saved: String
        inputs:
          username: String
        outputs:
          availability:
            stream: username
            ops:
              - flatMapLatest:
                  if: $0 == saved
                  then: { just: .unchanged }
                  else:
                    if: "$0.count < 3"
                    then: { just: .invalid }
                    else:
                      call: users.isAvailable
                      with: { username: $0 }
                      ops: [ { map: "$0 ? Availability.available : Availability.taken" }, { catchAndReturn: .unknown } ]
        services:
          users.isAvailable:
            params: { username: String }
            returns: Bool
            latency: 300ms
            cases:
              - { when: { username: taken_one }, value: false }
              - { when: { username: flaky }, fail: http(503) }
            result: true
        scenarios:
          - name: s
            params: { saved: ada }
            steps:
        \(steps)
        """
    }

    static let everyBranch = """
              - send: { username: ada }
              - expect: { availability: unchanged }
              - send: { username: al }
              - expect: { availability: invalid }
              - send: { username: taken_one }
              - wait: 100ms
              - send: { username: grace }
              - wait: 200ms
              - expect: { availability: invalid }
              - wait: 100ms
              - expect: { availability: available }
              - send: { username: taken_one }
              - wait: 300ms
              - expect: { availability: taken }
              - send: { username: bob }
              - wait: 300ms
              - expect: { availability: available }
              - send: { username: flaky }
              - wait: 300ms
              - expect: { availability: unknown }
        """

    private func write(_ text: String) throws -> (dir: URL, path: String) {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("specrun-nested-choice-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let path = dir.appendingPathComponent("username.yaml").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return (dir, path)
    }

    @Test func eachConditionIsCoveredTrueAndFalseWhereItIsWritten() throws {
        let (dir, path) = try write(Self.spec(steps: Self.everyBranch))
        defer { try? FileManager.default.removeItem(at: dir) }
        let measured = try #require(CoverageReport.measure(specPaths: [path]).specs.first)
        let conditions = measured.items.filter { $0.what.hasPrefix("the choice's 'if:'") }
        #expect(conditions.map(\.what) == ["the choice's 'if:' is true (its 'then:' is taken)", "the choice's 'if:' is false (its 'else:' is taken)",
                                           "the choice's 'if:' is true (its 'then:' is taken)", "the choice's 'if:' is false (its 'else:' is taken)"])
        // The outer condition at line 13, the nested one at line 16, each at its text.
        #expect(conditions.map { "\($0.range.start.line):\($0.range.start.column)" } == ["13:15", "13:15", "16:18", "16:18"])
        #expect(measured.missed.isEmpty, "\(measured.missed.map(\.what))")
    }

    // Names that are never short leave the nested condition's true side, and only it, missed:
    // the nested branch is an item of its own.
    @Test func aNestedBranchNeverTakenIsMissed() throws {
        let (dir, path) = try write(Self.spec(steps: """
                  - send: { username: ada }
                  - send: { username: grace }
                  - wait: 300ms
                  - expect: { availability: available }
            """))
        defer { try? FileManager.default.removeItem(at: dir) }
        let measured = try #require(CoverageReport.measure(specPaths: [path]).specs.first)
        let missed = measured.missed.filter { $0.what.hasPrefix("the choice's 'if:'") }
        #expect(missed.map(\.what) == ["the choice's 'if:' is true (its 'then:' is taken)"])
        #expect(missed.first?.range.start.line == 16)
    }

    // Both conditions and the nested call's branch are mutated where they are written, and the
    // scenario that takes every branch kills them.
    @Test func nestedConditionsAndBranchesAreMutatedAndKilled() throws {
        let (dir, path) = try write(Self.spec(steps: Self.everyBranch))
        defer { try? FileManager.default.removeItem(at: dir) }
        guard case .success(let result) = MutationRun.run(specPath: path) else { Issue.record("invalid"); return }
        let lines = Set(result.outcomes.map(\.mutant.range.start.line))
        // The outer `if:`, the nested `if:`, and the nested `else:` branch's own `map`.
        #expect(lines.isSuperset(of: [13, 16, 21]), "\(result.outcomes.map { "\($0.mutant.range.start.line) \($0.mutant.change)" })")
        let nested = result.outcomes.filter { $0.mutant.range.start.line == 16 }
        #expect(!nested.isEmpty && nested.allSatisfy { $0.status == .killed }, "\(nested.map { "\($0.mutant.change) \($0.status)" })")
        // Every mutant of the choice (lines 12 to 21) is killed: the strategies by the check
        // `grace` cancels, the nested bound by `bob`.
        let survivors = result.outcomes.filter { $0.status == .survived && (12...21).contains($0.mutant.range.start.line) }
        #expect(survivors.isEmpty, "\(survivors.map { "\($0.mutant.range.start.line) \($0.mutant.change)" })")
    }
}
