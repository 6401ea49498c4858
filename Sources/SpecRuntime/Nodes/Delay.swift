import ScreenSpec

extension StreamOperators {
    /// Emits each element `dueTime` ms later; failures pass at once (RxSwift forwards errors
    /// without delay).
    static func delay(_ dueTime: Int, _ env: PipelineEnvironment) -> StreamOperator { DelaySink(dueTime, env) }
}

private final class DelaySink: StreamOperator {
    var sink: StreamSink?
    private let dueTime: Int
    private let env: PipelineEnvironment

    init(_ dueTime: Int, _ env: PipelineEnvironment) {
        self.dueTime = dueTime
        self.env = env
    }

    func on(_ event: StreamEvent) {
        switch event {
        case .next:
            env.schedule(dueTime) { [self] in forward(event) }
        case .failure:
            forward(event)
        }
    }
}
