import Foundation
import ScreenSpec
@testable import SpecTools
import Testing

/// Issue 39: a choice's branch carries its own `ops:`; `mutate` drops and changes them as it does
/// a request's, each mutant located in the branch, and the graph draws what they listen to.
@Suite("Mutation of a choice branch's own operators")
struct ChoiceBranchMutationTests {
    static let coupon = """
        screen: Coupon
        inputs:
          coupon: String
          stop: event
        outputs:
          percent:
            stream: coupon
            ops:
              - flatMapLatest:
                  if: $0.isEmpty
                  then: { just: '0' }
                  else:
                    call: api.coupon
                    with: { code: $0 }
                    ops: [ { takeUntil: stop }, { catchAndReturn: '-1' } ]
        services:
          api.coupon:
            returns: Int
            params: { code: String }
            latency: 200ms
            cases:
              - { when: { code: SPRING }, value: 15 }
            fails: http(404)
        scenarios:
          - name: an unknown code is caught in its branch
            steps:
              - send: { coupon: WINTER }
              - wait: 200ms
              - expect: { percent: -1 }
          - name: a stopped check answers nothing
            steps:
              - send: { coupon: WINTER }
              - wait: 200ms
              - send: { coupon: SPRING }
              - send: stop
              - wait: 200ms
              - expect: { percent: -1 }
              - send: { coupon: "" }
              - expect: { percent: 0 }
        """

    @Test func aBranchsOperatorsAreMutatedAndKilled() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("specrun-branch-mutate-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("coupon.yaml").path
        try Self.coupon.write(toFile: path, atomically: true, encoding: .utf8)
        guard case .success(let result) = MutationRun.run(specPath: path) else { Issue.record("invalid"); return }
        let stop = try #require(result.outcomes.first { $0.mutant.change == "takeUntil -> (removed)" })
        #expect(stop.status == .killed && stop.killedBy == "a stopped check answers nothing")
        // The value the branch's `catchAndReturn` gives, changed, is noticed too.
        let caught = result.outcomes.filter { $0.mutant.range.start.line == 15 && !$0.mutant.change.hasPrefix("takeUntil") }
        #expect(!caught.isEmpty && caught.allSatisfy { $0.status == .killed }, "\(caught.map(\.mutant.change))")
        // Located at the branch's operators, inside `else:`.
        #expect(stop.mutant.range.start.line == 15)
    }

    @Test func theGraphDrawsWhatABranchListensTo() throws {
        let loaded = SpecLoader.load(text: Self.coupon, path: "/nonexistent-folder/coupon.yaml")
        let spec = try #require(loaded.spec, "\(loaded.renderDiagnostics())")
        let g = DataflowGraph(spec: spec)
        let stop = try #require(g.nodes.first { $0.name == "stop" }?.id)
        #expect(g.edges.contains { $0.from == stop && $0.kind == .feeds && $0.label == "takeUntil" })
    }
}
