@_spi(Engine) import SpecProgram

/// A stream output's operators, linked upstream to downstream, run by the graph as one node.
///
/// Events from sources and timers are queued in ``inbox`` and run when the graph processes the
/// output node, in rank order: by then every node the operators read has settled in the
/// transaction. After the inbox, each operator is flushed in order (`combineLatest` emits there),
/// and what reached the end is handed back to the graph to emit.
@usableFromInline package final class StreamPipeline {
    let plan: StreamPlan
    let environment: PipelineEnvironment
    private let operators: [StreamOperator]
    private let gates: [Gate]
    private let end: PipelineEnd
    // `@exclusivity(unchecked)`, as the graph's per-node state (see ScreenGraph.swift): every step of
    // exploration runs this code, and no access to these properties spans a call into other code.
    /// Work to run in the next transaction of this pipeline's node: values, not closures, so that
    /// queuing an element allocates nothing.
    @exclusivity(unchecked) private var inbox: [Work] = []
    @exclusivity(unchecked) private var spareInbox: [Work] = []
    private enum Work {
        case start
        case element(Value)
        case secondary(op: Int, index: Int, Value)
        case end(op: Int, index: Int, StreamEnd)
        case timer(StreamTimer)
    }
    /// A secondary source node and the operator (and its source index) it feeds.
    typealias Port = (node: Int, op: Int, index: Int)

    init(plan: StreamPlan, environment env: PipelineEnvironment) {
        self.plan = plan
        self.environment = env
        restoresLazily = !plan.operators.contains(where: Self.readsClockWhenRestored)
        let operators = plan.operators.enumerated().map { k, op in Self.make(op, env.operating(op: k)) }
        // A gate after each operator keeps the grammar `next* (error | completed)`: nothing passes
        // after a terminal event, whatever an operator's timers still do.
        let end = PipelineEnd()
        self.end = end
        gates = operators.indices.map { k in Gate(k + 1 < operators.count ? operators[k + 1] : end) }
        for k in operators.indices { operators[k].sink = gates[k] }
        self.operators = operators
    }

    /// The ports of `plan`'s secondary sources (compiled once, in ``ScreenProgram``): `values`, the
    /// nodes whose events and values its operators receive; `ends`, every secondary source,
    /// including those read only for their latest value (`withLatestFrom`): each one's end is
    /// delivered.
    static func ports(of plan: StreamPlan) -> (values: [Port], ends: [Port]) {
        var ports: [Port] = []
        var endPorts: [Port] = []
        for (k, op) in plan.operators.enumerated() {
            for (i, node) in op.secondarySources.enumerated() {
                endPorts.append((node, k, i))
                if op.readsLatestOnly { continue } // reads the node's latest value itself
                ports.append((node, k, i))
            }
        }
        return (ports, endPorts)
    }

    /// The node of `op`, made by its entry in ``OperatorNodes``. `inner`: the operator runs in a request's
    /// inner stream, subscribed when that stream starts.
    static func make(_ op: OperatorPlan, _ env: PipelineEnvironment, inner: Bool = false) -> StreamOperator {
        let instrumentation = env.instrumentation
        let compile: (TypedExpr) -> CompiledExpr = { ExpressionCompiler.compile($0, instrumentation: instrumentation) }
        return OperatorNodes.make(op.name, OperatorNodeInput(name: op.name, arguments: op.arguments, expressions: op.arguments.expressions.map(compile),
                                                                  environment: env, inner: inner, compile: compile))
    }

    /// The request operator that makes an action's work (its only operator, see ``ActionWorkPlan``).
    var request: RequestSink? { operators.first as? RequestSink }

    /// Cancels the executions of a row's action work whose row `matches`, outside a transaction
    /// (the row left its list while the rows were written): the operators take back a state
    /// restored lazily first, and the state kept for exploration is dropped, as when it runs.
    func cancelRowExecutions(where matches: (Value) -> Bool) -> Bool {
        if let state = unrestored {
            unrestored = nil
            restoreOperators(state)
        }
        cached = nil
        hashMemo = nil
        return request?.cancelExecutions(where: matches) ?? false
    }

    /// An element of the source enters the first operator.
    func receive(_ value: Value) {
        inbox.append(.element(value))
    }

    /// An element of a secondary source enters its operator.
    func receive(op: Int, index: Int, _ value: Value) {
        inbox.append(.secondary(op: op, index: index, value))
    }

    /// The source (`op` -1) or a secondary source ended.
    func receiveEnd(op: Int, index: Int, _ streamEnd: StreamEnd) {
        inbox.append(.end(op: op, index: index, streamEnd))
    }

    /// A timer of one of its operators came due: it runs in this pipeline's next transaction.
    func receive(timer: StreamTimer) {
        inbox.append(.timer(timer))
    }

    private func run(_ work: Work) {
        switch work {
        case .start:
            for op in operators.reversed() { op.start() }
        case .element(let value):
            if let first = operators.first { first.on(.next(value)) } else { end.on(.next(value)) }
        case .secondary(let op, let index, let value):
            operators[op].onSecondary(index, value)
        case .end(let op, let index, let streamEnd):
            if op >= 0 {
                operators[op].onSecondaryEnd(index, streamEnd)
            } else if let first = operators.first {
                first.on(StreamEvent(streamEnd))
            } else {
                end.on(StreamEvent(streamEnd))
            }
        case .timer(let timer):
            let op = timer.address.op
            guard operators.indices.contains(op) else { return }
            if timer.address.inner >= 0 {
                (operators[op] as? RequestSink)?.fire(inner: timer)
            } else {
                operators[op].fire(timer.payload)
            }
        }
    }

    /// Its state between transactions (its inbox is empty then): every operator's, the gates,
    /// and whether it ended.
    package var state: PipelineState {
        if let cached { return cached }
        let state = PipelineState(operators: operators.map(\.operatorState), gates: gates.map(\.closed), ended: end.ended, disposed: disposed)
        cached = state
        return state
    }

    /// ``state``, kept until the pipeline next runs: most steps leave most pipelines alone, and
    /// exploration reads it after every step.
    @exclusivity(unchecked) private var cached: PipelineState?

    /// A hash of ``state`` its reader took (exploration's digest, in SpecExploration), kept with
    /// ``state`` until the pipeline next runs or takes back another state: ``restore(_:hash:)``
    /// compares states by it.
    package var knownHash: Int? {
        get { hashMemo }
        set { hashMemo = newValue }
    }

    // Unchecked, and reached from other modules only through ``knownHash``, whose body is
    // compiled here (a direct access from another module would be checked at run time).
    @exclusivity(unchecked) private var hashMemo: Int?

    /// Takes back a ``state`` of a pipeline built from the same plan, after the clock was restored;
    /// `hash`, when known, is its ``knownHash``. A pipeline that has not run since it was in that
    /// very state (the common case: a step touches few pipelines) has nothing to take back.
    ///
    /// The operators take their states back when the pipeline next runs (``process()``), not here:
    /// exploration restores a state before every move it tries, and most moves leave most
    /// pipelines alone, so a request's inner streams rebuilt here would mostly be rebuilt again
    /// before anything used them. Until then ``state`` is the one given. Not for a pipeline with an
    /// operator that reads the clock when it is restored (``readsClockWhenRestored(_:)``): by the
    /// time it runs, the step may have moved the clock on and fired its timers.
    package func restore(_ state: PipelineState, hash: Int? = nil) {
        // A pipeline with a `throttle` reads its window back from the clock on every restore:
        // the window is an absolute time, which its state (relative, like the clock's timers)
        // leaves out, so an equal state restored at another time still has to take it back.
        if restoresLazily, let cached {
            if let hash, let hashMemo {
                // Known hashes tell the states apart, or the same, without comparing them: equal
                // hashes are the same state, as equal state digests are for exploration (whose
                // restores alone give a hash).
                if hash == hashMemo { return }
            } else if cached == state {
                if hashMemo == nil { hashMemo = hash }
                return
            }
        }
        cached = state
        hashMemo = hash
        inbox.removeAll(keepingCapacity: true)
        for (k, gate) in gates.enumerated() where state.gates.indices.contains(k) { gate.closed = state.gates[k] }
        end.restore(ended: state.ended)
        disposed = state.disposed
        if restoresLazily {
            unrestored = state
        } else {
            unrestored = nil
            restoreOperators(state)
        }
    }

    /// A state given to ``restore(_:hash:)`` that the operators have not taken back yet.
    @exclusivity(unchecked) private var unrestored: PipelineState?
    private let restoresLazily: Bool

    private func restoreOperators(_ state: PipelineState) {
        for (k, op) in operators.enumerated() where state.operators.indices.contains(k) { op.restore(state.operators[k]) }
    }

    /// A `throttle` (in the pipeline or in a request's `ops:`) reads its window back from its
    /// timer on the clock when it is restored.
    static func readsClockWhenRestored(_ op: OperatorPlan) -> Bool {
        if OperatorCatalog.entry(named: op.name)?.restoresFromClock == true { return true }
        return op.arguments.request?.inner.contains(where: readsClockWhenRestored) ?? false
    }

    /// Whether a terminal event reached the end: the output has ended and the pipeline is disposed.
    package var ended: Bool { end.ended }
    @exclusivity(unchecked) private var disposed = false

    /// The output ended: every operator lets go of what it runs (inner streams are cancelled).
    private func dispose() {
        disposed = true
        for op in operators { op.dispose() }
    }

    /// Subscription: the outermost operator first, as RxSwift subscribes (so
    /// `startWith(1).startWith(2)` emits 2 then 1).
    func start() {
        inbox.append(.start)
    }

    /// Runs the queued work and returns what reached the end of the pipeline, in order.
    func process() -> [StreamEvent] {
        if let state = unrestored {
            unrestored = nil
            restoreOperators(state)
        }
        cached = nil
        hashMemo = nil
        while !inbox.isEmpty {
            // Disposed: what timers and sources still deliver goes nowhere, as after RxSwift's dispose.
            if end.ended {
                inbox.removeAll()
                break
            }
            // The queued work taken out and the spare (empty) storage left in its place, as the
            // graph does with its own inbox: no copy and no allocation.
            var work: [Work] = []
            swap(&work, &spareInbox)
            swap(&work, &inbox)
            for w in work { run(w) }
            work.removeAll(keepingCapacity: true)
            swap(&work, &spareInbox)
        }
        if !end.ended { for op in operators { op.flush() } }
        if end.ended && !disposed { dispose() }
        return end.take()
    }
}

/// Passes events up to and including the first terminal one.
final class Gate: StreamSink {
    private let next: StreamSink
    /// Whether the terminal event passed: part of the pipeline's state.
    @exclusivity(unchecked) var closed = false

    init(_ next: StreamSink) { self.next = next }

    func on(_ event: StreamEvent) {
        guard !closed else { return }
        if event.isTerminal { closed = true }
        next.on(event)
    }
}

/// The end of a pipeline: collects what the last operator sends, up to and including a terminal
/// event; nothing after it.
private final class PipelineEnd: StreamSink {
    @exclusivity(unchecked) private var events: [StreamEvent] = []
    @exclusivity(unchecked) private(set) var ended = false

    func on(_ event: StreamEvent) {
        guard !ended else { return }
        if event.isTerminal { ended = true }
        events.append(event)
    }

    func restore(ended: Bool) {
        events.removeAll(keepingCapacity: true)
        self.ended = ended
    }

    func take() -> [StreamEvent] {
        defer { events.removeAll(keepingCapacity: true) }
        return events
    }
}
