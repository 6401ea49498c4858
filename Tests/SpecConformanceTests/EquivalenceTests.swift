import Foundation
import ScreenSpec
import SpecConformance
import SpecRuntime
import SpecTesting
import Testing

/// What `exact` and `rxTest` tell apart: a pushed output that passes through an intermediate value
/// at the instant it changes, as RxSwift's `combineLatest` over one source does (a glitch the
/// spec's graph never shows).
@MainActor
struct EquivalenceTests {
    /// A login view model whose `canLogin` is an observable-like stream that, on every change of
    /// the form, first passes through the wrong value, then gives the right one.
    @MainActor
    final class GlitchyLogin {
        var email = "" { didSet { changed() } }
        var password = "" { didSet { changed() } }
        private var subscribers: [@MainActor @Sendable (Bool) -> Void] = []

        func subscribe(_ emit: @escaping @MainActor @Sendable (Bool) -> Void) {
            subscribers.append(emit)
            emit(valid)
        }

        private var valid: Bool { email.count >= 10 && password.count >= 4 }

        private func changed() {
            for emit in subscribers { emit(!valid) }
            for emit in subscribers { emit(valid) }
        }
    }

    static func conformance(_ equivalence: Equivalence) throws -> Conformance<GlitchyLogin> {
        let loaded = SpecLoader.load(path: PackagePaths.specs + "/login.yaml")
        var spec = try #require(loaded.spec, "\(loaded.renderDiagnostics())")
        // The scenarios that only set the form.
        spec.scenarios.removeAll { $0.name != "the email needs at least 10 characters" }
        let contract = ScreenContract<GlitchyLogin>(program: try CompiledSpec.json(spec))
            .input("email") { (model, value: String) in model.email = value }
            .input("password") { (model, value: String) in model.password = value }
            .stream("canLogin") { model, emit in model.subscribe(emit) }
        return try Conformance(contract, equivalence: equivalence) { _ in GlitchyLogin() }
    }

    @Test func exactSeesTheGlitch() async throws {
        let report = try await Self.conformance(.exact).check(depth: 0)
        let divergence = try #require(report.divergences.first, "\(report)")
        #expect(divergence.output == "canLogin")
        #expect(divergence.milliseconds == 0)
    }

    @Test func rxTestKeepsTheLastValueOfEachInstant() async throws {
        let report = try await Self.conformance(.rxTest).check(depth: 0)
        #expect(report.passed, "\(report)")
        #expect(report.scenarios == 1)
    }
}
