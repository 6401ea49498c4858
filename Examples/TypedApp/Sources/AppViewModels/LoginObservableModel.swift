import Observation
import SpecRuntime
import TypedScreens

/// The same login screen written for SwiftUI with the `@Observable` macro: a view redraws when a
/// property it reads changes. It conforms to the spec's contract like any other view model.
@MainActor
@Observable
public final class LoginObservableModel: LoginViewModeling {
    public var email = ""
    public var password = ""
    public private(set) var loginExecuting = false
    public private(set) var loginErrors: ErrorValue?
    @ObservationIgnored private let signIn: LoginViewModel.SignIn

    /// A model that signs in with `signIn`.
    public init(signIn: @escaping LoginViewModel.SignIn) {
        self.signIn = signIn
    }

    public var canLogin: Bool { email.count >= 10 && password.count >= 4 }
    public var loginEnabled: Bool { canLogin && !loginExecuting }

    public func confirm() { login() }

    public func login() {
        guard loginEnabled else {
            loginErrors = .notEnabled
            return
        }
        loginExecuting = true
        Task { await signInNow() }
    }

    private func signInNow() async {
        defer { loginExecuting = false }
        do {
            try await signIn(.init(email: email, password: password))
        } catch {
            loginErrors = error as? ErrorValue ?? .unknownError
        }
    }
}
