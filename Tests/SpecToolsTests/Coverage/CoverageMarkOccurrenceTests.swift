import Foundation
import ScreenSpec
import SpecRuntime
@testable import SpecTools
import Testing

/// A fifth first user's D4: two `? :` in one expression have items of one text, and a mark named
/// both. `occurrence: N` names the N-th, and the warning for a mark that names several says so.
@Suite("Coverage marks with an occurrence")
struct CoverageMarkOccurrenceTests {
    private static func spec(mark: String) -> String {
        """
        screen: TwoTernaries
        inputs:
          n: { type: Int, default: 0 }
        outputs:
          badge: 'n == 0 ? "" : (n > 99 ? "99+" : "\\(n)")'
        unreachable:
          - in: badge
            item: "the 'then' branch of '? :' is taken"
            reason: "the inner 99+ branch needs 100 items"\(mark)
        scenarios:
          - name: counts
            steps:
              - set: { n: 2 }
              - expect: { badge: "2" }

        """
    }

    private static func measure(_ text: String) throws -> CoverageReport {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("specrun-occurrence-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let path = dir + "/badge.yaml"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return CoverageReport.measure(specPaths: [path])
    }

    @Test func anOccurrenceMarksTheNthItemOfTheTextAlone() throws {
        let report = try Self.measure(Self.spec(mark: "\n    occurrence: 2"))
        let spec = try #require(report.specs.first)
        #expect(spec.unreachable.map(\.range.start.description) == ["5:25"])
        #expect(spec.items.allSatisfy { $0.reachedThoughMarked == nil })
        // The outer 'then' (an empty badge for 0) is reached at the start; the inner one is marked.
        #expect(spec.covered == spec.total && spec.total == spec.items.count - 1)
    }

    @Test func aMarkNamingSeveralWithOneReachedSaysWhichOccurrenceToWrite() throws {
        let report = try Self.measure(Self.spec(mark: ""))
        let text = CoverageText.render(report)
        #expect(text.contains("""
            badge.yaml:5:11: warning: marked unreachable (the inner 99+ branch needs 100 items), but scenario 'counts' reaches it: \
            the 'then' branch of '? :' is taken; the mark names 2 items of this text in 'badge'; to mark one alone, add \
            'occurrence: 2' (the one at 5:25)

            """), "\(text)")
    }

    @Test func anOccurrencePastTheLastIsAnErrorAtIt() throws {
        let report = try Self.measure(Self.spec(mark: "\n    occurrence: 3"))
        let invalid = try #require(report.invalid.first)
        #expect(invalid.diagnostics.map(\.message) == ["'badge' has 2 coverage items 'the 'then' branch of '? :' is taken', so no occurrence 3"])
        #expect(invalid.diagnostics.first?.range.start.line == 10)
        #expect(invalid.diagnostics.first?.notes.map { $0.range?.start.description } == ["5:11", "5:25"])
    }

    /// An item text that names nothing is that mistake, at the mark, whatever the occurrence.
    @Test func anUnknownItemWithAnOccurrenceIsReportedAsUnknown() throws {
        let text = Self.spec(mark: "\n    occurrence: 1").replacingOccurrences(of: "the 'then' branch of '? :' is taken", with: "the fallback of '??' is usd")
        let report = try Self.measure(text)
        let invalid = try #require(report.invalid.first)
        #expect(invalid.diagnostics.map(\.message) == ["'badge' has no coverage item 'the fallback of '??' is usd'"])
        #expect(invalid.diagnostics.first?.range.start.line == 8)
    }

    /// A run of invalid specs alone measured nothing: no percentage (a seventh first user's D5).
    @Test func invalidSpecsAloneGiveNoCoverage() throws {
        let report = try Self.measure("screen: Broken\noutputs:\n  x: nope\n")
        #expect(report.specs.isEmpty && report.invalid.count == 1)
        #expect(CoverageText.render(report) == "total: no coverage: 1 spec invalid\n")
    }

    @Test func anOccurrenceThatIsNoWholeNumberFromOneIsRefused() {
        let loaded = SpecLoader.load(text: Self.spec(mark: "\n    occurrence: 0"), path: "t.yaml")
        #expect(loaded.spec == nil)
        #expect(loaded.diagnostics.map(\.id) == ["invalid-value"])
    }
}
