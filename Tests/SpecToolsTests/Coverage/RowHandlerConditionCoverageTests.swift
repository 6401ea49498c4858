import Foundation
import ScreenSpec
import SpecRuntime
@testable import SpecTools
import Testing

/// A row handler's `if:` in the tools, as a screen handler's: coverage counts it seen true and
/// seen false in some row, and mutation changes it as any other expression of the row.
@Suite("A row handler's if: in coverage and mutation")
struct RowHandlerConditionCoverageTests {
    static func spec(steps: String) -> String {
        """
        screen: Ratings
        types:
          Song: { id: Int }
        state:
          songs: { type: "[Song]", initial: [{ id: 1 }, { id: 2 }] }
        viewModels:
          SongRow:
            params: { song: Song }
            inputs: { rate: Int }
            state:
              stars: { type: Int, initial: 0 }
              rates: { type: Int, initial: 0 }
            handlers:
              - on: rate
                if: rate > 0
                set: { stars: rate, rates: rates + 1 }
        cells:
          rows: { viewModel: SongRow, for: songs }
        outputs:
          stars: 'rows.map { $0.stars }'
          rates: 'rows.map { $0.rates }'
        scenarios:
          - name: s
            steps:
        \(steps)
        """
    }

    static let both = """
              - send: { rows.rate: { row: 1, value: 1 } }
              - send: { rows.rate: { row: 2, value: 0 } }
              - expect: { stars: [1, 0], rates: [1, 0] }
        """

    private func write(_ text: String) throws -> (dir: URL, path: String) {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("specrun-row-if-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let path = dir.appendingPathComponent("ratings.yaml").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return (dir, path)
    }

    @Test func theConditionIsCoveredTrueAndFalse() throws {
        let (dir, path) = try write(Self.spec(steps: Self.both))
        defer { try? FileManager.default.removeItem(at: dir) }
        let measured = try #require(CoverageReport.measure(specPaths: [path]).specs.first)
        let guards = measured.items.filter { $0.what.contains("'if:'") }
        #expect(guards.count == 2, "\(measured.items.map(\.what))")
        #expect(guards.allSatisfy { $0.range.start.line == 15 })
        #expect(measured.missed.isEmpty, "\(measured.missed.map(\.what))")
    }

    // A scenario that never rates 0 leaves the false side, and only it, missed.
    @Test func aConditionNeverFalseIsMissed() throws {
        let (dir, path) = try write(Self.spec(steps: """
                  - send: { rows.rate: { row: 1, value: 4 } }
                  - expect: { stars: [4, 0] }
            """))
        defer { try? FileManager.default.removeItem(at: dir) }
        let measured = try #require(CoverageReport.measure(specPaths: [path]).specs.first)
        let missed = measured.missed.filter { $0.what.contains("'if:'") }.map(\.what)
        #expect(missed.count == 1 && missed[0].contains("false"), "\(missed)")
    }

    // The condition is mutated as any expression of the row, and rating a row 0 kills every change of it.
    @Test func theConditionIsMutatedAndKilled() throws {
        let (dir, path) = try write(Self.spec(steps: Self.both))
        defer { try? FileManager.default.removeItem(at: dir) }
        guard case .success(let result) = MutationRun.run(specPath: path) else { Issue.record("invalid"); return }
        let changed = result.outcomes.filter { $0.mutant.range.start.line == 15 }
        #expect(!changed.isEmpty, "\(result.outcomes.map(\.mutant.change))")
        #expect(changed.allSatisfy { $0.status == .killed }, "\(changed.map { "\($0.mutant.change): \($0.status)" })")
    }
}
