import Foundation
import ScreenSpec
import SpecRuntime
import SpecTesting
import Testing

/// The start is one transaction, with the first rows' `created` in it: the timeline prints the
/// rows and what reads them once at 0 ms, as `created` left them, as a row made later by a step is
/// printed once in that step's transaction (where the start printed the rows as they were before
/// their `created`, then again).
@Suite("A row's created at the start")
struct RowCreatedStartTests {
    @Test func theRowsAndWhatReadsThemArePrintedOnceAtTheStart() throws {
        let chat = try #require(DocExample.all().first { $0.page == "docs/spec-language.md" && $0.text.hasPrefix("screen: Chat\n") && $0.text.contains("trigger: created") })
        let loaded = SpecLoader.load(text: chat.text, path: "chat.yaml")
        let spec = try #require(loaded.spec, "\(loaded.renderDiagnostics())")
        let timeline = ScenarioRunner.run(spec, scenario: 0)
        let text = TimelineFormatter.text(timeline)
        #expect(timeline.passed, "\(text)")
        let atStart = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.prefix { !$0.contains("▶") }
        let named = { (name: String) in atStart.filter { $0.hasPrefix("0ms ") && $0.dropFirst(4).trimmingCharacters(in: .whitespaces).hasPrefix(name + " ") } }
        #expect(named("rows").count == 1, "\(text)")
        #expect(named("sending").count == 1 && named("sending").first?.hasSuffix("[true]") == true, "\(text)")
        #expect(named("rows").first?.contains("deliver.executing: true") == true, "\(text)")
        #expect(named("rows.created").count == 1, "\(text)")
    }
}
