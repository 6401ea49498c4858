import ScreenSpec
import SpecRuntime

/// `specs/login.yaml` as an app embeds it: a ``LiveScreen`` on the live clock, fed the same changes
/// as ``InterpretedLogin`` through ``LiveScreen/set(_:to:)-(ScreenNode,_)`` with nodes resolved
/// once, counting the same two outputs through observers.
public final class LiveLogin {
    public let screen: LiveScreen
    private let email: ScreenNode
    private let password: ScreenNode
    private let inputs: [Value]
    private let counter = Counter()

    /// Written only by observers, which run on the thread that makes the change (one here).
    final class Counter: @unchecked Sendable {
        var count = 0
        var lastChange: ContinuousClock.Instant = .now
        var latencies: [Duration] = []
        var measuring = false
    }

    public init(spec: CheckedSpec) {
        do {
            screen = try LiveScreen(spec: spec)
            email = try screen.node("email")
            password = try screen.node("password")
            let counter = self.counter
            for name in ["canLogin", "login.enabled"] {
                try screen.observe(name) { _ in
                    counter.count += 1
                    if counter.measuring, name == "canLogin" { counter.latencies.append(ContinuousClock.now - counter.lastChange) }
                }
            }
            screen.start()
            try screen.set(email, to: .string(LoginWorkload.longEmail))
            try screen.set(password, to: .string(LoginWorkload.password))
        } catch {
            preconditionFailure("the login spec does not run live: \(error)")
        }
        inputs = (0..<4).map { .string(LoginWorkload.input($0)) }
        counter.count = 0
    }

    deinit {
        screen.stop()
    }

    public var emissions: Int { counter.count }

    /// Feeds changes `0..<changes` and returns the emissions they caused.
    public func run(changes: Int) -> Int {
        let before = counter.count
        // Each node passed as it is held, as an app passes it: a `ScreenNode` chosen by a
        // ternary would be copied (its name and type retained) on every change.
        for i in 0..<changes {
            if i & 1 == 0 { try? screen.set(email, to: inputs[i & 3]) } else { try? screen.set(password, to: inputs[i & 3]) }
        }
        return counter.count - before
    }

    /// Sets the email to one that makes `canLogin` true (the password is long enough); true when
    /// the `canLogin` observer saw it before `set` returned. For package-benchmark's latency.
    public func flip() -> Bool {
        let before = counter.count
        try? screen.set(email, to: inputs[2])
        return counter.count > before
    }

    /// Sets the email back to one too short, so that the next ``flip()`` changes `canLogin` again.
    public func flipBack() {
        try? screen.set(email, to: inputs[0])
    }

    /// Time from calling `set` on the email to the `canLogin` observer seeing the new value, for
    /// `samples` email changes that flip it (a password change between them, not timed).
    public func latencies(samples: Int) -> [Duration] {
        counter.latencies = []
        counter.latencies.reserveCapacity(samples)
        counter.measuring = true
        for i in 0..<(2 * samples) {
            if i & 1 == 0 { counter.lastChange = .now }
            try? screen.set(i & 1 == 0 ? email : password, to: inputs[i & 3])
        }
        counter.measuring = false
        return counter.latencies
    }
}
