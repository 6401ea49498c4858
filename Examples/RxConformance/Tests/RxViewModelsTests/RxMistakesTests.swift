import RxConformance
import RxViewModels
import SpecConformance
import SpecRuntime
import Testing

/// Three deliberate mistakes written in RxSwift, each found: by the spec's written scenarios, and
/// again by explored paths alone (the scenarios left out), shrunk to at most four steps, with the
/// first diverging output and instant named; under exact timelines and under RxTest's
/// equivalence alike (which forgives only what an instant shows before its last element).
@MainActor
struct RxMistakesTests {
    static func search(_ mistake: SearchViewModel.Mistake, _ equivalence: Equivalence) throws -> Conformance<RxTested<SearchViewModel>> {
        try Conformance(rx: RxContracts.search, equivalence: equivalence) { env, scheduler in
            SearchViewModel(search: env.single("github.search"), scheduler: scheduler, mistake: mistake)
        }
    }

    static func login(_ equivalence: Equivalence) throws -> Conformance<RxTested<LoginViewModel>> {
        try Conformance(rx: RxContracts.login, equivalence: equivalence) { env, _ in
            LoginViewModel(signIn: env.single("auth.signIn"), mistake: .enabledWhileSigningIn)
        }
    }

    @Test(arguments: [true, false], [Equivalence.exact, .rxTest])
    func aDebounceOf200InsteadOf300(scenarios: Bool, equivalence: Equivalence) async throws {
        let report = try await Self.search(.debounce200, equivalence).check(scenarios: scenarios)
        let divergence = try #require(report.divergences.first, "\(report)")
        print("debounce(200ms), scenarios: \(scenarios), \(equivalence)\n\(report)\n")
        #expect(divergence.origin == (scenarios ? "scenario 'a query is searched after 300 ms of quiet'" : "an explored path"), "\(divergence)")
        #expect(divergence.output == "repositories", "\(divergence)")
        #expect(divergence.steps.count <= 4, "\(divergence)")
        #expect(divergence.description.contains("diverges at \(divergence.milliseconds) ms on 'repositories'"))
    }

    @Test(arguments: [true, false], [Equivalence.exact, .rxTest])
    func aFlatMapInsteadOfFlatMapLatest(scenarios: Bool, equivalence: Equivalence) async throws {
        let report = try await Self.search(.flatMap, equivalence).check(scenarios: scenarios)
        let divergence = try #require(report.divergences.first, "\(report)")
        print("flatMap instead of flatMapLatest, scenarios: \(scenarios), \(equivalence)\n\(report)\n")
        #expect(["repositories", "message"].contains(divergence.output), "\(divergence)")
        #expect(divergence.steps.count <= 4, "\(divergence)")
        // The search it left still lands in the view model; the spec disposed of it.
        #expect(divergence.specValue == nil, "\(divergence)")
        #expect(divergence.modelValue != nil, "\(divergence)")
        #expect(divergence.description.contains("diverges at \(divergence.milliseconds) ms on '\(divergence.output)'"))
    }

    @Test(arguments: [true, false], [Equivalence.exact, .rxTest])
    func aButtonEnabledWhileItsActionExecutes(scenarios: Bool, equivalence: Equivalence) async throws {
        let report = try await Self.login(equivalence).check(scenarios: scenarios)
        let divergence = try #require(report.divergences.first, "\(report)")
        print("enabled while executing, scenarios: \(scenarios), \(equivalence)\n\(report)\n")
        #expect(divergence.output == "login.enabled", "\(divergence)")
        #expect(divergence.specValue == "false", "\(divergence)")
        #expect(divergence.steps.count <= 4, "\(divergence)")
        #expect(divergence.scenario.contains("- expect: { login.enabled: "), "\(divergence.scenario)")
        #expect(divergence.description.contains("diverges at \(divergence.milliseconds) ms on 'login.enabled'"))
    }
}
