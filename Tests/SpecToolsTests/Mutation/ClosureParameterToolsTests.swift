import Foundation
import ScreenSpec
@testable import SpecTools
import Testing

/// Closures that name their parameters (`{ p in … }`, `{ sum, m in … }`) are measured by
/// coverage and mutated by mutation as any expression is: a mutant inside the inner closure that
/// reads the outer parameter is retyped, played and killed.
@Suite("Coverage and mutation of named closure parameters")
struct ClosureParameterToolsTests {
    static let inbox = """
        screen: Inbox
        types:
          Message: { id: Int, price: Int }
        inputs:
          polled: { type: "[Message]", default: [] }
          messages: { type: "[Message]", default: [] }
        outputs:
          fresh: 'polled.filter { p in !messages.contains { $0.id == p.id } }.count'
          total: 'messages.reduce(0) { sum, m in sum + (m.price > 2 ? m.price : 0) }'
        scenarios:
          - name: fresh messages and the total of dear ones
            steps:
              - expect: { fresh: 0, total: 0 }
              - set:
                  messages: [{ id: 1, price: 3 }, { id: 5, price: 2 }]
                  polled: [{ id: 1, price: 3 }, { id: 2, price: 1 }]
              - expect: { fresh: 1, total: 3 }
        """

    private func written() throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("specrun-named-params-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let path = dir.appendingPathComponent("inbox.yaml").path
        try Self.inbox.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func coverageSeesBothSidesOfABranchInsideANamedClosure() throws {
        let path = try written()
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        let report = CoverageReport.measure(specPaths: [path])
        #expect(report.invalid.isEmpty)
        let spec = try #require(report.specs.first)
        #expect(spec.items.contains { $0.range.start.line == 9 }, "no item for the ternary inside the reduce closure")
        #expect(spec.missed.isEmpty, "\(spec.missed.map { "\($0.range.start): \($0.what)" })")
    }

    @Test func aMutantReadingTheOuterParameterIsKilled() throws {
        let path = try written()
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        guard case .success(let result) = MutationRun.run(specPath: path) else {
            Issue.record("the spec does not load")
            return
        }
        let flipped = try #require(result.outcomes.first { $0.mutant.change == "$0.id == p.id -> $0.id != p.id" },
                                   "\(result.outcomes.map(\.mutant.change))")
        #expect(flipped.status == .killed && flipped.killedBy == "fresh messages and the total of dear ones")
        let boundary = result.outcomes.filter { $0.mutant.change.hasPrefix("m.price > 2 -> ") }
        #expect(!boundary.isEmpty && boundary.allSatisfy { $0.status == .killed }, "\(boundary.map { "\($0.mutant.change): \($0.status)" })")
    }
}
