import Observation
import ScreenSpec
import SpecRuntime
import SpecTools

/// The login form's work, written three ways over the same inputs: change `i` writes the email when
/// `i` is even and the password when it is odd, cycling through four values so that every change is
/// a real change and every email change flips `canLogin` (the password stays long enough):
///
/// | i % 4 | change                      | canLogin |
/// |-------|-----------------------------|----------|
/// | 0     | email = "a@b.co" (short)    | false    |
/// | 1     | password = "hunter3"        | false    |
/// | 2     | email = "ab@example.com"    | true     |
/// | 3     | password = "hunter2"        | true     |
///
/// Each variant starts from email "ab@example.com", password "hunter2" (canLogin true) and counts
/// the emissions of two outputs that change with `canLogin`: `canLogin` itself and a second one
/// (`login.enabled` in the spec, a greeting in the hand-written view models). So every variant
/// emits twice per email change: `changes` emissions in all.
public enum LoginWorkload {
    public static let longEmail = "ab@example.com"
    public static let shortEmail = "a@b.co"
    public static let password = "hunter2"
    public static let otherPassword = "hunter3"

    /// The value written by change `i`: every string here is at most 15 UTF-8 bytes, so Swift
    /// stores it inline and copying it never allocates or retains.
    @inline(__always)
    public static func input(_ i: Int) -> String {
        switch i & 3 {
        case 0: shortEmail
        case 1: otherPassword
        case 2: longEmail
        default: password
        }
    }

    /// The emissions every variant must count for `changes` changes.
    public static func expectedEmissions(_ changes: Int) -> Int {
        // Changes 0, 2, 4, ... flip canLogin; each flip emits two outputs.
        2 * ((changes + 1) / 2)
    }
}

// MARK: interpreted: the login spec's graph

/// `specs/login.yaml` compiled into a ``ScreenGraph``, fed through the runtime API.
public final class InterpretedLogin {
    public let graph: ScreenGraph
    private let email: InputHandle
    private let password: InputHandle
    private let inputs: [Value]
    private let counter = Counter()

    final class Counter { var count = 0 }

    public init(spec: CheckedSpec) {
        graph = ScreenGraph(spec: spec)
        // Handles looked up once: every change below is an index, never a name.
        guard let email = spec.input(named: "email"), let password = spec.input(named: "password") else {
            preconditionFailure("the login spec has no 'email' or 'password' input")
        }
        self.email = email
        self.password = password
        inputs = (0..<4).map { .string(LoginWorkload.input($0)) }
        // Since the spec gained its view, the inputs and the view's components emit too (the text
        // fields echo each change, the button follows `login.enabled`); the graph still does all
        // that work, but only the two outputs the hand-written variants also have are counted.
        guard let canLogin = spec.handle(named: "canLogin"), let enabled = spec.handle(named: "login.enabled") else {
            preconditionFailure("the login spec has no 'canLogin' or 'login.enabled'")
        }
        let counter = self.counter
        graph.onEmit = { if $0.source == canLogin || $0.source == enabled { counter.count += 1 } }
        graph.start()
        graph.set(email, to: .string(LoginWorkload.longEmail))
        graph.set(password, to: .string(LoginWorkload.password))
        counter.count = 0
    }

    public var emissions: Int { counter.count }

    /// Feeds changes `0..<changes` and returns the emissions they caused.
    public func run(changes: Int) -> Int {
        let before = counter.count
        for i in 0..<changes {
            graph.set(i & 1 == 0 ? email : password, to: inputs[i & 3])
        }
        return counter.count - before
    }
}

// MARK: hand-written with Observation

/// The login view model as a developer would write it with the Observation framework.
@Observable
public final class LoginViewModel {
    public var email = LoginWorkload.longEmail
    public var password = LoginWorkload.password

    public init() {}

    public var canLogin: Bool { email.count >= 10 && password.count >= 4 }
    public var greeting: String { canLogin ? "Welcome back" : "Please sign in" }
}

/// What a view does with an Observation view model: track what it reads, and after every change
/// it was told about, read again and update only what changed.
public final class ObservationLogin: @unchecked Sendable {
    public let model = LoginViewModel()
    private var canLogin: Bool
    private var greeting: String
    private var invalidated = false
    public private(set) var emissions = 0

    public init() {
        canLogin = model.canLogin
        greeting = model.greeting
        track()
    }

    /// Reads the outputs under tracking and emits the ones whose value changed.
    private func track() {
        invalidated = false
        let (c, g) = withObservationTracking {
            (model.canLogin, model.greeting)
        } onChange: { [unowned self] in
            invalidated = true
        }
        if c != canLogin {
            canLogin = c
            emissions += 1
        }
        if g != greeting {
            greeting = g
            emissions += 1
        }
    }

    public func run(changes: Int) -> Int {
        let before = emissions
        for i in 0..<changes {
            if i & 1 == 0 { model.email = LoginWorkload.input(i) } else { model.password = LoginWorkload.input(i) }
            if invalidated { track() }
        }
        return emissions - before
    }
}

// MARK: plain closures, the floor

/// Two variables, a recompute closure, emit on change: the least a reactive form can do.
public final class ClosureLogin {
    public private(set) var emissions = 0
    private let setEmail: (String) -> Void
    private let setPassword: (String) -> Void
    private let count: () -> Int

    public init() {
        var email = LoginWorkload.longEmail
        var password = LoginWorkload.password
        var canLogin = true
        var greeting = "Welcome back"
        var emitted = 0
        let recompute = {
            let c = email.count >= 10 && password.count >= 4
            if c != canLogin {
                canLogin = c
                emitted += 1
            }
            let g = c ? "Welcome back" : "Please sign in"
            if g != greeting {
                greeting = g
                emitted += 1
            }
        }
        setEmail = { email = $0; recompute() }
        setPassword = { password = $0; recompute() }
        count = { emitted }
    }

    public func run(changes: Int) -> Int {
        let before = count()
        for i in 0..<changes {
            if i & 1 == 0 { setEmail(LoginWorkload.input(i)) } else { setPassword(LoginWorkload.input(i)) }
        }
        return count() - before
    }
}
