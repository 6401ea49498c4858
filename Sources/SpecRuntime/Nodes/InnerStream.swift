/// One subscription to a service's answer, through a request's own `ops:`: the inner stream of
/// `flatMapLatest`, `flatMap` and `concatMap`, cold as an RxTest cold observable — each
/// subscription calls the service and replays its answer from the call's time.
///
/// A `retry` among the operators resubscribes: the service is called again and the operators
/// before it start afresh.
final class InnerStream {
    private let service: Int
    private let names: [String]
    private let arguments: [Value]
    private let makeOperators: () -> [StreamOperator]
    private let env: PipelineEnvironment
    private let deliver: (StreamEvent) -> Void
    private var operators: [StreamOperator] = []
    /// Bumped by each (re)subscription and by cancelling: events of an earlier one are dropped.
    private var epoch = 0
    private var done = false
    private let subscribedAt: Int
    /// The live call in flight for the current subscription, cancelled with it.
    private var liveCall: LiveCalls.Call?

    init(service: Int, names: [String], arguments: [Value], operators: @escaping () -> [StreamOperator],
         env: PipelineEnvironment, deliver: @escaping (StreamEvent) -> Void) {
        self.service = service
        self.names = names
        self.arguments = arguments
        self.makeOperators = operators
        self.env = env
        self.deliver = deliver
        self.subscribedAt = env.clock.now
    }

    func subscribe() {
        operators = makeOperators()
        let end = InnerEnd { [weak self] event in
            guard let self, !done else { return }
            if event.isTerminal { done = true }
            deliver(event)
        }
        for k in operators.indices {
            operators[k].sink = Gate(k + 1 < operators.count ? operators[k + 1] : end)
            wireRetry(k)
        }
        for op in operators.reversed() { op.start() }
        play(into: operators.first ?? end)
    }

    /// A `retry` at `k` resubscribes what comes before it.
    private func wireRetry(_ k: Int) {
        guard let retry = operators[k] as? RetrySink else { return }
        retry.resubscribe = { [weak self] in self?.resubscribe(upTo: k) }
    }

    /// The service answers again and the operators before `position` (a `retry`) start afresh.
    private func resubscribe(upTo position: Int) {
        guard !done else { return }
        let fresh = makeOperators()
        for k in 0..<position {
            operators[k].dispose()
            operators[k] = fresh[k]
        }
        for k in 0..<position {
            operators[k].sink = Gate(operators[k + 1])
            wireRetry(k)
        }
        for op in operators[..<position].reversed() { op.start() }
        play(into: operators[0])
    }

    /// Schedules the service's answer to a new call into `first`.
    private func play(into first: StreamSink) {
        epoch &+= 1
        let mine = epoch
        func at(_ delay: Int, _ events: [StreamEvent]) {
            env.schedule(delay) { [weak self] in
                guard let self, mine == epoch else { return }
                for event in events { first.on(event) }
            }
        }
        if let previous = liveCall {
            // A `retry` resubscribes after the previous call answered; nothing is left to cancel.
            env.cancelLive(previous)
            liveCall = nil
        }
        liveCall = env.callLive(service, names, arguments) { [weak self] outcome in
            // Graph work, at the answer's time: into the pipeline as the fake's answer would go.
            guard let self, mine == epoch else { return }
            liveCall = nil
            switch outcome {
            case .success(let value): at(0, [.next(value), .completed])
            case .failure(let error): at(0, [.error(error)])
            case .sequence: break
            }
        }
        if liveCall != nil { return }
        let (outcome, latency) = env.call(service, names, arguments)
        switch outcome {
        case .success(let value): at(latency, [.next(value), .completed])
        case .failure(let error): at(latency, [.error(error)])
        case .sequence(let events):
            for e in events {
                switch e.event {
                case .next(let v): at(e.time, [.next(v)])
                case .end(let end): at(e.time, [StreamEvent(end)])
                }
            }
        }
    }

    /// Disposed before it ended: the timeline records the cancelled call.
    func cancel() {
        guard !done else { return }
        done = true
        epoch &+= 1
        if let call = liveCall {
            env.cancelLive(call)
            liveCall = nil
        }
        for op in operators { op.dispose() }
        let call = env.serviceName(service) + "(" + zip(names, arguments).map { "\($0): \(ValueFormatter.text($1))" }.joined(separator: ", ") + ")"
        env.cancelled("\(call), subscribed at \(subscribedAt)ms")
    }
}

private final class InnerEnd: StreamSink {
    private let deliver: (StreamEvent) -> Void
    init(_ deliver: @escaping (StreamEvent) -> Void) { self.deliver = deliver }
    func on(_ event: StreamEvent) { deliver(event) }
}
