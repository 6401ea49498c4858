/// A checked spec compiled into indexed nodes, propagating changes glitch-free on a virtual clock.
///
/// One external change (``set(_:to:)``, ``send(_:_:)``, a service answering) is one transaction:
/// affected nodes are processed in topological rank, each at most once for cells, so a derived
/// output sees every input already updated and emits once, only when its value changed.
/// Event nodes deliver every event they received in the transaction, in order.
public final class ScreenGraph {
    public let spec: CheckedSpec
    public let clock: VirtualClock

    // Performance: the per-node state below is read and written several times per node in every
    // transaction. Each access to a class's `var` is checked for exclusivity at run time, which cost
    // more than the propagation itself (about 28 checks per change of a login form), so the hot
    // properties opt out with `@exclusivity(unchecked)`. That is sound here because no access to them
    // spans a call into other code: callbacks (`onEmit`, compiled expressions, handlers) run between
    // accesses, never inside one.

    /// Called for every emission of a node the timeline shows.
    @exclusivity(unchecked) public var onEmit: ((Emission) -> Void)?
    /// The most characters (UTF-8 bytes) of a string or elements of a list an expression or a
    /// handler's append may build; past it the expression fails and ``limitExceeded`` says why.
    public var maximumValueSize: Int {
        get { context.maximumValueSize }
        set { context.maximumValueSize = newValue }
    }

    /// The most list elements and characters the expressions of one graph may go through in all
    /// (copying, mapping, searching, comparing, printing); past it every such expression fails
    /// and ``limitExceeded`` says why.
    public var maximumWork: Int {
        get { context.maximumWork }
        set { context.maximumWork = newValue }
    }

    /// Why a value went past ``maximumValueSize``, once one did: the owner should stop the scenario
    /// (the graph itself goes on, each such expression failing as an overflow does).
    public var limitExceeded: String? { context.exceeded }

    /// Called when an expression fails at run time (overflow, division by zero); the node keeps
    /// its previous value and the graph goes on.
    public var onRuntimeError: ((_ time: Int, _ message: String) -> Void)?
    /// Called when an error reaches the end of a stream output with nothing to take it (no
    /// `catch`, no `errors` node), ending the output as RxSwift's unhandled error ends a stream.
    /// Exploration reports it.
    package var onUnhandledError: ((_ output: String, _ error: ErrorValue) -> Void)?
    /// Chooses the answer to a service call (service index, named arguments, calls before this
    /// one) instead of the spec's fake; nil answers as declared. Exploration chooses through it.
    package var serviceChoice: ((_ service: Int, _ names: [String], _ arguments: [Value], _ count: Int) -> (ServicePlan.Outcome, Int)?)?
    /// Whether an action's end on the clock carries a tag for ``stateDigest()``; exploration sets it.
    package var tagsTimers = false
    /// The live providers and calls in flight, when a live host runs this graph (see
    /// ``LiveCalls``); nil, the usual case, means the spec's fakes answer every call.
    var liveCalls: LiveCalls?
    /// Called when a visible stream ends (`completed` or an error); it emits nothing after.
    public var onEnd: ((_ time: Int, _ node: Int, _ end: StreamEnd) -> Void)?
    /// Called when a stream output's inner stream is cancelled before it ended (a request
    /// `flatMapLatest` switched away from, or the output ending), with the call it made.
    public var onCancel: ((_ time: Int, _ node: Int, _ call: String) -> Void)?

    enum Behaviour {
        case source
        case stream
        case derived(CompiledExpr)
        /// A stream output: its pipeline runs when the node is processed.
        case pipeline(Int)
    }

    let context: EvalContext
    let behaviours: [Behaviour]
    /// Whether ``onEmit`` (and ``onEnd``) is called for each node: the timeline's nodes, every
    /// node but the invariants for coverage, or for a live screen the nodes someone observes (it
    /// turns a node on when it gains an observer and off when its last one goes, so that what a
    /// live screen reports costs in proportion to what is observed). Unchecked as the state below.
    @exclusivity(unchecked) var visible: [Bool]
    let rank: [Int]
    let nodeAtRank: [Int]
    /// Derived nodes that read each node.
    let readers: [[Int]]
    /// The nodes each derived node reads (empty for other nodes).
    let reads: [[Int]]
    /// Whether each node is an invariant, which is no node's reader (see `CompiledInvariants`).
    let isInvariant: [Bool]
    let invariants: CompiledInvariants
    let handlersOn: [[Int]]
    let actionsOn: [[Int]]
    let handlerValues: [[CompiledExpr]]
    /// For each handler write of the form `x: x + list`, the compiled `list`: the write becomes an
    /// append applied in place when `x` is written (see `appendPending`). Nil for other writes.
    let handlerAppends: [[CompiledExpr?]]
    /// For each handler that only forwards its event (`target: $event`, as a binding does), the
    /// target: the run writes the payload without evaluating anything. Nil for other handlers.
    let handlerForwards: [Int?]
    let actionArguments: [[CompiledExpr]]
    @exclusivity(unchecked) var hasEmitted: [Bool]
    @exclusivity(unchecked) var pendingWrite: [Value?]
    /// The list a handler appends to a node, written when the node is processed; exclusive with
    /// `pendingWrite` (the later write of a transaction replaces the earlier one).
    @exclusivity(unchecked) var pendingAppend: [Value?]
    @exclusivity(unchecked) var inbox: [[Value]]
    @exclusivity(unchecked) var queued: [Bool]
    @exclusivity(unchecked) var queue = MinHeap<Int>()
    /// Storage lent to a stream while it delivers its inbox and to a handler for its results, kept
    /// across transactions so that steady-state propagation allocates nothing.
    @exclusivity(unchecked) var spareInbox: [Value] = []
    @exclusivity(unchecked) var handlerWriteBuffer: [HandlerWrite] = []
    @exclusivity(unchecked) var serviceCalls: [Int]
    /// The coverage recorder this graph was built for (its `instrumentation`); nil, the usual
    /// case, means no probes anywhere.
    let coverage: CoverageRecorder?
    var started = false
    // Unchecked as the state above: both are filled in `init` only, then only read per change.
    @exclusivity(unchecked) var pipelines: [StreamPipeline] = []
    /// For each node, the pipelines it feeds: `op` -1 for the main source, else the operator index.
    @exclusivity(unchecked) var pipelineInputs: [[(pipeline: Int, op: Int, index: Int)]]
    /// For each node, the pipelines its end is delivered to (as ``pipelineInputs``, and also
    /// sources read only for their latest value).
    var pipelineEndInputs: [[(pipeline: Int, op: Int, index: Int)]]
    /// How each node's stream ended; nil while it runs (always nil for cells). Unchecked as the
    /// state above: `send` reads it on every event.
    @exclusivity(unchecked) var ends: [StreamEnd?]
    // Exploration (Exploration/ScreenGraph+Exploration.swift).
    /// The nodes whose values ``stateDigest()`` covers: every node until
    /// ``digestOnlyCells(writtenByMoves:gestures:)``.
    var digestNodes: [Int] = []
    /// Per service, the most calls that can change what its next call answers (see
    /// ``ServicePlan/choose(arguments:_:count:)``).
    let serviceCallsCounted: [Int]
    /// Per node, the node it mirrors (see ``digestOnlyCells(writtenByMoves:gestures:)``), or -1.
    var mirrorOf: [Int] = []

    /// A graph of `spec` on `clock`, with the values of its `params:` in declaration order;
    /// `instrumentation`, when given, is the recorder the graph's coverage probes report to.
    public convenience init(spec: CheckedSpec, clock: VirtualClock = VirtualClock(), params: [Value] = [],
                            instrumentation: CoverageRecorder? = nil) {
        self.init(spec: spec, clock: clock, params: params, reportsNone: false, instrumentation: instrumentation)
    }

    /// `reportsNone`: ``onEmit`` reports no node until its ``visible`` flag is set (a live screen
    /// sets it for the nodes that gain observers), not the nodes the timeline shows.
    init(spec: CheckedSpec, clock: VirtualClock, params: [Value], reportsNone: Bool, instrumentation: CoverageRecorder? = nil) {
        self.spec = spec
        self.clock = clock
        let coverage = instrumentation
        self.coverage = coverage
        let n = spec.nodes.count
        var values = [Value](repeating: .none, count: n)
        var behaviours: [Behaviour] = []
        var readers = [[Int]](repeating: [], count: n)
        var reads = [[Int]](repeating: [], count: n)
        var isInvariant = [Bool](repeating: false, count: n)
        for plan in spec.invariants { isInvariant[plan.node] = true }
        behaviours.reserveCapacity(n)
        for (i, node) in spec.nodes.enumerated() {
            switch node.kind {
            case .property(let initial), .state(let initial):
                values[i] = initial
                behaviours.append(.source)
            case .param:
                behaviours.append(.source)
            case .stream:
                behaviours.append(.stream)
            case .derived(let expr):
                behaviours.append(.derived(ExpressionCompiler.compile(expr, coverage: coverage)))
                // nodeReads() lists each node once and `i` only grows, so no reader repeats.
                reads[i] = expr.nodeReads()
                // An invariant is no node's reader: propagation never schedules it; it is
                // evaluated between steps (see `CompiledInvariants`).
                if !isInvariant[i] {
                    for read in reads[i] { readers[read].append(i) }
                }
            }
        }
        for (k, p) in spec.params.enumerated() where k < params.count { values[p] = params[k] }
        var pipelineInputs = [[(pipeline: Int, op: Int, index: Int)]](repeating: [], count: n)
        var pipelineEndInputs = [[(pipeline: Int, op: Int, index: Int)]](repeating: [], count: n)
        for (p, stream) in spec.streams.enumerated() {
            behaviours[stream.output] = .pipeline(p)
            guard stream.timer == nil else { continue }
            pipelineInputs[stream.source].append((p, -1, 0))
            pipelineEndInputs[stream.source].append((p, -1, 0))
        }
        self.behaviours = behaviours
        self.readers = readers
        self.reads = reads
        self.isInvariant = isInvariant
        self.invariants = CompiledInvariants(spec.invariants, expression: { node in
            guard case .derived(let f) = behaviours[node] else { preconditionFailure("an invariant is a derived node") }
            return f
        }, reads: { reads[$0] })
        // Coverage observes every node through `onEmit`, but an invariant, which never emits; the
        // runner shows only the visible ones.
        if reportsNone {
            self.visible = Array(repeating: false, count: n)
        } else {
            self.visible = coverage == nil ? spec.nodes.map(\.visible) : isInvariant.map { !$0 }
        }
        self.rank = spec.rank
        var nodeAtRank = [Int](repeating: 0, count: n)
        for (node, r) in spec.rank.enumerated() { nodeAtRank[r] = node }
        self.nodeAtRank = nodeAtRank
        var handlersOn = [[Int]](repeating: [], count: n)
        for (h, handler) in spec.handlers.enumerated() { handlersOn[handler.on].append(h) }
        self.handlersOn = handlersOn
        if let coverage {
            // Every handler takes the general path, its first value reporting that it ran.
            self.handlerValues = spec.handlers.enumerated().map { h, handler in
                handler.values.enumerated().map { k, expr in
                    let f = ExpressionCompiler.compile(expr, coverage: coverage)
                    guard k == 0 else { return f }
                    return { ctx throws(EvalError) in coverage.handlerRan(h); return try f(ctx) }
                }
            }
            self.handlerAppends = spec.handlers.map { $0.values.map { _ in nil } }
            self.handlerForwards = spec.handlers.map { _ in nil }
        } else {
            self.handlerValues = spec.handlers.map { $0.values.map(ExpressionCompiler.compile) }
            self.handlerAppends = spec.handlers.map(ExpressionCompiler.appends)
            self.handlerForwards = spec.handlers.map(ExpressionCompiler.forwardTarget)
        }
        var actionsOn = [[Int]](repeating: [], count: n)
        for (a, action) in spec.actions.enumerated() { if let t = action.trigger { actionsOn[t].append(a) } }
        self.actionsOn = actionsOn
        self.actionArguments = spec.actions.map { $0.arguments.map { ExpressionCompiler.compile($0, coverage: coverage) } }
        self.context = EvalContext(values: values, names: spec.nodes.map(\.name))
        // An invariant's value is never stored: reading it evaluates it (see `value(of:)`).
        self.hasEmitted = spec.nodes.indices.map { spec.nodes[$0].hasCurrentValue && !isInvariant[$0] }
        self.pendingWrite = Array(repeating: nil, count: n)
        self.pendingAppend = Array(repeating: nil, count: n)
        self.inbox = Array(repeating: [], count: n)
        self.queued = Array(repeating: false, count: n)
        self.serviceCalls = Array(repeating: 0, count: spec.services.count)
        self.serviceCallsCounted = spec.services.map { max($0.results.count - 1, 0) }
        self.pipelineInputs = pipelineInputs
        self.pipelineEndInputs = pipelineEndInputs
        self.ends = Array(repeating: nil, count: n)
        queue.reserveCapacity(n)
        for (p, stream) in spec.streams.enumerated() {
            let pipeline = StreamPipeline(plan: stream, environment: makeEnvironment(p, stream))
            for port in pipeline.secondaryPorts { self.pipelineInputs[port.node].append((p, port.op, port.index)) }
            for port in pipeline.endPorts { self.pipelineEndInputs[port.node].append((p, port.op, port.index)) }
            pipelines.append(pipeline)
        }
        digestNodes = Array(spec.nodes.indices)
    }

    // MARK: public API

    /// Computes every derived value in rank order and emits the initial value of each visible
    /// node that has one, in declaration order. Call once, before anything else.
    public func start() {
        guard !started else { return }
        started = true
        for node in nodeAtRank where !isInvariant[node] {
            if case .derived(let f) = behaviours[node] {
                if reads[node].contains(where: isValueless) {
                    markValueless(node)
                    continue
                }
                do throws(EvalError) {
                    context.values[node] = try f(context)
                } catch {
                    markValueless(node)
                    report("'\(spec.nodes[node].name)': \(error.message)")
                }
            }
        }
        // Bindings from a source with a current value apply it, in the order they are declared.
        for (h, handler) in spec.handlers.enumerated() {
            var writes: [HandlerWrite] = []
            guard let source = handler.startValue, !isValueless(source), handlerWrites(h, payload: context.values[source], into: &writes) else { continue }
            for write in writes {
                if write.appends {
                    guard case .list(let items) = context.values[write.target], case .list(let tail) = write.value else { continue }
                    context.values[write.target] = .list(items + tail)
                } else {
                    context.values[write.target] = write.value
                }
            }
        }
        for node in spec.nodes.indices where visible[node] && spec.nodes[node].hasCurrentValue && !isValueless(node) {
            onEmit?(Emission(time: clock.now, node: node, value: context.values[node]))
        }
        // Pipelines subscribe: `startWith` emits, and sources with a current value deliver it, as
        // observing a `BehaviorRelay` does.
        for (p, pipeline) in pipelines.enumerated() {
            pipeline.start()
            for port in pipeline.secondaryPorts where spec.nodes[port.node].hasCurrentValue && !isValueless(port.node) {
                pipeline.receive(op: port.op, index: port.index, context.values[port.node])
            }
            if let timer = pipeline.plan.timer {
                tick(p, 0, after: timer.dueTime, timer)
            } else if spec.nodes[pipeline.plan.source].hasCurrentValue && !isValueless(pipeline.plan.source) {
                pipeline.receive(context.values[pipeline.plan.source])
            }
            enqueue(spec.streams[p].output)
        }
        propagate()
    }

    /// Ends an input event or value stream (`complete:`, `fail:` steps), as `onCompleted()` or
    /// `onError(_:)` on a subject; a stream that already ended ignores it, as a subject does.
    public func end(_ node: Int, _ streamEnd: StreamEnd) {
        ended(node, streamEnd)
        propagate()
    }

    /// How the node's stream ended, nil while it runs.
    public func streamEnd(of node: Int) -> StreamEnd? {
        ends[node]
    }

    /// Writes an input property or state, as the view or a handler would, and propagates.
    public func set(_ node: Int, to value: Value) {
        pendingWrite[node] = value
        pendingAppend[node] = nil
        enqueue(node)
        propagate()
    }

    /// Fires an event or value stream and propagates.
    public func send(_ node: Int, _ value: Value = .void) {
        guard ends[node] == nil else { return }
        inbox[node].append(value)
        enqueue(node)
        propagate()
    }

    /// Executes action `action` as its trigger would.
    public func execute(action: Int, input: Value = .void) {
        trigger(action, input: input)
        propagate()
    }

    /// One gesture on a view component as one transaction: `writes` show `payload`, `events`
    /// fire with it, `actions` execute with it.
    public func perform(writes: [Int], events: [Int], actions: [Int], payload: Value, clears: [Int] = []) {
        for node in writes {
            pendingWrite[node] = payload
            pendingAppend[node] = nil
            enqueue(node)
        }
        // Nodes the gesture resets to nil in the same transaction (a dismissed alert's message).
        for node in clears {
            pendingWrite[node] = Value.none
            pendingAppend[node] = nil
            enqueue(node)
        }
        for node in events where ends[node] == nil {
            inbox[node].append(payload)
            enqueue(node)
        }
        for action in actions { trigger(action, input: payload) }
        propagate()
    }

    /// The node's current value, or its latest emission for a stream; nil before it emitted. An
    /// invariant's value is its expression evaluated now, nil when that fails.
    public func value(of node: Int) -> Value? {
        hasEmitted[node] ? context.values[node] : unemittedValue(of: node)
    }

    /// Advances virtual time, running services and timers that come due.
    public func advance(by milliseconds: Int) throws(RuntimeLimitError) {
        let (target, overflow) = clock.now.addingReportingOverflow(max(milliseconds, 0))
        try clock.advance(to: overflow ? Int.max : target)
    }

    // MARK: propagation

    @inline(__always)
    func enqueue(_ node: Int) {
        if !queued[node] {
            queued[node] = true
            queue.insert(rank[node])
        }
    }

    func propagate() {
        while let r = queue.popMin() {
            let node = nodeAtRank[r]
            queued[node] = false
            switch behaviours[node] {
            case .source:
                if let tail = pendingAppend[node] {
                    pendingAppend[node] = nil
                    appendPending(node, tail)
                    continue
                }
                guard let value = pendingWrite[node] else { continue }
                pendingWrite[node] = nil
                if value != context.values[node] { changed(node, value) }
            case .derived(let f):
                // Nodes with no value are rare (an expression failed at the start): handled out of
                // line, so that the usual evaluation is only this.
                guard context.valueless.isEmpty else {
                    evaluateAmongValueless(node, f)
                    continue
                }
                do throws(EvalError) {
                    let value = try f(context)
                    if value != context.values[node] { changed(node, value) }
                } catch {
                    report("'\(spec.nodes[node].name)': \(error.message)")
                }
            case .stream:
                // Take the inbox out, leaving the spare (empty) storage in its place, deliver, then
                // keep the emptied storage as the next spare: no copy and no allocation.
                var events: [Value] = []
                swap(&events, &spareInbox)
                swap(&events, &inbox[node])
                for value in events { changed(node, value) }
                events.removeAll(keepingCapacity: true)
                swap(&events, &spareInbox)
            case .pipeline(let p):
                let stream = spec.streams[p]
                for event in pipelines[p].process() {
                    switch event {
                    case .next(let value):
                        if !stream.holdsValue || value != context.values[node] { changed(node, value) }
                    case .failure(let error):
                        guard let errors = stream.errors else {
                            onUnhandledError?(spec.nodes[node].name, error)
                            continue
                        }
                        inbox[errors].append(.error(error))
                        enqueue(errors)
                    case .completed:
                        ended(node, .completed)
                    case .error(let error):
                        onUnhandledError?(spec.nodes[node].name, error)
                        ended(node, .error(error))
                    }
                }
            }
        }
    }

    /// Records the node's end, reports it and delivers it to the pipelines it feeds.
    func ended(_ node: Int, _ streamEnd: StreamEnd) {
        guard ends[node] == nil else { return }
        ends[node] = streamEnd
        if visible[node] { onEnd?(clock.now, node, streamEnd) }
        for input in pipelineEndInputs[node] {
            pipelines[input.pipeline].receiveEnd(op: input.op, index: input.index, streamEnd)
            enqueue(spec.streams[input.pipeline].output)
        }
    }

    /// A derived node with no value: its expression failed before it ever had one (an overflow at
    /// start), or it reads such a node. It emits nothing and feeds nothing, and reading it fails,
    /// until an input change lets it compute a value: nothing downstream sees a value outside its
    /// type. (A node that had a value keeps it when its expression fails.)
    func markValueless(_ node: Int) {
        if context.valueless.isEmpty { context.valueless = Array(repeating: false, count: spec.nodes.count) }
        context.values[node] = .none
        context.valueless[node] = true
        hasEmitted[node] = false
    }

    func isValueless(_ node: Int) -> Bool {
        !context.valueless.isEmpty && context.valueless[node]
    }

    /// A derived node's turn in `propagate` while some node has no value: it waits while a node
    /// it reads has none, and emits its first value once it computes one.
    @inline(never)
    func evaluateAmongValueless(_ node: Int, _ f: CompiledExpr) {
        if reads[node].contains(where: isValueless) { return }
        do throws(EvalError) {
            let value = try f(context)
            if isValueless(node) {
                context.valueless[node] = false
                changed(node, value)
            } else if value != context.values[node] {
                changed(node, value)
            }
        } catch {
            report("'\(spec.nodes[node].name)': \(error.message)")
        }
    }

    /// Records the node's new value, emits it and notifies what depends on it.
    func changed(_ node: Int, _ value: Value) {
        context.values[node] = value
        hasEmitted[node] = true
        if visible[node] { onEmit?(Emission(time: clock.now, node: node, value: value)) }
        for reader in readers[node] { enqueue(reader) }
        for h in handlersOn[node] { runHandler(h, payload: value) }
        for a in actionsOn[node] { trigger(a, input: value) }
        for input in pipelineInputs[node] {
            if input.op < 0 {
                pipelines[input.pipeline].receive(value)
            } else {
                pipelines[input.pipeline].receive(op: input.op, index: input.index, value)
            }
            enqueue(spec.streams[input.pipeline].output)
        }
    }

    func report(_ message: String) {
        onRuntimeError?(clock.now, message)
    }

}
