import SpecRuntime
import TypedScreens

/// Seeds 000/001's login view model rewritten for Swift Concurrency: plain properties the view
/// binds, `confirm()` for the button, and a sign-in that runs as a task. The spec (`login.yaml`)
/// is its oracle: `ConformingViewModelsTests` plays every scenario and explored path against it.
// doc: view model
@MainActor
public final class LoginViewModel: LoginViewModeling {
    /// Signs in: the backend call, answered by the spec's fake in the tests.
    public typealias SignIn = @Sendable (LoginScreen.AuthSignInArguments) async throws -> Void

    /// A deliberate mistake, for the tests that show a check failing.
    public enum Mistake: Sendable {
        /// The button is enabled while signing in, so a second tap signs in again.
        case enabledWhileSigningIn
    }

    public var email = ""
    public var password = ""
    public private(set) var loginExecuting = false
    public private(set) var loginErrors: ErrorValue?

    private let signIn: SignIn
    private let mistake: Mistake?

    /// A view model that signs in with `signIn`.
    public init(signIn: @escaping SignIn, mistake: Mistake? = nil) {
        self.signIn = signIn
        self.mistake = mistake
    }

    /// The form is valid: at least 10 characters of email and 4 of password.
    public var canLogin: Bool { email.count >= 10 && password.count >= 4 }

    /// The button is on when the form is valid and no sign-in runs.
    public var loginEnabled: Bool {
        mistake == .enabledWhileSigningIn ? canLogin : canLogin && !loginExecuting
    }

    /// The confirm button.
    public func confirm() { login() }

    /// Signs in; while disabled, reports `notEnabled` as the `Action` library does.
    public func login() {
        guard loginEnabled else {
            loginErrors = .notEnabled
            return
        }
        loginExecuting = true
        let arguments = LoginScreen.AuthSignInArguments(email: email, password: password)
        Task {
            do {
                try await signIn(arguments)
            } catch {
                loginErrors = error as? ErrorValue ?? .unknownError
            }
            loginExecuting = false
        }
    }
}
// end doc
