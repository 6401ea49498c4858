extension StreamOperators {
    /// Collects elements into lists: a list is sent when it holds `count` elements, or
    /// `timeSpan` ms after the list before it was sent (or the subscription), even empty; the
    /// completion sends what is collected, then completes; an error drops it (RxSwift's
    /// `buffer(timeSpan:count:scheduler:)`). Failures pass at once.
    static func buffer(timeSpan: Int, count: Int, _ env: PipelineEnvironment) -> StreamOperator {
        BufferSink(timeSpan, count, env)
    }
}

private final class BufferSink: StreamOperator {
    var sink: StreamSink?
    private let timeSpan: Int
    private let count: Int
    private let env: PipelineEnvironment
    private var buffer: [Value] = []
    private var done = false

    /// The window's timer is on the clock.
    var operatorState: OperatorState { .parts([.elements(buffer), .flag(done)]) }
    func restore(_ state: OperatorState) {
        buffer = state[0].elements
        done = state[1].flag
    }

    init(_ timeSpan: Int, _ count: Int, _ env: PipelineEnvironment) {
        self.timeSpan = timeSpan
        self.count = count
        self.env = env
    }

    func start() { arm() }

    func on(_ event: StreamEvent) {
        guard !done else { return }
        switch event {
        case .next(let value):
            buffer.append(value)
            if buffer.count >= count { sendAndStartAWindow() }
        case .failure:
            forward(event)
        case .completed:
            done = true
            env.cancelTimers()
            forward(.next(.list(buffer)))
            buffer = []
            forward(event)
        case .error:
            done = true
            env.cancelTimers()
            buffer = []
            forward(event)
        }
    }

    private func sendAndStartAWindow() {
        // The window's timer, if this is not it, can no longer do anything.
        env.cancelTimers()
        let list = buffer
        buffer = []
        forward(.next(.list(list)))
        arm()
    }

    private func arm() { env.schedule(timeSpan) }

    func fire(_ payload: StreamTimer.Payload) {
        guard !done else { return }
        sendAndStartAWindow()
    }
}
