import RxRelay
import RxSwift
import SpecRuntime

/// Seeds 000/001's login view model in RxSwift: the email and password as `@SubjectProperty`s the
/// text fields bind both ways, `canLogin` when the email has at least 10 characters and the
/// password at least 4, and the confirm button bound to `login`, an action enabled by `canLogin`
/// whose work is the sign-in (`Single<Void>`, 5 seconds in the spec's fake).
public final class LoginViewModel {
    /// Signs in: the backend call.
    public typealias SignIn = (LoginScreen.AuthSignInArguments) -> Single<Void>

    /// A deliberate mistake, for the tests that show a check failing.
    public enum Mistake: Sendable {
        /// The button is enabled while signing in, so a second tap signs in again.
        case enabledWhileSigningIn
    }

    /// What the view writes and fires.
    public struct Input {
        /// The email field, bound both ways.
        public let email: BehaviorRelay<String>
        /// The password field, bound both ways.
        public let password: BehaviorRelay<String>
        /// The confirm button's taps (bound to `login` by the view model).
        public let confirm: PublishRelay<Void>
    }

    /// What the view shows.
    public struct Output {
        /// Whether the form is valid.
        public let canLogin: Observable<Bool>
    }

    /// The email, as the view model reads it; `$email` is the relay the field binds.
    @SubjectProperty public var email = ""
    /// The password; `$password` is the relay the field binds.
    @SubjectProperty public var password = ""

    /// What the view writes and fires.
    public let input: Input
    /// What the view shows.
    public let output: Output
    /// The sign-in, as the confirm button runs it (`confirm.rx.action = viewModel.login` in the seed).
    public let login: RxAction<Void, Void>
    private let disposeBag = DisposeBag()

    /// A view model that signs in with `signIn`.
    public init(signIn: @escaping SignIn, mistake: Mistake? = nil) {
        let confirm = PublishRelay<Void>()
        input = Input(email: _email.projectedValue, password: _password.projectedValue, confirm: confirm)
        let canLogin = Observable
            .combineLatest(_email.projectedValue, _password.projectedValue) { email, password in
                email.count >= 10 && password.count >= 4
            }
            .distinctUntilChanged()
            .share(replay: 1, scope: .forever)
        output = Output(canLogin: canLogin)
        let email = _email.projectedValue, password = _password.projectedValue
        login = RxAction(enabledIf: canLogin, ignoresExecuting: mistake == .enabledWhileSigningIn) { _ in
            signIn(LoginScreen.AuthSignInArguments(email: email.value, password: password.value)).asObservable()
        }
        confirm.subscribe(onNext: { [login] in login.execute() }).disposed(by: disposeBag)
    }
}
