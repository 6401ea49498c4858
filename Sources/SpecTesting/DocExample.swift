import Foundation
import Testing

/// A fenced ```yaml block of a doc page: a complete spec that must load and whose expectations
/// must hold, or, fenced ```yaml invalid, a spec that must be rejected.
package struct DocExample: CustomTestStringConvertible, Sendable {
    package var page: String
    package var line: Int
    package var text: String
    package var invalid: Bool
    package var fragment = false

    package init(page: String, line: Int, text: String, invalid: Bool, fragment: Bool = false) {
        self.page = page
        self.line = line
        self.text = text
        self.invalid = invalid
        self.fragment = fragment
    }

    package var testDescription: String { "\(page):\(line)\(invalid ? " (invalid)" : fragment ? " (fragment)" : "")" }

    /// Every fenced example of every page under `docs/`.
    package static func all() -> [DocExample] {
        let docs = PackagePaths.root + "/docs"
        let pages = ((try? FileManager.default.contentsOfDirectory(atPath: docs)) ?? []).filter { $0.hasSuffix(".md") }.sorted()
        var examples: [DocExample] = []
        for page in pages {
            guard let text = try? String(contentsOfFile: docs + "/" + page, encoding: .utf8) else { continue }
            var current: DocExample?
            var body: [Substring] = []
            for (n, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                if var example = current {
                    if line.hasPrefix("```") {
                        example.text = body.joined(separator: "\n") + "\n"
                        examples.append(example)
                        current = nil
                    } else {
                        body.append(line)
                    }
                } else if line == "```yaml" || line == "```yaml invalid" || line == "```yaml fragment" {
                    current = DocExample(page: "docs/" + page, line: n + 1, text: "", invalid: line.hasSuffix("invalid"),
                                         fragment: line.hasSuffix("fragment"))
                    body = []
                }
            }
        }
        return examples
    }
}
