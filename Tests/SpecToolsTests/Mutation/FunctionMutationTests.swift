import Foundation
import ScreenSpec
@testable import SpecTools
import Testing

/// Issue 39: `mutate` changes a function's body once, for every call that inlines it.
@Suite("Mutation of a function's body")
struct FunctionMutationTests {
    static func spec(calls: Int) -> String {
        """
        screen: Clock
        functions:
          mmss: { params: { t: Int }, returns: String, body: 'String(format: "%02d:%02d", t / 60, t % 60)' }
        inputs:
          elapsed: { type: Int, default: 0 }
        outputs:
        \((1...calls).map { "  c\($0): mmss(elapsed + \($0))" }.joined(separator: "\n"))
        scenarios:
          - name: reads the clock
            steps:
              - set: { elapsed: 74 }
              - expect: { c1: "01:15" }
        """
    }

    private func run(_ text: String) throws -> SpecMutation {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("specrun-function-mutate-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("clock.yaml").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        guard case .success(let result) = MutationRun.run(specPath: path) else { throw CancellationError() }
        return result
    }

    @Test func aBodyIsMutatedOnceAndItsMutantsAreKilledThroughACall() throws {
        let one = try run(Self.spec(calls: 1))
        let three = try run(Self.spec(calls: 3))
        let body = { (r: SpecMutation) in r.outcomes.filter { $0.mutant.declaration == "mmss" } }
        #expect(!body(one).isEmpty)
        #expect(body(three).map(\.mutant.change) == body(one).map(\.mutant.change))
        // Located in the body, on line 3.
        #expect(body(one).allSatisfy { $0.mutant.range.start.line == 3 })
        let remainder = try #require(body(one).first { $0.mutant.change.hasPrefix("t % 60 ->") })
        #expect(remainder.status == .killed && remainder.killedBy == "reads the clock")
    }
}
