/// One subscription to a service's answer, through a request's own `ops:`: the inner stream of
/// `flatMapLatest`, `flatMap` and `concatMap`, cold as an RxTest cold observable — each
/// subscription calls the service and replays its answer from the call's time. Its source may
/// instead be one of RxSwift's creation operators (``InnerSourcePlan``): `just`, `empty` and
/// `error` send their events at once, in the subscription, as RxSwift's do; `never` sends none;
/// a timer counts from the subscription (its times written, or computed from the element as its
/// arguments), each tick setting the next on the clock.
///
/// A `retry` among the operators resubscribes: the service is called again and the operators
/// before it start afresh.
///
/// Operators that listen to the screen (`takeUntil: cancel`, `combineLatest`, …) subscribe to it
/// when the inner stream starts, as RxSwift's do: a node with a current value gives it at once (a
/// `BehaviorSubject`), a hot stream's past elements are not replayed, a source that already ended
/// gives its end; afterwards the request passes them each of the screen's events
/// (``receive(_:_:)``). Ended by its operators while the service's answer still runs (a
/// `takeUntil` fired), the call is disposed and the timeline records it cancelled, as RxTest
/// records the upload's subscription ending.
final class InnerStream {
    private let service: Int
    private let source: InnerSourcePlan
    /// The inner stream a choice picked (see ``RequestPlan/branch(_:)``), kept in its state.
    private let branch: Int
    private let names: [String]
    private let arguments: [Value]
    private let makeOperators: InnerOperators
    private let env: PipelineEnvironment
    /// The screen's nodes the operators listen to (see ``RequestPlan/innerSources(ofBranch:)``):
    /// `op` -1 for another branch's operator, which this stream does not run.
    private let sources: [(op: Int, index: Int, node: Int)]
    // `@exclusivity(unchecked)`, as the graph's per-node state (see ScreenGraph.swift): every step of
    // exploration runs this code, and no access to these properties spans a call into other code.
    /// Whether the service's answer has ended (its terminal event played), for the current call.
    @exclusivity(unchecked) private var answerEnded = false
    private let deliver: (StreamEvent) -> Void
    @exclusivity(unchecked) private var operators: [StreamOperator] = []
    /// Bumped by each (re)subscription and by cancelling: a live answer of an earlier one is
    /// dropped (a fake's answer is a timer, cancelled instead).
    @exclusivity(unchecked) private var epoch = 0
    @exclusivity(unchecked) private var done = false
    private let subscribedAt: Int
    /// Where the last operator sends: to the request, through ``deliver``.
    @exclusivity(unchecked) private var end: StreamSink?
    /// The gate after each operator (see ``Gate``).
    @exclusivity(unchecked) private var gates: [Gate] = []
    /// The live call in flight for the current subscription, cancelled with it.
    @exclusivity(unchecked) private var liveCall: LiveCalls.Call?
    /// Set while the stream (re)subscribes: a `retry` reached at once (an `error:` source fails in
    /// its subscription) leaves its position in ``pendingRetry`` for ``playAndRetry()``'s loop,
    /// rather than recursing, which a `retry` of `error:` would take to the stack's end.
    @exclusivity(unchecked) private var subscribing = false
    @exclusivity(unchecked) private var pendingRetry: Int?
    /// Whether it is the inner stream of a request nested in another's (NestedRequests.swift).
    private let nested: Bool
    /// Whether one of its operators is a request (NestedRequests.swift), disposed when this
    /// stream ends; and, once it ended by its operators, that disposal still to do (see
    /// ``disposeEnded()``).
    @exclusivity(unchecked) private var holdsRequest = false
    @exclusivity(unchecked) private var disposeWhenSettled = false

    /// How many times a `retry` may resubscribe at one instant (an inner stream that fails as soon
    /// as it is subscribed); then the stream ends with an `evaluation` error that says so, where
    /// RxSwift's `Observable.error(e).retry()` would loop forever.
    static let retriesAtOnce = 100_000

    init(service: Int, source: InnerSourcePlan, branch: Int = 0, names: [String], arguments: [Value], operators: @escaping InnerOperators,
         sources: [(op: Int, index: Int, node: Int)], env: PipelineEnvironment, deliver: @escaping (StreamEvent) -> Void) {
        self.service = service
        self.source = source
        self.branch = branch
        self.names = names
        self.arguments = arguments
        self.makeOperators = operators
        self.sources = sources
        self.env = env
        self.deliver = deliver
        self.subscribedAt = env.clock.now
        self.nested = env.address.isNestedStream
    }

    /// An inner stream as `state` saved it, subscribed and its answer's events already on the
    /// clock: nothing is called or started again.
    init(restoring state: InnerStreamState, service: Int, source: InnerSourcePlan, names: [String], operators: @escaping InnerOperators,
         sources: [(op: Int, index: Int, node: Int)], env: PipelineEnvironment, deliver: @escaping (StreamEvent) -> Void) {
        self.service = service
        self.source = source
        self.branch = state.branch
        self.names = names
        self.arguments = state.arguments
        self.makeOperators = operators
        self.sources = sources
        self.env = env
        self.deliver = deliver
        self.subscribedAt = state.subscribedAt
        self.answerEnded = state.answerEnded
        self.nested = env.address.isNestedStream
        wire()
        for (k, op) in self.operators.enumerated() where state.operators.indices.contains(k) { op.restore(state.operators[k]) }
        for (k, gate) in gates.enumerated() where state.gates.indices.contains(k) { gate.closed = state.gates[k] }
    }

    /// The outer element that started it, when its request binds one (``RequestPlan/bindsElement``).
    var element: Value? { env.element }

    /// What ``init(restoring:service:names:operators:sources:env:deliver:)`` takes back; `id` is
    /// the request's.
    func state(id: Int) -> InnerStreamState {
        InnerStreamState(id: id, arguments: arguments, element: env.element, operators: operators.map(\.operatorState),
                         gates: gates.map(\.closed), answerEnded: answerEnded, branch: branch, subscribedAt: subscribedAt)
    }

    /// Builds the operators and links them through gates to the end.
    private func wire() {
        operators = makeOperators(env)
        let end = InnerEnd { [weak self] event in
            guard let self, !done else { return }
            if event.isTerminal { finished() }
            deliver(event)
        }
        self.end = end
        gates = operators.indices.map { k in Gate(k + 1 < operators.count ? operators[k + 1] : end) }
        for k in operators.indices {
            operators[k].sink = gates[k]
            wireRetry(k)
        }
        holdsRequest = operators.contains { $0 is RequestSink }
    }

    func subscribe() {
        defer { disposeEnded() }
        wire()
        for op in operators.reversed() { op.start() }
        subscribeToScreen(below: operators.count)
        guard !done else { return }
        playAndRetry()
    }

    /// Plays the source, after restarting the operators before `position` (a `retry`'s) when one
    /// is given; then each resubscription a `retry` asked for meanwhile, in a loop.
    private func playAndRetry(restarting position: Int? = nil) {
        subscribing = true
        defer { subscribing = false }
        var next = position
        var again = 0
        repeat {
            if let p = next {
                again += 1
                guard again <= Self.retriesAtOnce else {
                    // Past the retry, as its last error would go.
                    let error = ErrorValue(.evaluation, message: "'retry' resubscribed \(Self.retriesAtOnce) times at one instant: the inner stream fails as soon as it is subscribed")
                    let after: StreamSink? = gates.indices.contains(p) ? gates[p] : end
                    after?.on(.error(error))
                    return
                }
                restart(upTo: p)
            }
            // A retry the restart itself asked for (an operator that failed on the screen's value)
            // restarts again before anything plays.
            if pendingRetry == nil && !done { play() }
            next = pendingRetry
            pendingRetry = nil
        } while next != nil && !done
    }

    /// A timer of this stream came due: its answer's events (``StreamTimer/Address/innerOp``
    /// -1), or an operator's.
    func fire(_ timer: StreamTimer) {
        guard !done else { return }
        defer { disposeEnded() }
        let k = timer.address.streamOp(nestedStream: nested)
        guard k < 0 else {
            guard operators.indices.contains(k) else { return }
            // A timer of a nested request's inner stream (NestedRequests.swift) goes to that request.
            if !nested && timer.address.isNestedStream {
                (operators[k] as? RequestSink)?.fire(inner: timer)
            } else {
                endsBySourceDisposal = operators[k].disposesSourceBeforeItsEnd
                defer { endsBySourceDisposal = false }
                operators[k].fire(timer.payload)
            }
            return
        }
        guard case .events(let events) = timer.payload, let first = operators.first ?? end else { return }
        // A periodic timer sets its next tick before it delivers this one, as RxSwift's
        // `SchedulePeriodicRecursive` does, so that work this tick schedules for the same instant
        // (a `debounce` of the period) comes after the next tick. A tick that ends the stream (a
        // `take` in its ops) or restarts it (a `retry`) cancels the next with its other timers.
        if case .timer(let plan) = source, case .due(_, let period?) = plan.times(arguments), case .next(.int(let n))? = events.first {
            env.schedule(period, .events([.next(.int(n &+ 1))]))
        }
        if events.contains(where: \.isTerminal) { answerEnded = true }
        for event in events { first.on(event) }
    }

    /// The operators before `position` subscribe to the screen's nodes they listen to.
    private func subscribeToScreen(below position: Int) {
        for source in sources where source.op >= 0 && source.op < position {
            guard !done else { return }
            if let streamEnd = env.end(source.node) {
                operators[source.op].onSecondaryEnd(source.index, streamEnd)
            } else if let value = env.current(source.node) {
                operators[source.op].onSecondary(source.index, value)
            }
        }
    }

    /// The end of a transaction: operators that emit once per transaction (`combineLatest`) do.
    func flush() {
        guard !done else { return }
        defer { disposeEnded() }
        for op in operators { op.flush() }
    }

    /// An element of the `k`-th source in ``sources``, from the screen.
    func receive(_ k: Int, _ value: Value) {
        guard !done, sources[k].op >= 0 else { return }
        defer { disposeEnded() }
        operators[sources[k].op].onSecondary(sources[k].index, value)
    }

    /// The `k`-th source in ``sources`` ended.
    func receiveEnd(_ k: Int, _ streamEnd: StreamEnd) {
        guard !done, sources[k].op >= 0 else { return }
        defer { disposeEnded() }
        operators[sources[k].op].onSecondaryEnd(sources[k].index, streamEnd)
    }

    /// A terminal event reached the end. If the service's answer still runs (an operator such as
    /// `takeUntil` or `take` ended the stream first), its subscription is disposed.
    private func finished() {
        done = true
        let running = !answerEnded
        epoch &+= 1
        env.cancelTimers()
        if let call = liveCall {
            env.cancelLive(call)
            liveCall = nil
        }
        if running { recordCancelled(afterEmissions: !endsBySourceDisposal) }
        // Its nested requests are disposed once the work that ended it is done (an element of a
        // nested inner stream that a `take` after the request ended on still completes that
        // stream first), as the pipeline disposes its operators after its transaction.
        if holdsRequest { disposeWhenSettled = true }
    }

    /// Ended by its operators: the requests among them cancel what they still run (NestedRequests.swift).
    private func disposeEnded() {
        guard disposeWhenSettled else { return }
        disposeWhenSettled = false
        for op in operators { op.dispose() }
    }

    /// A `retry` at `k` resubscribes what comes before it.
    private func wireRetry(_ k: Int) {
        guard let retry = operators[k] as? RetrySink else { return }
        retry.resubscribe = { [weak self] in self?.resubscribe(upTo: k) }
    }

    /// The service answers again and the operators before `position` (a `retry`) start afresh.
    private func resubscribe(upTo position: Int) {
        guard !done else { return }
        if subscribing {
            pendingRetry = position
            return
        }
        playAndRetry(restarting: position)
    }

    /// The operators before `position` replaced by fresh ones and subscribed to the screen again.
    private func restart(upTo position: Int) {
        // The replaced operators' timers, and the previous answer's, can no longer do anything.
        let nested = nested
        env.cancelTimers { $0.streamOp(nestedStream: nested) < position }
        let fresh = makeOperators(env)
        for k in 0..<position {
            operators[k].dispose()
            operators[k] = fresh[k]
        }
        for k in 0..<position {
            gates[k] = Gate(operators[k + 1])
            operators[k].sink = gates[k]
            wireRetry(k)
        }
        for op in operators[..<position].reversed() { op.start() }
        subscribeToScreen(below: position)
    }

    /// Schedules the service's answer to a new call into the first operator, or starts the
    /// stream another source makes.
    private func play() {
        epoch &+= 1
        answerEnded = false
        let mine = epoch
        func at(_ delay: Int, _ events: [StreamEvent]) { env.schedule(delay, .events(events)) }
        switch source {
        case .call: break
        case .just, .empty, .error:
            // At once, in the subscription, as RxSwift's `just`, `empty` and `error` emit.
            let events: [StreamEvent] = switch source {
            case .just: arguments.map { StreamEvent.next($0) } + [.completed]
            case .error: [.error(Self.error(arguments.first))]
            default: [.completed]
            }
            return playAtOnce(events)
        case .never:
            return
        case .timer(let plan):
            // Its times, written or computed when the element arrived (``arguments``); times it
            // cannot keep (a period of 0) fail it at once, as an `error:` would.
            switch plan.times(arguments) {
            case .due(let due, let period): at(due, period == nil ? [.next(.int(0)), .completed] : [.next(.int(0))])
            case .refused(let error): playAtOnce([.error(error)])
            }
            return
        }
        if let previous = liveCall {
            // A `retry` resubscribes after the previous call answered; nothing is left to cancel.
            env.cancelLive(previous)
            liveCall = nil
        }
        // Asked first: the answer's closure is made only for a call a live provider serves (the
        // fakes answer every call of an explored or virtual run).
        if env.servesLive(service) {
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
        }
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

    /// Events sent in the subscription itself, as RxSwift's `just`, `empty` and `error` send theirs.
    private func playAtOnce(_ events: [StreamEvent]) {
        answerEnded = true
        guard let first = operators.first ?? end else { return }
        for event in events where !done { first.on(event) }
    }

    /// Disposed before it ended: the timeline records the cancelled call.
    func cancel() {
        guard !done else { return }
        done = true
        epoch &+= 1
        env.cancelTimers()
        if let call = liveCall {
            env.cancelLive(call)
            liveCall = nil
        }
        // Recorded before a nested request's inner streams are, as RxSwift's composite disposes
        // a `flatMapFirst`'s source subscription before its inner ones.
        recordCancelled()
        for op in operators { op.dispose() }
    }

    /// While an operator's timer that ends the stream by disposing its source first (`timeout`)
    /// runs: the source's cancellation is recorded at once, before the end goes down.
    private var endsBySourceDisposal = false

    private func recordCancelled(afterEmissions: Bool = false) {
        Self.recordCancelled(service: service, source: source, names: names, arguments: arguments, subscribedAt: subscribedAt, env: env,
                             afterEmissions: afterEmissions)
    }

    /// The timeline's record of a cancelled call or other inner stream (also for a request's
    /// inner stream cancelled before it was rebuilt, see `RequestSink`).
    static func recordCancelled(service: Int, source: InnerSourcePlan, names: [String], arguments: [Value], subscribedAt: Int,
                                env: PipelineEnvironment, afterEmissions: Bool = false) {
        guard env.recordsCancellations() else { return }
        let call: String
        if case .call = source {
            call = env.serviceName(service) + "(" + zip(names, arguments).map { "\($0): \(ValueFormatter.text($1))" }.joined(separator: ", ") + ")"
        } else {
            call = source.label(arguments)
        }
        let text = "\(call), subscribed at \(subscribedAt)ms"
        if afterEmissions, let record = env.cancelledAfterEmissions { record(text) } else { env.cancelled(text) }
    }

    /// The error an `error:` inner stream ends with: its argument's.
    private static func error(_ value: Value?) -> ErrorValue {
        if case .error(let e)? = value { return e }
        return ErrorValue(.unknown)
    }
}

/// Makes the operators of one inner stream, in the environment they run in.
typealias InnerOperators = (PipelineEnvironment) -> [StreamOperator]

private final class InnerEnd: StreamSink {
    private let deliver: (StreamEvent) -> Void
    init(_ deliver: @escaping (StreamEvent) -> Void) { self.deliver = deliver }
    func on(_ event: StreamEvent) { deliver(event) }
}
