@_spi(Engine) import SpecProgram

extension StreamOperators {
    /// Delivers every event, the end included, in order, after the transaction it came in, at the
    /// same millisecond: RxSwift's `observe(on:)` on the one virtual clock, where every scheduler
    /// is the same and a hop costs no time (RxTest's +1 tick is a departure, see the docs).
    static func observeOn(_ env: PipelineEnvironment) -> StreamOperator { ObserveOnSink(env) }
}

private final class ObserveOnSink: StreamOperator {
    var sink: StreamSink?
    private let env: PipelineEnvironment

    /// The events on their way are the payloads of its timers, on the clock.
    var operatorState: OperatorState { .stateless }
    func restore(_ state: OperatorState) {}

    init(_ env: PipelineEnvironment) { self.env = env }

    func on(_ event: StreamEvent) {
        env.schedule(0, .events([event]))
    }

    func fire(_ payload: StreamTimer.Payload) {
        guard case .events(let events) = payload else { return }
        for event in events { forward(event) }
    }
}
