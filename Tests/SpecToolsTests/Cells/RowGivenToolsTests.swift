import Foundation
import ScreenSpec
@testable import SpecTools
import SpecTesting
import Testing

/// What a `cells:` entry hands its rows (`with: { isCurrent: "$0.id == currentId" }`) is counted
/// and mutated as a row output is: its values are coverage items at the `with:` key, the branches
/// inside it too, and its expression is mutated under the entry's name. The queue of
/// `Tests/Fixtures/now-playing.yaml` (docs/spec-language.md, "What a row is given").
@Suite("What a row is given, in coverage and mutation")
struct RowGivenToolsTests {
    private func write(_ yaml: String) throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("specrun-given-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let path = dir.appendingPathComponent("now-playing.yaml").path
        try yaml.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// The fixture with `scenarios:` replaced by one scenario of `steps`.
    private static func queue(_ steps: String) -> String {
        let text = Fixtures.text("now-playing.yaml")
        return String(text[..<text.range(of: "scenarios:")!.lowerBound]) + "scenarios:\n  - name: s\n    steps:\n" + steps
    }

    @Test func aGivenBoolIsTrueAndFalseInARowAtItsWithKey() throws {
        let text = Fixtures.text("now-playing.yaml")
        let line = try #require(text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains("with: { isCurrent:") }) + 1
        let report = CoverageReport.measure(specPaths: [try write(text)])
        let spec = try #require(report.specs.first)
        let given = spec.items.filter { $0.what.contains("'rows.isCurrent'") }
        #expect(given.map { "\($0.range.start.line) \($0.covered ? "+" : "-") \($0.what)" } == [
            "\(line) + 'rows.isCurrent' is true in a row",
            "\(line) + 'rows.isCurrent' is false in a row",
        ])
        #expect(given.allSatisfy { $0.declaration == "rows" })
        // The key, not the entry: `isCurrent` is where the caret goes.
        #expect(given.first.map { text.split(separator: "\n", omittingEmptySubsequences: false)[line - 1].dropFirst($0.range.start.column - 1).hasPrefix("isCurrent") } == true)
    }

    @Test func aBranchInsideWithIsAnItemAndARowOnlyEverCurrentLeavesFalseUncovered() throws {
        // One track, always current: `isCurrent` is never false in a row, and the '? :' inside
        // the `with:` never takes its `else` branch.
        let text = Self.queue("      - expect: { shown: \"▶ Intro\" }\n")
            .replacingOccurrences(of: "initial: [{ id: 1, title: Intro }, { id: 2, title: Verse }, { id: 3, title: Outro }]", with: "initial: [{ id: 1, title: Intro }]")
            .replacingOccurrences(of: "with: { isCurrent: \"$0.id == currentId\" }", with: "with: { isCurrent: \"currentId > 0 ? $0.id == currentId : false\" }")
        let line = try #require(text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains("with: { isCurrent:") }) + 1
        let spec = try #require(CoverageReport.measure(specPaths: [try write(text)]).specs.first)
        let items = spec.items.filter { $0.range.start.line == line && !$0.what.hasSuffix("emits") }
        #expect(items.map { "\($0.covered ? "+" : "-") \($0.what)" } == [
            "+ 'rows.isCurrent' is true in a row",
            "- 'rows.isCurrent' is false in a row",
            "+ the 'then' branch of '? :' is taken",
            "- the 'else' branch of '? :' is taken",
        ])
    }

    @Test func aMutantOfWithIsMutatedUnderTheEntryAndKilled() throws {
        guard case .success(let played) = MutationRun.run(specPath: try write(Fixtures.text("now-playing.yaml"))) else {
            Issue.record("invalid")
            return
        }
        let killed = try #require(played.outcomes.first { $0.mutant.change == "$0.id == currentId -> $0.id != currentId" })
        #expect(killed.status == .killed)
        #expect(killed.mutant.declaration == "rows")
        #expect(killed.killedBy == "the current track follows the screen, and each row keeps its state")
    }
}
