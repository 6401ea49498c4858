import Foundation
import ScreenSpec
import SpecRuntime
import SpecTools
import Testing

/// A fenced ```yaml block of a doc page: a complete spec that must load and whose expectations
/// must hold, or, fenced ```yaml invalid, a spec that must be rejected.
struct DocExample: CustomTestStringConvertible, Sendable {
    var page: String
    var line: Int
    var text: String
    var invalid: Bool
    var fragment = false

    var testDescription: String { "\(page):\(line)\(invalid ? " (invalid)" : fragment ? " (fragment)" : "")" }

    static func all() -> [DocExample] {
        let docs = packageRoot + "/docs"
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

@Suite("Documentation examples")
struct DocExamplesTests {
    @Test func theReferenceHasExamples() {
        let examples = DocExample.all().filter { $0.page == "docs/spec-language.md" }
        #expect(examples.filter { !$0.invalid }.count >= 20)
        #expect(examples.contains { $0.invalid })
    }

    @Test(arguments: DocExample.all())
    func exampleBehavesAsDocumented(_ example: DocExample) {
        // A path in docs/, which holds no specs: a navigating example can only open itself.
        let path = packageRoot + "/docs/example-at-line-\(example.line).yaml"
        if example.fragment {
            var diagnostics = DiagnosticBag()
            let node = YAMLParser.parse(SourceFile(path: path, text: example.text), diagnostics: &diagnostics)
            #expect(node != nil && diagnostics.all.isEmpty, "\(example.testDescription) is not well-formed YAML")
            return
        }
        let loaded = SpecLoader.load(text: example.text, path: path)
        if example.invalid {
            #expect(loaded.spec == nil, "\(example.testDescription) should be rejected")
            #expect(!loaded.diagnostics.isEmpty)
            return
        }
        guard let spec = loaded.spec else {
            Issue.record("\(example.testDescription) does not load:\n\(loaded.renderDiagnostics())")
            return
        }
        for timeline in ScenarioRunner.runAll(spec) where !timeline.passed {
            Issue.record("\(example.testDescription): \(timeline.scenario) fails:\n\(TimelineFormatter.text(timeline))")
        }
    }
}
