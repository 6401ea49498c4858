import AppViewModels
import SpecConformance
import SpecRuntime
import Testing
import TypedScreens

/// Three deliberate mistakes, each found: by the spec's written scenarios, and again by explored
/// paths alone (the scenarios left out), shrunk to at most four steps, with the first diverging
/// output and instant named.
@MainActor
struct MistakesTests {
    static func search(_ mistake: SearchViewModel.Mistake) throws -> Conformance<any SearchViewModeling> {
        try Conformance(SearchScreen.contract) { env in
            SearchViewModel(clock: env.clock, search: env.service("github.search"), mistake: mistake)
        }
    }

    static func login() throws -> Conformance<any LoginViewModeling> {
        try Conformance(LoginScreen.contract) { env in
            LoginViewModel(signIn: env.service("auth.signIn"), mistake: .enabledWhileSigningIn)
        }
    }

    @Test(arguments: [true, false])
    func aDebounceOf200InsteadOf300(scenarios: Bool) async throws {
        let report = try await Self.search(.debounce200).check(scenarios: scenarios)
        let divergence = try #require(report.divergences.first, "\(report)")
        #expect(divergence.origin == (scenarios ? "scenario 'a query is searched after 300 ms of quiet'" : "an explored path"), "\(divergence)")
        #expect(divergence.output == "repositories", "\(divergence)")
        #expect(divergence.steps.count <= 4, "\(divergence)")
        #expect(divergence.description.contains("diverges at \(divergence.milliseconds) ms on 'repositories'"))
    }

    @Test(arguments: [true, false])
    func aSearchThatDoesNotCancelTheOneItLeaves(scenarios: Bool) async throws {
        let report = try await Self.search(.keepsOldSearches).check(scenarios: scenarios)
        let divergence = try #require(report.divergences.first, "\(report)")
        #expect(["repositories", "message"].contains(divergence.output), "\(divergence)")
        #expect(divergence.steps.count <= 4, "\(divergence)")
        // The search it left still lands in the view model; the spec disposed of it.
        #expect(divergence.specValue == nil, "\(divergence)")
        #expect(divergence.modelValue != nil, "\(divergence)")
    }

    @Test(arguments: [true, false])
    func aButtonEnabledWhileItsActionExecutes(scenarios: Bool) async throws {
        let report = try await Self.login().check(scenarios: scenarios)
        let divergence = try #require(report.divergences.first, "\(report)")
        #expect(divergence.output == "login.enabled", "\(divergence)")
        #expect(divergence.milliseconds == 0)
        #expect(divergence.specValue == "false")
        #expect(divergence.steps.count <= 4, "\(divergence)")
        #expect(divergence.scenario.contains("- expect: { login.enabled: "), "\(divergence.scenario)")
        if scenarios {
            // docs/conformance.md shows this divergence as it prints.
            let page = try String(contentsOf: DocExamplesTests.package.appendingPathComponent("../../docs/conformance.md"), encoding: .utf8)
            #expect(page.contains("```text\n" + divergence.description + "\n```"), "docs/conformance.md should show:\n\(divergence)")
        }
    }
}
