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
    /// Bumped by every list sent, so that only the current window's timer fires.
    private var window = 0
    private var done = false

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
            forward(.next(.list(buffer)))
            buffer = []
            forward(event)
        case .error:
            done = true
            buffer = []
            forward(event)
        }
    }

    private func sendAndStartAWindow() {
        window &+= 1
        let list = buffer
        buffer = []
        forward(.next(.list(list)))
        arm()
    }

    private func arm() {
        let mine = window
        env.schedule(timeSpan) { [self] in
            guard mine == window, !done else { return }
            sendAndStartAWindow()
        }
    }
}
