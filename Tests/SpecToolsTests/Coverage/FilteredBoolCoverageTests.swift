import Foundation
import ScreenSpec
import SpecRuntime
@testable import SpecTools
import Testing

/// A fifth first user's D2: after `filter: $0` a Bool stream's "is false" could not be covered by
/// construction, and two of their specs marked it unreachable. The last filter now decides which
/// value items there are.
@Suite("Coverage of filtered Bool streams")
struct FilteredBoolCoverageTests {
    private static func items(_ ops: String, initial: String = "") -> [String] {
        let loaded = SpecLoader.load(text: """
            screen: BoolFilter
            inputs:
              n: { type: Int, default: 0 }
              ready: { type: Bool, default: false }
            outputs:
              big: n >= 3
              bigs: { stream: big, ops: [ \(ops) ]\(initial) }

            """, path: "t.yaml")
        guard let spec = loaded.spec else {
            Issue.record("\(loaded.renderDiagnostics())")
            return []
        }
        return CoverageMap(spec).items.filter { $0.declaration == "bigs" && $0.kind == .output }.map(\.what)
    }

    @Test(arguments: [
        ("{ filter: $0 }", ["'bigs' emits", "'bigs' is true"]),
        ("{ filter: '!$0' }", ["'bigs' emits", "'bigs' is false"]),
        ("{ filter: '$0 == true' }", ["'bigs' emits", "'bigs' is true"]),
        ("{ filter: '$0 != true' }", ["'bigs' emits", "'bigs' is false"]),
        ("{ filter: '$0 && ready' }", ["'bigs' emits", "'bigs' is true"]),
        ("{ filter: $0 }, { distinctUntilChanged }, { take: 2 }, { debounce: 10ms }", ["'bigs' emits", "'bigs' is true"]),
        // What may hold either way, or what may bring in another value, keeps both items.
        ("{ filter: '$0 || ready' }", ["'bigs' emits", "'bigs' is true", "'bigs' is false"]),
        ("{ filter: ready }", ["'bigs' emits", "'bigs' is true", "'bigs' is false"]),
        ("{ filter: $0 }, { map: '!$0' }", ["'bigs' emits", "'bigs' is true", "'bigs' is false"]),
        ("{ filter: $0 }, { startWith: 'false' }", ["'bigs' emits", "'bigs' is true", "'bigs' is false"]),
        ("{ distinctUntilChanged }", ["'bigs' emits", "'bigs' is true", "'bigs' is false"]),
    ])
    func theLastFilterDecidesTheValueItems(_ ops: String, _ expected: [String]) {
        #expect(Self.items(ops) == expected, "\(ops)")
    }

    @Test func aStreamWithAnInitialValueKeepsBoth() {
        #expect(Self.items("{ filter: $0 }", initial: ", initial: false") == ["'bigs' emits", "'bigs' is true", "'bigs' is false"])
    }

    /// A mark written before the filter ruled the item out (the fifth first user's 'lockouts') is
    /// stale like any mark that names no item; the error says why, and to remove it.
    @Test func aMarkOnAValueTheFilterRulesOutSaysToRemoveIt() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("specrun-filtered-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        try """
            screen: BoolFilter
            inputs:
              n: { type: Int, default: 0 }
            outputs:
              big: n >= 3
              bigs: { stream: big, ops: [ { filter: $0 } ] }
            unreachable:
              - { in: bigs, item: "'bigs' is false", reason: "filtered" }

            """.write(toFile: dir + "/b.yaml", atomically: true, encoding: .utf8)
        let invalid = try #require(CoverageReport.measure(specPaths: [dir + "/b.yaml"]).invalid.first)
        #expect(invalid.diagnostics.map(\.fixIt) == ["remove this mark"])
        #expect(invalid.diagnostics.first?.notes.last?.message
            == "the stream's last 'filter' lets no false element through, so no scenario could cover it and coverage does not count it")
    }
}

