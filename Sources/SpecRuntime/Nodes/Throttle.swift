extension StreamOperators {
    /// Emits an element at once if `dueTime` ms passed since the last one sent; otherwise, with
    /// `latest` (RxSwift's default), the newest element is sent when the window ends. A completion
    /// waits for that element; an error drops it.
    static func throttle(_ dueTime: Int, latest: Bool, _ env: PipelineEnvironment) -> StreamOperator {
        ThrottleSink(dueTime, latest, env)
    }
}

private final class ThrottleSink: StreamOperator {
    var sink: StreamSink?
    private let dueTime: Int
    private let latest: Bool
    private let env: PipelineEnvironment
    private var lastSent: Int?
    private var unsent: Value?
    private var completed = false
    /// Bumped when an element is sent, so that a timer of an earlier window does nothing.
    private var window = 0

    init(_ dueTime: Int, _ latest: Bool, _ env: PipelineEnvironment) {
        self.dueTime = dueTime
        self.latest = latest
        self.env = env
    }

    func on(_ event: StreamEvent) {
        switch event {
        case .next(let value):
            let now = env.clock.now
            let elapsed = lastSent.map { now - $0 }
            if elapsed.map({ $0 >= dueTime }) ?? true {
                send(value)
                return
            }
            guard latest else { return }
            let inFlight = unsent != nil
            unsent = value
            if inFlight { return }
            let mine = window
            env.schedule(dueTime - (elapsed ?? 0)) { [self] in
                guard mine == window else { return }
                if let value = unsent { send(value) }
                if completed { forward(.completed) }
            }
        case .failure:
            forward(event)
        case .completed:
            if unsent != nil { completed = true } else { forward(event) }
        case .error:
            unsent = nil
            forward(event)
        }
    }

    private func send(_ value: Value) {
        unsent = nil
        window &+= 1
        lastSent = env.clock.now
        forward(.next(value))
    }
}
