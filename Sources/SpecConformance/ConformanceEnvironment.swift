import Foundation
import SpecRuntime

/// What a view model is made with in a conformance run: the time it lives in, the spec's fake
/// services answering on that time, and the screen's parameters.
///
/// ```swift
/// let conformance = Conformance(LoginScreen.contract) { env in
///     LoginViewModel(clock: env.clock, signIn: env.service("auth.signIn"))
/// }
/// ```
@MainActor
public final class ConformanceEnvironment {
    /// The time the runner moves (a ``TestClockTime`` unless the run was given another).
    public let time: any ConformanceTime
    let backend: FakeBackend
    let params: (names: [String], values: [Value])

    init(time: any ConformanceTime, backend: FakeBackend, params: (names: [String], values: [Value])) {
        self.time = time
        self.backend = backend
        self.params = params
    }

    /// The clock to give the view model: the run's ``TestClockTime``. A run on another kind of
    /// time has no clock; asking for one is a mistake in the test, reported as a failure of it.
    public var clock: any Clock<Duration> {
        guard let clock = time as? TestClockTime else {
            backend.misuse("the view model asked for a clock, but the run's time is \(type(of: time))")
            return TestClockTime()
        }
        return clock
    }

    /// The screen's parameters (the spec's `params:`, as the scenario gives them) decoded as one
    /// value, such as the generated `EventsScreen.Parameters`.
    public func parameters<T: Decodable>(as type: T.Type = T.self) throws -> T {
        try Value.record(RecordValue(type: "Parameters", fieldNames: params.names, fields: params.values)).decoded(as: T.self)
    }

    /// The service `name` (`auth.signIn`) as the view model calls it: its arguments are the
    /// spec's `params:` of the service as one `Encodable` value (the generated
    /// `LoginScreen.AuthSignInArguments`), and it answers as the spec's fake does in this
    /// scenario (cases, successive results, failures as ``ErrorValue``s), after the fake's latency
    /// on the run's time. Cancelling the calling task cancels the call.
    public func service<Arguments: Encodable & Sendable, Answer: Decodable & Sendable>(_ name: String) -> @Sendable (Arguments) async throws -> Answer {
        let backend = backend
        return { arguments in try await backend.call(name, arguments, as: Answer.self) }
    }

    /// A service that answers `Void`.
    public func service<Arguments: Encodable & Sendable>(_ name: String) -> @Sendable (Arguments) async throws -> Void {
        let backend = backend
        return { arguments in _ = try await backend.call(name, arguments, as: IgnoredAnswer.self) }
    }

    /// A service that takes no argument.
    public func service<Answer: Decodable & Sendable>(_ name: String) -> @Sendable () async throws -> Answer {
        let backend = backend
        return { try await backend.call(name, NoArguments(), as: Answer.self) }
    }

    /// The fake's answer to the next call of `name` with `arguments`, without waiting: its latency
    /// in milliseconds and its value or error. For an adapter that schedules the answer on its own
    /// time (an RxSwift `Single` on a `TestScheduler`).
    public func answer<Arguments: Encodable, Answer: Decodable>(_ name: String, _ arguments: Arguments,
                                                             as type: Answer.Type = Answer.self) -> (latency: Int, result: Result<Answer, ErrorValue>) {
        backend.answer(name, arguments, as: Answer.self)
    }
}

/// What a `Void` service answers: anything.
struct IgnoredAnswer: Decodable, Sendable {
    init(from decoder: any Decoder) throws {}
}

/// The arguments of a service that takes none.
struct NoArguments: Encodable, Sendable {}
