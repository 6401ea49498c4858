extension StreamOperators {
    /// Passes the first `count` elements, then completes (RxSwift's `take(_:)`); `take: 0`
    /// completes when the pipeline is subscribed.
    static func take(_ count: Int) -> StreamOperator { TakeSink(count) }

    /// Passes elements for `duration` ms from subscription, then completes (RxSwift's
    /// `take(for:scheduler:)`).
    static func take(for duration: Int, _ env: PipelineEnvironment) -> StreamOperator { TakeForSink(duration, env) }
}

private final class TakeSink: StreamOperator {
    var sink: StreamSink?

    var operatorState: OperatorState { .count(remaining) }
    func restore(_ state: OperatorState) { remaining = state.count }
    private var remaining: Int

    init(_ count: Int) { remaining = count }

    func start() {
        if remaining == 0 { forward(.completed) }
    }

    func on(_ event: StreamEvent) {
        guard remaining > 0 else { return }
        forward(event)
        if case .next = event {
            remaining -= 1
            if remaining == 0 { forward(.completed) }
        }
    }
}

private final class TakeForSink: StreamOperator {
    var sink: StreamSink?

    /// Its one timer, on the clock, is all it keeps.
    var operatorState: OperatorState { .stateless }
    func restore(_ state: OperatorState) {}
    private let duration: Int
    private let env: PipelineEnvironment

    init(_ duration: Int, _ env: PipelineEnvironment) {
        self.duration = duration
        self.env = env
    }

    func start() {
        env.schedule(duration)
    }

    func fire(_ payload: StreamTimer.Payload) {
        forward(.completed)
    }

    func on(_ event: StreamEvent) { forward(event) }
}
