extension StreamOperators {
    /// Ends with an error of kind `timeout` when `dueTime` ms pass without an element, counted
    /// from the subscription and then from each element (RxSwift's `timeout(_:scheduler:)`, its
    /// `RxError.timeout`). Elements, failures and ends that come in time pass; after the timeout
    /// nothing does.
    static func timeout(_ dueTime: Int, _ env: PipelineEnvironment) -> StreamOperator { TimeoutSink(dueTime, env) }
}

private final class TimeoutSink: StreamOperator {
    var sink: StreamSink?
    private let dueTime: Int
    private let env: PipelineEnvironment
    private var done = false

    /// Its timer is on the clock.
    var operatorState: OperatorState { .flag(done) }
    func restore(_ state: OperatorState) { done = state.flag }

    init(_ dueTime: Int, _ env: PipelineEnvironment) {
        self.dueTime = dueTime
        self.env = env
    }

    func start() { arm() }

    var disposesSourceBeforeItsEnd: Bool { true }

    func on(_ event: StreamEvent) {
        guard !done else { return }
        env.cancelTimers()
        if event.isTerminal {
            done = true
        } else {
            arm()
        }
        forward(event)
    }

    private func arm() { env.schedule(dueTime) }

    func fire(_ payload: StreamTimer.Payload) {
        guard !done else { return }
        done = true
        forward(.error(ErrorValue(.timeout)))
    }
}
