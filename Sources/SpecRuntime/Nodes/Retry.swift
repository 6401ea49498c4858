@_spi(Engine) import SpecProgram

extension StreamOperators {
    /// On an error, resubscribes to its upstream — calls the service again — until `maxAttempts`
    /// subscriptions in all have failed, then passes the error (RxSwift's `retry(_:)`); nil
    /// retries without limit. With `when`, only an error for which that Bool expression over `$0`
    /// (the error) holds is retried, the others pass at once; with `delay`, the resubscription
    /// comes that many milliseconds after the error, on the virtual clock: RxSwift's
    /// `retry(when:)` whose handler throws the errors it does not retry and answers the others
    /// with `Observable.timer(delay)`. Only inside a request's `ops:`, whose upstream can be
    /// replayed.
    static func retry(_ maxAttempts: Int?, when condition: CompiledExpr? = nil, delay: Int? = nil, _ env: PipelineEnvironment) -> StreamOperator {
        RetrySink(maxAttempts, condition, delay, env)
    }
}

final class RetrySink: StreamOperator {
    var sink: StreamSink?

    /// A resubscription waiting for its delay is a timer on the clock.
    var operatorState: OperatorState { .count(attempts) }
    func restore(_ state: OperatorState) { attempts = state.count }
    /// Set by the inner stream: subscribe the upstream again.
    var resubscribe: (() -> Void)?
    private let maxAttempts: Int?
    private let condition: CompiledExpr?
    private let delay: Int?
    private let env: PipelineEnvironment
    private var attempts = 1

    init(_ maxAttempts: Int?, _ condition: CompiledExpr?, _ delay: Int?, _ env: PipelineEnvironment) {
        self.maxAttempts = maxAttempts
        self.condition = condition
        self.delay = delay
        self.env = env
    }

    func on(_ event: StreamEvent) {
        guard case .error(let error) = event, resubscribe != nil, maxAttempts.map({ attempts < $0 }) ?? true else { return forward(event) }
        if let condition {
            // A failing condition ends the stream with its own error, as a throwing handler does.
            guard let holds = value(env.attempt(condition, [.error(error)], operator: "retry")) else { return }
            guard holds.boolValue else { return forward(event) }
        }
        attempts += 1
        if let delay, delay > 0 { return env.schedule(delay) }
        resubscribe?()
    }

    /// The delay after a retried error ended.
    func fire(_ payload: StreamTimer.Payload) {
        resubscribe?()
    }
}
