import Foundation
import ScreenSpec
@testable import SpecTools
import Testing

/// Mutants of an action's work written as a stream: its `ops:` are removed and replaced as a
/// request's are, and each is killed by the scenario that needs it.
@Suite("Mutation of an action's work")
struct ActionWorkMutationTests {
    static let sendCode = """
        screen: SendCode
        inputs:
          send: event
        actions:
          sendCode:
            trigger: send
            work:
              call: api.sendCode
              ops: [ { retry: 2 }, { map: '$0 ? "sent" : "refused"' } ]
        services:
          api.sendCode:
            returns: Bool
            latency: 100ms
            results: [ { fail: http(503) }, { value: true } ]
        scenarios:
          - name: the first call fails and is retried
            steps:
              - send: send
              - wait: 200ms
              - expect: { sendCode.elements: sent }
        """

    @Test func droppingTheRetryIsKilledByAFailedFirstCall() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("specrun-work-mutate-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("send.yaml").path
        try Self.sendCode.write(toFile: path, atomically: true, encoding: .utf8)
        guard case .success(let result) = MutationRun.run(specPath: path) else { Issue.record("invalid"); return }
        let removed = try #require(result.outcomes.first { $0.mutant.change == "retry -> (removed)" })
        #expect(removed.status == .killed && removed.killedBy == "the first call fails and is retried")
        #expect(removed.mutant.declaration == "sendCode")
        // Located at the operator, inside the work.
        #expect(removed.mutant.range.start.line == 9)
        // The map's expression is mutated as well.
        #expect(result.outcomes.contains { $0.mutant.change.hasPrefix("map") || $0.mutant.change.contains("\"sent\"") })
    }
}
