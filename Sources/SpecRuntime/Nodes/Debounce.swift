extension StreamOperators {
    /// Emits an element once `dueTime` ms pass without a newer one. On completion the pending
    /// element is sent at once, then the completion; an error drops it (RxSwift's `debounce`).
    static func debounce(_ dueTime: Int, _ env: PipelineEnvironment) -> StreamOperator { DebounceSink(dueTime, env) }
}

private final class DebounceSink: StreamOperator {
    var sink: StreamSink?
    private let dueTime: Int
    private let env: PipelineEnvironment
    private var pending: Value?

    /// The pending element; its timer is on the clock.
    var operatorState: OperatorState { .element(pending) }
    func restore(_ state: OperatorState) { pending = state.element }

    init(_ dueTime: Int, _ env: PipelineEnvironment) {
        self.dueTime = dueTime
        self.env = env
    }

    func on(_ event: StreamEvent) {
        switch event {
        case .next(let value):
            // The previous element's timer can no longer do anything.
            env.cancelTimers()
            pending = value
            env.schedule(dueTime)
        case .failure:
            forward(event)
        case .completed:
            env.cancelTimers()
            if let value = pending {
                pending = nil
                forward(.next(value))
            }
            forward(event)
        case .error:
            env.cancelTimers()
            pending = nil
            forward(event)
        }
    }

    func fire(_ payload: StreamTimer.Payload) {
        guard let value = pending else { return }
        pending = nil
        forward(.next(value))
    }
}
