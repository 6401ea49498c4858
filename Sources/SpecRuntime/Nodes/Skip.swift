extension StreamOperators {
    /// Drops the first `count` elements.
    static func skip(_ count: Int) -> StreamOperator { SkipSink(count) }

    /// Drops the elements of the first `duration` ms from subscription (RxSwift's
    /// `skip(_:scheduler:)`); ends pass at any time.
    static func skip(for duration: Int, _ env: PipelineEnvironment) -> StreamOperator { SkipForSink(duration, env) }
}

private final class SkipSink: StreamOperator {
    var sink: StreamSink?

    var operatorState: OperatorState { .count(remaining) }
    func restore(_ state: OperatorState) { remaining = state.count }
    private var remaining: Int

    init(_ count: Int) { remaining = count }

    func on(_ event: StreamEvent) {
        if case .next = event, remaining > 0 {
            remaining -= 1
            return
        }
        forward(event)
    }
}

private final class SkipForSink: StreamOperator {
    var sink: StreamSink?

    var operatorState: OperatorState { .flag(open) }
    func restore(_ state: OperatorState) { open = state.flag }
    private let duration: Int
    private let env: PipelineEnvironment
    private var open = false

    init(_ duration: Int, _ env: PipelineEnvironment) {
        self.duration = duration
        self.env = env
    }

    func start() {
        // RxSwift opens the gate with a timer; an element at the very tick it fires passes.
        env.schedule(duration)
    }

    func fire(_ payload: StreamTimer.Payload) {
        open = true
    }

    func on(_ event: StreamEvent) {
        if case .next = event, !open { return }
        forward(event)
    }
}
