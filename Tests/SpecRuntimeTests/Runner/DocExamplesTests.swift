import Foundation
import ScreenSpec
import SpecRuntime
import SpecTesting
import Testing

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
        let path = PackagePaths.root + "/docs/example-at-line-\(example.line).yaml"
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
