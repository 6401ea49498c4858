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

    /// Whether a window is open, the element waiting for its end and whether the source
    /// completed meanwhile. When the window ends is its timer's, on the clock: each window has one,
    /// so that time passing with nothing scheduled changes nothing (absolute time is not state).
    var operatorState: OperatorState { .parts([.flag(lastSent != nil), .element(unsent), .flag(completed)]) }
    func restore(_ state: OperatorState) {
        lastSent = state[0].flag ? env.firstTimerDue().map { $0 - dueTime } : nil
        unsent = state[1].element
        completed = state[2].flag
    }

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
            // The window's timer sends it.
            if latest { unsent = value }
        case .failure:
            forward(event)
        case .completed:
            if unsent != nil { completed = true } else { forward(event) }
        case .error:
            unsent = nil
            env.cancelTimers()
            forward(event)
        }
    }

    private func send(_ value: Value) {
        unsent = nil
        // A window's timer, if this is not it, can no longer do anything.
        env.cancelTimers()
        lastSent = env.clock.now
        env.schedule(dueTime)
        forward(.next(value))
    }

    func fire(_ payload: StreamTimer.Payload) {
        lastSent = nil
        if let value = unsent { send(value) }
        if completed { forward(.completed) }
    }
}
