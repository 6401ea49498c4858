extension StreamOperators {
    /// On an error, resubscribes to its upstream — calls the service again — until `maxAttempts`
    /// subscriptions in all have failed, then passes the error (RxSwift's `retry(_:)`); nil
    /// retries without limit. Only inside a request's `ops:`, whose upstream can be replayed.
    static func retry(_ maxAttempts: Int?) -> StreamOperator { RetrySink(maxAttempts) }
}

final class RetrySink: StreamOperator {
    var sink: StreamSink?

    var operatorState: OperatorState { .count(attempts) }
    func restore(_ state: OperatorState) { attempts = state.count }
    /// Set by the inner stream: subscribe the upstream again.
    var resubscribe: (() -> Void)?
    private let maxAttempts: Int?
    private var attempts = 1

    init(_ maxAttempts: Int?) { self.maxAttempts = maxAttempts }

    func on(_ event: StreamEvent) {
        if case .error = event, let resubscribe, maxAttempts.map({ attempts < $0 }) ?? true {
            attempts += 1
            resubscribe()
            return
        }
        forward(event)
    }
}
