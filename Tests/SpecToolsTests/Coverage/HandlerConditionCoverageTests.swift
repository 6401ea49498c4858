import Foundation
import ScreenSpec
import SpecRuntime
@testable import SpecTools
import Testing

/// A handler's `if:` in the tools: coverage counts it seen true and seen false, and mutation
/// changes it as any other expression; `flatMapFirst` mutates to its siblings and they to it.
@Suite("A handler's if: and flatMapFirst in coverage and mutation")
struct HandlerConditionCoverageTests {
    static func spec(steps: String) -> String {
        """
        screen: Save
        inputs:
          tap: event
        state:
          failures: { type: Int, initial: 0 }
        actions:
          save:
            trigger: tap
            work: { call: api.save }
        handlers:
          - on: save.errors
            if: save.errors != .notEnabled
            set: { failures: failures + 1 }
        services:
          api.save: { returns: Int, latency: 100ms, fails: http(503) }
        scenarios:
          - name: s
            steps:
        \(steps)
        """
    }

    static let refusedThenFailed = """
              - send: tap
              - send: tap
              - expect: { failures: 0 }
              - wait: 100ms
              - expect: { failures: 1 }
        """

    private func write(_ text: String, name: String = "save.yaml") throws -> (dir: URL, path: String) {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("specrun-handler-if-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let path = dir.appendingPathComponent(name).path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return (dir, path)
    }

    @Test func theConditionIsCoveredTrueAndFalse() throws {
        let (dir, path) = try write(Self.spec(steps: Self.refusedThenFailed))
        defer { try? FileManager.default.removeItem(at: dir) }
        let measured = try #require(CoverageReport.measure(specPaths: [path]).specs.first)
        let guards = measured.items.filter { $0.what.contains("'if:'") }
        #expect(guards.map(\.what) == ["the handler's 'if:' is true (it runs)", "the handler's 'if:' is false (it does nothing)"])
        #expect(guards.allSatisfy { $0.range.start.line == 12 })
        #expect(measured.missed.isEmpty, "\(measured.missed.map(\.what))")
    }

    // A scenario that never taps while the work runs leaves the false side, and only it, missed.
    @Test func aConditionNeverFalseIsMissed() throws {
        let (dir, path) = try write(Self.spec(steps: """
                  - send: tap
                  - wait: 100ms
                  - expect: { failures: 1 }
            """))
        defer { try? FileManager.default.removeItem(at: dir) }
        let measured = try #require(CoverageReport.measure(specPaths: [path]).specs.first)
        #expect(measured.missed.map(\.what).contains("the handler's 'if:' is false (it does nothing)"))
        #expect(!measured.missed.map(\.what).contains("the handler's 'if:' is true (it runs)"))
    }

    // The condition is mutated as any expression, and a scenario that taps while the work runs
    // kills `!=` -> `==`.
    @Test func theConditionIsMutatedAndKilled() throws {
        let (dir, path) = try write(Self.spec(steps: Self.refusedThenFailed))
        defer { try? FileManager.default.removeItem(at: dir) }
        guard case .success(let result) = MutationRun.run(specPath: path) else { Issue.record("invalid"); return }
        let swapped = try #require(result.outcomes.first { $0.mutant.change == "save.errors != .notEnabled -> save.errors == .notEnabled" })
        #expect(swapped.status == .killed)
        #expect(swapped.mutant.range.start.line == 12)
    }

    // Each request operator of the family mutates to the three others.
    @Test func flatMapFirstAndItsSiblingsMutateToEachOther() throws {
        let family = ["flatMapLatest", "flatMap", "concatMap", "flatMapFirst"]
        for name in family {
            let (dir, path) = try write("""
                screen: Poll
                outputs:
                  polled: { interval: 3s, ops: [ { \(name): { call: api.fetch } } ] }
                services:
                  api.fetch: { returns: Int, latency: 4s, result: 1 }
                scenarios:
                  - name: nothing
                    steps: []
                """)
            defer { try? FileManager.default.removeItem(at: dir) }
            let draft = try #require(SpecDraft(text: try String(contentsOfFile: path, encoding: .utf8), path: path, resolver: FileSystemSpecResolver()))
            let changes = MutantGenerator.mutants(of: draft).map(\.change).filter { $0.hasPrefix("\(name) -> ") }
            #expect(changes == family.filter { $0 != name }.map { "\(name) -> \($0)" })
        }
    }
}
