import Foundation
import ScreenSpec
import SpecRuntime
@testable import SpecTools
import SpecTesting
import Testing

/// A mutant of an expression folded over several lines (`>-`) is printed on one line, with every
/// run of whitespace outside string literals made one space, and `equivalentMutants:` names it
/// so, or as the source writes it.
@Suite("A folded expression's mutants on one line")
struct FoldedChangeTests {
    private func write(_ yaml: String) throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("specrun-folded-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let path = dir.appendingPathComponent("folded.yaml").path
        try yaml.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    private static let folded = """
        screen: Folded
        inputs:
          count: { type: Int, default: 0 }
          label: { type: String, default: "a  b" }
        outputs:
          big: >-
            count >= 10 &&
                label != "a  b"
        scenarios:
          - name: s
            steps:
              - expect: { big: false }
        """

    private static let oneLine = #"count >= 10 && label != "a  b" -> count >= 10 || label != "a  b""#

    @Test("the report prints a survivor of a folded expression on one line, its string literal as written")
    func theReportPrintsOneLine() throws {
        let path = try write(Self.folded)
        let report = MutationRun.run(specPaths: [path])
        let text = MutationText.render(report)
        #expect(text.contains("survived in 'big': \(Self.oneLine)\n"), "\(text)")
        #expect(!text.contains("&&\n"), "\(text)")
        let change = try #require(report.specs.first?.outcomes.first { $0.mutant.change == Self.oneLine })
        #expect(change.status == .survived)
    }

    @Test("a mark names the mutant on one line, or with the source's line breaks and indentation")
    func aMarkMatchesEitherForm() throws {
        for written in [Self.oneLine, "count >= 10 &&\n        label != \"a  b\" -> count >= 10 || label != \"a  b\""] {
            let quoted = written.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
                .replacingOccurrences(of: "\n", with: "\\n")
            let path = try write(Self.folded + """

                equivalentMutants:
                  - in: big
                    change: "\(quoted)"
                    reason: "pretend"
                """)
            guard case .success(let result) = MutationRun.run(specPath: path) else { Issue.record("refused: \(written)"); continue }
            let marked = try #require(result.outcomes.first { $0.mutant.change == Self.oneLine })
            #expect(marked.status == .equivalent, "\(written)")
        }
    }

    @Test("whitespace is collapsed outside string literals, and kept inside them and their interpolations' strings")
    func collapsing() {
        #expect(MutantChangeText.oneLine("  a  +\n\t b  ") == "a + b")
        #expect(MutantChangeText.oneLine(#"x ==   "a  \"  b"   &&  y"#) == #"x == "a  \"  b" && y"#)
        #expect(MutantChangeText.oneLine("\"n: \\(count  +  f(\"p  q\"))  r\"\n   + s") == "\"n: \\(count + f(\"p  q\"))  r\" + s")
    }
}
