extension StreamOperators {
    /// Emits an element once `dueTime` ms pass without a newer one. On completion the pending
    /// element is sent at once, then the completion; an error drops it (RxSwift's `debounce`).
    static func debounce(_ dueTime: Int, _ env: PipelineEnvironment) -> StreamOperator { DebounceSink(dueTime, env) }
}

private final class DebounceSink: StreamOperator {
    var sink: StreamSink?
    private let dueTime: Int
    private let env: PipelineEnvironment
    private var id = 0
    private var pending: Value?

    init(_ dueTime: Int, _ env: PipelineEnvironment) {
        self.dueTime = dueTime
        self.env = env
    }

    func on(_ event: StreamEvent) {
        switch event {
        case .next(let value):
            id &+= 1
            let mine = id
            pending = value
            env.schedule(dueTime) { [self] in
                guard mine == id, let value = pending else { return }
                pending = nil
                forward(.next(value))
            }
        case .failure:
            forward(event)
        case .completed:
            id &+= 1
            if let value = pending {
                pending = nil
                forward(.next(value))
            }
            forward(event)
        case .error:
            id &+= 1
            pending = nil
            forward(event)
        }
    }
}
