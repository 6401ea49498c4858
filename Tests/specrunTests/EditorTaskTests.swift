import Foundation
import SpecTesting
import Testing

/// docs/editor.md's VS Code task: its problem matcher's regular expression, applied to the real
/// output of `specrun check`, captures what `check --format json` reports.
@Suite struct EditorTaskTests {
    /// The task of docs/editor.md's first JSON block, which `.vscode/tasks.json` repeats.
    static func documentedTask() throws -> String {
        let page = try String(contentsOfFile: PackagePaths.path("docs/editor.md"), encoding: .utf8)
        let section = try #require(page.range(of: "## Problems in VS Code"))
        let start = try #require(page.range(of: "```json\n", range: section.upperBound..<page.endIndex))
        let end = try #require(page.range(of: "```", range: start.upperBound..<page.endIndex))
        return String(page[start.upperBound..<end.lowerBound])
    }

    @Test func theRepositorysTaskIsTheDocumentedOne() throws {
        let shipped = try String(contentsOfFile: PackagePaths.path(".vscode/tasks.json"), encoding: .utf8)
        #expect(shipped == (try Self.documentedTask()))
    }

    @Test func theProblemMatcherCapturesEveryDiagnosticOfCheck() throws {
        let task = try JSONSerialization.jsonObject(with: Data(try Self.documentedTask().utf8)) as? [String: Any]
        let tasks = try #require(task?["tasks"] as? [[String: Any]])
        let matcher = try #require(tasks.first?["problemMatcher"] as? [String: Any])
        let pattern = try #require(matcher["pattern"] as? [String: Any])
        let regex = try NSRegularExpression(pattern: try #require(pattern["regexp"] as? String))

        // Two specs with an error each, one with a warning too, in a folder checked by relative path.
        let folder = try PackagePaths.temporaryFolder("specrun-editor")
        try FileManager.default.createDirectory(atPath: folder + "/specs", withIntermediateDirectories: true)
        try "screen: A\noutputs:\n  a: b + 1\n".write(toFile: folder + "/specs/a.yaml", atomically: true, encoding: .utf8)
        try "screen: B\ninputs:\n  n: { type: Strng, default: \"\" }\n".write(toFile: folder + "/specs/b.yaml", atomically: true, encoding: .utf8)
        let text = try CLI.run(["check", "specs"], in: folder)
        let json = try CLI.run(["check", "specs", "--format", "json"], in: folder)
        #expect(text.status == 2 && json.status == 2)

        var captured: [[String]] = []
        for line in text.stderr.split(separator: "\n").map(String.init) {
            let range = NSRange(line.startIndex..., in: line)
            guard let match = regex.firstMatch(in: line, range: range) else { continue }
            captured.append((1...5).map { group in
                let index = try! #require(pattern[["file", "line", "column", "severity", "message"][group - 1]] as? Int)
                return String(line[Range(match.range(at: index), in: line)!])
            })
        }
        let expected = json.stdout.split(separator: "\n").compactMap { line -> [String]? in
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else { return nil }
            return ["\(object["file"]!)", "\(object["line"]!)", "\(object["column"]!)", "\(object["severity"]!)", "\(object["message"]!)"]
        }
        #expect(expected.count >= 2)
        #expect(captured == expected)
    }
}
