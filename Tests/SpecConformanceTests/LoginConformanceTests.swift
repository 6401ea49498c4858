import Foundation
import ScreenSpec
import SpecConformance
import SpecRuntime
import SpecTesting
import Testing

/// specs/login.yaml against view models written by hand with async/await and a `Clock`: one that
/// behaves, and two with a mistake each, which the check must find and shrink.
@MainActor
struct LoginConformanceTests {
    struct SignIn: Encodable, Sendable {
        var email: String
        var password: String
    }

    /// The login screen as an iOS developer writes it for Swift Concurrency.
    @MainActor
    final class LoginViewModel {
        var email = ""
        var password = ""
        private(set) var executing = false
        private(set) var errors: ErrorValue?
        private let signIn: @Sendable (SignIn) async throws -> Void
        /// The mistake under test: the button stays enabled while signing in.
        private let enabledWhileBusy: Bool
        /// The mistake under test: the email needs 11 characters.
        private let emailMinimum: Int

        init(signIn: @escaping @Sendable (SignIn) async throws -> Void, enabledWhileBusy: Bool = false, emailMinimum: Int = 10) {
            self.signIn = signIn
            self.enabledWhileBusy = enabledWhileBusy
            self.emailMinimum = emailMinimum
        }

        var canLogin: Bool { email.count >= emailMinimum && password.count >= 4 }
        var enabled: Bool { canLogin && (enabledWhileBusy || !executing) }

        func login() {
            guard enabled, !executing else {
                errors = .notEnabled
                return
            }
            executing = true
            let arguments = SignIn(email: email, password: password)
            Task {
                do {
                    try await signIn(arguments)
                } catch {
                    errors = error as? ErrorValue ?? .unknownError
                }
                executing = false
            }
        }
    }

    /// The contract of specs/login.yaml, less the scenarios `leaving` names.
    static func contract(leaving: Set<String> = []) throws -> ScreenContract<LoginViewModel> {
        let loaded = SpecLoader.load(path: PackagePaths.specs + "/login.yaml")
        var spec = try #require(loaded.spec, "\(loaded.renderDiagnostics())")
        spec.scenarios.removeAll { leaving.contains($0.name) }
        return ScreenContract<LoginViewModel>(program: try CompiledSpec.json(spec))
            .input("email") { (model, value: String) in model.email = value }
            .input("password") { (model, value: String) in model.password = value }
            .event("confirm") { $0.login() }
            .action("login") { $0.login() }
            .output("canLogin") { $0.canLogin }
            .output("login.enabled") { $0.enabled }
            .output("login.executing") { $0.executing }
            .output("login.errors") { $0.errors }
    }

    @Test func aViewModelThatBehavesConforms() async throws {
        let conformance = try Conformance(Self.contract()) { env in LoginViewModel(signIn: env.service("auth.signIn")) }
        let report = await conformance.check()
        #expect(report.passed, "\(report)")
        #expect(report.scenarios == 6)
        #expect(report.explored > 50)
    }

    @Test func aButtonEnabledWhileItsActionExecutesIsFoundAndShrunk() async throws {
        let conformance = try Conformance(Self.contract()) { env in LoginViewModel(signIn: env.service("auth.signIn"), enabledWhileBusy: true) }
        let report = await conformance.check()
        let divergence = try #require(report.divergences.first, "\(report)")
        #expect(divergence.output == "login.enabled")
        #expect(divergence.specValue == "false")
        #expect(divergence.modelValue == nil)
        #expect(divergence.steps.count <= 4, "\(divergence)")
        #expect(divergence.scenario.contains("- send: confirm") || divergence.scenario.contains("- tap: confirm"), "\(divergence.scenario)")
    }

    @Test func aWrittenScenarioCatchesAThresholdOffByOne() async throws {
        let conformance = try Conformance(Self.contract()) { env in LoginViewModel(signIn: env.service("auth.signIn"), emailMinimum: 11) }
        let report = await conformance.check()
        let divergence = try #require(report.divergences.first, "\(report)")
        #expect(divergence.origin == "scenario 'the email needs at least 10 characters'")
        #expect(divergence.output == "canLogin")
        #expect(divergence.specValue == "true")
        #expect(report.explored == 0, "no path is explored once a scenario diverges")
    }

    @Test func anExploredPathFindsWhatNoScenarioCatches() async throws {
        // Without the threshold scenario every written scenario agrees with an 11-character
        // minimum; the explored paths still try the 10-character email the spec's scenarios used.
        let contract = try Self.contract(leaving: ["the email needs at least 10 characters"])
        let conformance = try Conformance(contract) { env in LoginViewModel(signIn: env.service("auth.signIn"), emailMinimum: 11) }
        let report = await conformance.check()
        let divergence = try #require(report.divergences.first, "\(report)")
        #expect(report.scenarios == 5)
        #expect(divergence.origin == "an explored path")
        #expect(divergence.output == "canLogin")
        #expect(divergence.steps.count <= 4, "\(divergence)")
        #expect(divergence.scenario.contains("\"a@b.co.uk2\""), "\(divergence.scenario)")
    }
}
