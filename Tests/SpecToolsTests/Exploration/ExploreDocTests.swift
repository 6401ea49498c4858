import Foundation
import ScreenSpec
import SpecRuntime
@testable import SpecRuntime
@testable import SpecTools
import SpecTesting
import Testing

/// docs/explore.md's worked example: the race is found with the counterexample the page prints,
/// and the fixed spec (keeping that counterexample as a scenario) passes.
@Suite("docs/explore.md")
struct ExploreDocTests {
    @Test func theWorkedExampleIsFoundAndFixed() throws {
        let page = try String(contentsOfFile: PackagePaths.root + "/docs/explore.md", encoding: .utf8)
        let searches = DocExample.all().filter { $0.page == "docs/explore.md" && $0.text.hasPrefix("screen: Search\n") }
        try #require(searches.count == 2)
        let before = try RaceSpecs.load(searches[0].text, path: "search.yaml")
        let found = Explorer.explore(before, options: ExploreOptions())
        let cx = try #require(found.counterexample)
        #expect(cx.steps == 2)
        #expect(page.contains(ExploreReport.text(found, specPath: "search.yaml").components(separatedBy: "\nstrategy ")[0]))
        let fixed = try RaceSpecs.load(searches[1].text, path: "search.yaml")
        var options = ExploreOptions()
        options.maxSteps = 20_000
        #expect(!Explorer.explore(fixed, options: options).violated)
        #expect(ScenarioRunner.runAll(fixed).allSatisfy { $0.passed })
    }

    /// The rows example: a violation that needs two rows is found, and the page prints it.
    @Test func theRowsExampleIsFound() throws {
        let page = try String(contentsOfFile: PackagePaths.root + "/docs/explore.md", encoding: .utf8)
        let pickers = DocExample.all().filter { $0.page == "docs/explore.md" && $0.text.hasPrefix("screen: Picker\n") }
        try #require(pickers.count == 1)
        let found = Explorer.explore(try RaceSpecs.load(pickers[0].text, path: "picker.yaml"), options: ExploreOptions())
        #expect(found.counterexample?.steps == 2)
        #expect(page.contains(ExploreReport.text(found, specPath: "picker.yaml").components(separatedBy: "\nstrategy ")[0]))
    }
}
