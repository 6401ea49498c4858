extension StreamOperators {
    /// Emits each element and the completion `dueTime` ms later; failures pass at once, and an
    /// error passes at once and drops the elements still waiting (RxSwift's `delay`).
    static func delay(_ dueTime: Int, _ env: PipelineEnvironment) -> StreamOperator { DelaySink(dueTime, env) }
}

private final class DelaySink: StreamOperator {
    var sink: StreamSink?
    private let dueTime: Int
    private let env: PipelineEnvironment
    /// Bumped by an error, so that elements scheduled before it never arrive.
    private var epoch = 0

    init(_ dueTime: Int, _ env: PipelineEnvironment) {
        self.dueTime = dueTime
        self.env = env
    }

    func on(_ event: StreamEvent) {
        switch event {
        case .next, .completed:
            let mine = epoch
            env.schedule(dueTime) { [self] in
                if mine == epoch { forward(event) }
            }
        case .failure:
            forward(event)
        case .error:
            epoch &+= 1
            forward(event)
        }
    }
}
