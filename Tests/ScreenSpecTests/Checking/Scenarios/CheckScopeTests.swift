import Foundation
import ScreenSpec
import SpecRuntime
import SpecTesting
import Testing

/// A loaded spec's ``CheckScope`` checks one step as the spec's own scenarios are checked: the
/// same plan for a step a scenario holds, the same errors for one it refuses.
@Suite("CheckScope")
struct CheckScopeTests {
    private func loaded() throws -> LoadedSpec {
        let loaded = SpecLoader.load(path: PackagePaths.root + "/specs/login.yaml")
        #expect(loaded.spec != nil)
        return loaded
    }

    @Test func aStepChecksToThePlanItsScenarioHas() throws {
        let loaded = try loaded()
        let scope = try #require(loaded.scope)
        let scenario = try #require(loaded.spec?.scenarios.first { $0.name == "a person fills in the form and taps confirm" })
        for (line, expected) in [("- type: { email: \"someone@example.com\" }", scenario.steps[0]), ("- tap: confirm", scenario.steps[1])] {
            let (plans, diagnostics) = scope.check(stepText: line, path: loaded.source.path)
            #expect(diagnostics.isEmpty)
            #expect(plans.map(\.text) == [expected.text])
            #expect(plans.map { "\($0.kind)" } == ["\(expected.kind)"])
        }
    }

    /// Each refused step gives the errors the same step gives in a scenario of the spec's text.
    @Test(arguments: ["- tap: confrim", "- type: { confirm: \"x\" }", "- send: { email: 3 }", "- expect: { nothing: 1 }"])
    func aRefusedStepHasTheScenarioStepsErrors(_ line: String) throws {
        let loaded = try loaded()
        let scope = try #require(loaded.scope)
        let (plans, diagnostics) = scope.check(stepText: line, path: loaded.source.path)
        #expect(plans.isEmpty)
        #expect(!diagnostics.isEmpty)
        // The spec's 'scenarios:' is its last section: a scenario appended holds the step.
        let text = loaded.source.text + "  - name: one more\n    steps:\n      \(line)\n"
        let whole = SpecLoader.load(text: text, path: loaded.source.path)
        #expect(diagnostics.map(\.message) == whole.diagnostics.map(\.message))
    }
}
