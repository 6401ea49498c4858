import Foundation
import ScreenSpec
@testable import SpecTools
import Testing

/// Mutants of a request's own `ops:` (issue 20 item 1): dropping the inner `takeUntil: cancel` is
/// killed by a scenario that cancels and waits past the next progress.
@Suite("Mutation of a request's own operators")
struct InnerOperatorMutationTests {
    static let upload = """
        screen: Upload
        inputs:
          pick: String
          cancel: event
        outputs:
          progress:
            stream: pick
            ops:
              - flatMapLatest:
                  call: api.upload
                  with: { file: $0 }
                  ops: [ { takeUntil: cancel } ]
        services:
          api.upload:
            returns: Int
            params: { file: String }
            sequence: [ { at: 100ms, value: 10 }, { at: 200ms, value: 50 }, { at: 300ms, value: 100 }, { at: 300ms, complete: true } ]
        scenarios:
          - name: cancel, then a later pick uploads
            steps:
              - send: { pick: a.jpg }
              - wait: 150ms
              - send: cancel
              - wait: 200ms
              - expect: { progress: 10 }
              - send: { pick: b.jpg }
              - wait: 300ms
              - expect: { progress: 100 }
        """

    @Test func droppingTheInnerTakeUntilIsKilledByCancelling() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("specrun-inner-mutate-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("upload.yaml").path
        try Self.upload.write(toFile: path, atomically: true, encoding: .utf8)
        guard case .success(let result) = MutationRun.run(specPath: path) else { Issue.record("invalid"); return }
        let removed = try #require(result.outcomes.first { $0.mutant.change == "takeUntil -> (removed)" })
        #expect(removed.status == .killed && removed.killedBy == "cancel, then a later pick uploads")
        // Located at the inner operator, inside the request.
        #expect(removed.mutant.range.start.line == 12)
    }

    // The dataflow graph draws the inner operator's source into the request, labelled by it.
    @Test func theGraphDrawsWhatTheInnerOperatorsListenTo() throws {
        let loaded = SpecLoader.load(text: Self.upload, path: "/nonexistent-folder/upload.yaml")
        let spec = try #require(loaded.spec)
        let g = DataflowGraph(spec: spec)
        let cancel = try #require(g.nodes.first { $0.name == "cancel" }?.id)
        #expect(g.edges.contains { $0.from == cancel && $0.kind == .feeds && $0.label == "takeUntil" })
    }
}
