extension StreamOperators {
    /// Emits each element and the completion `dueTime` ms later; failures pass at once, and an
    /// error passes at once and drops the elements still waiting (RxSwift's `delay`).
    static func delay(_ dueTime: Int, _ env: PipelineEnvironment) -> StreamOperator { DelaySink(dueTime, env) }
}

private final class DelaySink: StreamOperator {
    var sink: StreamSink?
    private let dueTime: Int
    private let env: PipelineEnvironment

    /// The delayed events are the payloads of its timers, on the clock.
    var operatorState: OperatorState { .stateless }
    func restore(_ state: OperatorState) {}

    init(_ dueTime: Int, _ env: PipelineEnvironment) {
        self.dueTime = dueTime
        self.env = env
    }

    func on(_ event: StreamEvent) {
        switch event {
        case .next, .completed:
            env.schedule(dueTime, .events([event]))
        case .failure:
            forward(event)
        case .error:
            env.cancelTimers()
            forward(event)
        }
    }

    func fire(_ payload: StreamTimer.Payload) {
        guard case .events(let events) = payload else { return }
        for event in events { forward(event) }
    }
}
