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
    /// Called when a visible stream ends (`completed` or an error); it emits nothing after.
    public var onEnd: ((_ time: Int, _ node: Int, _ end: StreamEnd) -> Void)?
    /// Called when a stream output's inner stream is cancelled before it ended (a request
    /// `flatMapLatest` switched away from, or the output ending), with the call it made.
    public var onCancel: ((_ time: Int, _ node: Int, _ call: String) -> Void)?

    private enum Behaviour {
        case source
        case stream
        case derived(CompiledExpr)
        /// A stream output: its pipeline runs when the node is processed.
        case pipeline(Int)
    }

    private let context: EvalContext
    private let behaviours: [Behaviour]
    private let visible: [Bool]
    private let rank: [Int]
    private let nodeAtRank: [Int]
    /// Derived nodes that read each node.
    private let readers: [[Int]]
    /// The nodes each derived node reads (empty for other nodes).
    private let reads: [[Int]]
    /// Whether each node is an invariant, which is no node's reader (see `CompiledInvariants`).
    private let isInvariant: [Bool]
    private let invariants: CompiledInvariants
    private let handlersOn: [[Int]]
    private let actionsOn: [[Int]]
    private let handlerValues: [[CompiledExpr]]
    /// For each handler write of the form `x: x + list`, the compiled `list`: the write becomes an
    /// append applied in place when `x` is written (see `appendPending`). Nil for other writes.
    private let handlerAppends: [[CompiledExpr?]]
    /// For each handler that only forwards its event (`target: $event`, as a binding does), the
    /// target: the run writes the payload without evaluating anything. Nil for other handlers.
    private let handlerForwards: [Int?]
    private let actionArguments: [[CompiledExpr]]
    @exclusivity(unchecked) private var hasEmitted: [Bool]
    @exclusivity(unchecked) private var pendingWrite: [Value?]
    /// The list a handler appends to a node, written when the node is processed; exclusive with
    /// `pendingWrite` (the later write of a transaction replaces the earlier one).
    @exclusivity(unchecked) private var pendingAppend: [Value?]
    @exclusivity(unchecked) private var inbox: [[Value]]
    @exclusivity(unchecked) private var queued: [Bool]
    @exclusivity(unchecked) private var queue = MinHeap<Int>()
    /// Storage lent to a stream while it delivers its inbox and to a handler for its results, kept
    /// across transactions so that steady-state propagation allocates nothing.
    @exclusivity(unchecked) private var spareInbox: [Value] = []
    @exclusivity(unchecked) private var handlerWriteBuffer: [HandlerWrite] = []
    @exclusivity(unchecked) private var serviceCalls: [Int]
    /// The coverage recorder this graph was built for (its `instrumentation`); nil, the usual
    /// case, means no probes anywhere.
    private let coverage: CoverageRecorder?
    private var started = false
    // Unchecked as the state above: both are filled in `init` only, then only read per change.
    @exclusivity(unchecked) private var pipelines: [StreamPipeline] = []
    /// For each node, the pipelines it feeds: `op` -1 for the main source, else the operator index.
    @exclusivity(unchecked) private var pipelineInputs: [[(pipeline: Int, op: Int, index: Int)]]
    /// For each node, the pipelines its end is delivered to (as ``pipelineInputs``, and also
    /// sources read only for their latest value).
    private var pipelineEndInputs: [[(pipeline: Int, op: Int, index: Int)]]
    /// How each node's stream ended; nil while it runs (always nil for cells). Unchecked as the
    /// state above: `send` reads it on every event.
    @exclusivity(unchecked) private var ends: [StreamEnd?]

    /// `instrumentation`, when given, is the recorder the graph's coverage probes report to.
    public init(spec: CheckedSpec, clock: VirtualClock = VirtualClock(), params: [Value] = [],
                instrumentation: CoverageRecorder? = nil) {
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
        self.visible = coverage == nil ? spec.nodes.map(\.visible) : isInvariant.map { !$0 }
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

    private func makeEnvironment(_ p: Int, _ stream: StreamPlan) -> PipelineEnvironment {
        let env = PipelineEnvironment(context: context, clock: clock, name: spec.nodes[stream.output].name)
        env.coverage = coverage
        env.schedule = { [unowned self] delay, work in
            clock.schedule(after: delay) { [unowned self] in
                pipelines[p].inbox.append(work)
                enqueue(stream.output)
                propagate()
            }
        }
        env.call = { [unowned self] service, names, arguments in call(service: service, names: names, arguments: arguments) }
        env.latest = { [unowned self] node in value(of: node) }
        env.current = { [unowned self] node in spec.nodes[node].hasCurrentValue ? context.values[node] : nil }
        env.end = { [unowned self] node in ends[node] }
        env.report = { [unowned self] message in report(message) }
        env.cancelled = { [unowned self] call in onCancel?(clock.now, stream.output, call) }
        env.serviceName = { [unowned self] service in spec.services.indices.contains(service) ? spec.services[service].name : "?" }
        return env
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

    /// `interval:` and `timer:` sources: element `n` after `delay`, then the next one a period
    /// later, or the completion for a one-shot timer. Stops once the output ended.
    private func tick(_ p: Int, _ n: Int, after delay: Int, _ timer: TimerPlan) {
        clock.schedule(after: delay) { [unowned self] in
            let pipeline = pipelines[p]
            guard !pipeline.ended else { return }
            pipeline.receive(.int(n))
            if let period = timer.period {
                if n < Int.max { tick(p, n + 1, after: period, timer) }
            } else {
                pipeline.receiveEnd(op: -1, index: 0, .completed)
            }
            enqueue(spec.streams[p].output)
            propagate()
        }
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

    /// Out of line, so that `value(of:)` stays a read: nil, or an invariant's value.
    @inline(never)
    private func unemittedValue(of node: Int) -> Value? {
        guard isInvariant[node], let k = spec.invariants.firstIndex(where: { $0.node == node }) else { return nil }
        return try? evaluateInvariant(k)
    }

    /// The value of invariant `k` (of ``CheckedSpec/invariants``) now: its compiled expression run
    /// on the current values; propagation never computes it (see `CompiledInvariants`). Throws
    /// when the expression fails or reads a node with no value.
    func evaluateInvariant(_ k: Int) throws(EvalError) -> Value {
        try invariants.evaluate(k, context)
    }

    /// The first invariant that does not hold now (false, or its expression fails), nil when all
    /// hold.
    package func firstBrokenInvariant() -> Int? {
        invariants.isEmpty ? nil : invariants.firstBroken(context)
    }

    /// Advances virtual time, running services and timers that come due.
    public func advance(by milliseconds: Int) throws(RuntimeLimitError) {
        let (target, overflow) = clock.now.addingReportingOverflow(max(milliseconds, 0))
        try clock.advance(to: overflow ? Int.max : target)
    }

    // MARK: propagation

    @inline(__always)
    private func enqueue(_ node: Int) {
        if !queued[node] {
            queued[node] = true
            queue.insert(rank[node])
        }
    }

    private func propagate() {
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
    private func ended(_ node: Int, _ streamEnd: StreamEnd) {
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
    private func markValueless(_ node: Int) {
        if context.valueless.isEmpty { context.valueless = Array(repeating: false, count: spec.nodes.count) }
        context.values[node] = .none
        context.valueless[node] = true
        hasEmitted[node] = false
    }

    private func isValueless(_ node: Int) -> Bool {
        !context.valueless.isEmpty && context.valueless[node]
    }

    /// A derived node's turn in `propagate` while some node has no value: it waits while a node
    /// it reads has none, and emits its first value once it computes one.
    @inline(never)
    private func evaluateAmongValueless(_ node: Int, _ f: CompiledExpr) {
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
    private func changed(_ node: Int, _ value: Value) {
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

    private func runHandler(_ index: Int, payload: Value) {
        if let target = handlerForwards[index] {
            // What the general path below does for `target: $event` with no constraint.
            context.payload = payload
            pendingWrite[target] = payload
            pendingAppend[target] = nil
            enqueue(target)
            return
        }
        var writes: [HandlerWrite] = []
        swap(&writes, &handlerWriteBuffer)
        defer {
            writes.removeAll(keepingCapacity: true)
            swap(&writes, &handlerWriteBuffer)
        }
        guard handlerWrites(index, payload: payload, into: &writes) else { return }
        for write in writes {
            if write.appends {
                pendingWrite[write.target] = nil
                pendingAppend[write.target] = write.value
            } else {
                pendingWrite[write.target] = write.value
                pendingAppend[write.target] = nil
            }
            enqueue(write.target)
        }
    }

    /// Writes `x: x + tail` as `x` + `tail`, appending in place: the node's value is taken out of
    /// the context first, so unless something else (a recorded emission) still holds the list,
    /// the append copies only `tail`. This is the value the handler's expression would have
    /// computed: `x` cannot change between the handler run and this write, since only processing
    /// `x` changes it. `x + []` equals `x`, so an empty tail emits nothing.
    private func appendPending(_ node: Int, _ tail: Value) {
        guard case .list(let tail) = tail, case .list(var items) = context.values[node] else {
            // As `+` evaluates when either side is not a list (the checker rules it out).
            if context.values[node] != .none { changed(node, .none) }
            return
        }
        guard !tail.isEmpty else { return }
        guard items.count + tail.count <= context.maximumValueSize else {
            report("'\(spec.nodes[node].name)': \(context.tooLarge("list", items.count + tail.count).message)")
            return
        }
        context.values[node] = .void
        items.append(contentsOf: tail)
        changed(node, .list(items))
    }

    /// Every value is computed before any is written, so assignments read the old state. A value
    /// its target cannot take (a binding error) is reported and not written.
    /// Computes a handler's writes into `writes` (storage the caller reuses, so a handler run
    /// allocates nothing). Every value is computed before any is written, so assignments read the
    /// old state. False when an expression failed.
    private func handlerWrites(_ index: Int, payload: Value, into writes: inout [HandlerWrite]) -> Bool {
        let handler = spec.handlers[index]
        context.payload = payload
        for (k, f) in handlerValues[index].enumerated() {
            let value: Value
            do throws(EvalError) {
                if let tail = handlerAppends[index][k] {
                    // `x: x + tail`, written as an append; a tail that is not a list makes `+`
                    // give none, as the whole expression would.
                    let t = try tail(context)
                    if case .list = t, case .list = context.values[handler.targets[k]] {
                        writes.append(HandlerWrite(target: handler.targets[k], value: t, appends: true))
                        continue
                    }
                    value = .none
                } else {
                    value = try f(context)
                }
            } catch {
                report("\(handler.label ?? "handler on '\(spec.nodes[handler.on].name)'"): \(error.message)")
                return false
            }
            let target = handler.targets[k]
            if k < handler.constraints.count, let constraint = handler.constraints[k], !constraint.allows(value) {
                report("\(handler.label ?? "handler"): '\(spec.nodes[target].name)' cannot take \(value); it takes \(constraint.range)")
                continue
            }
            writes.append(HandlerWrite(target: target, value: value, appends: false))
        }
        return true
    }

    private func report(_ message: String) {
        onRuntimeError?(clock.now, message)
    }

    // MARK: actions

    /// The `Action` library's execute: a disabled action emits `notEnabled` on `errors` and runs
    /// nothing; an enabled one becomes executing (and so disabled) until its work ends.
    private func trigger(_ index: Int, input: Value) {
        let action = spec.actions[index]
        guard context.values[action.enabled].boolValue, pendingWrite[action.executing] != .bool(true) else {
            inbox[action.errors].append(.error(ErrorValue(.notEnabled)))
            enqueue(action.errors)
            return
        }
        context.payload = input
        var arguments: [Value] = []
        for f in actionArguments[index] {
            do throws(EvalError) {
                arguments.append(try f(context))
            } catch {
                report("action '\(action.name)': \(error.message)")
                inbox[action.errors].append(.error(ErrorValue(.evaluation, message: error.message)))
                enqueue(action.errors)
                return
            }
        }
        pendingWrite[action.executing] = .bool(true)
        enqueue(action.executing)
        let (outcome, latency) = call(service: action.service, names: action.argumentNames, arguments: arguments)
        if case .sequence(let events) = outcome {
            return playSequence(events, of: action)
        }
        // The tag tells the explorer's state digest which action ends with which outcome; hashing
        // the outcome is work a scenario does not need.
        let tag = tagsTimers ? index &* 1_000_003 &+ outcome.hashValue | 1 : 0
        clock.schedule(after: latency, tag: tag) { [unowned self] in
            // The work's element (or error), then its completion: two steps, as in Rx.
            switch outcome {
            case .success(let value):
                inbox[action.elements].append(value)
                enqueue(action.elements)
            case .failure(let error):
                inbox[action.errors].append(.error(error))
                enqueue(action.errors)
            case .sequence:
                break
            }
            propagate()
            pendingWrite[action.executing] = .bool(false)
            enqueue(action.executing)
            propagate()
            if case .success = outcome { completed(action) }
        }
    }

    /// `CompletableAction.completions`: `()` once the work completed, after `executing` turned
    /// false, as the library's subscription made after the action's own. Only when the spec reads it.
    @inline(__always)
    private func completed(_ action: ActionPlan) {
        guard let node = action.completions else { return }
        inbox[node].append(.void)
        enqueue(node)
        propagate()
    }

    /// Work answering a `sequence:`: each element on `elements` at its time, an error on
    /// `errors`; `executing` turns false when the sequence ends (never, if it does not).
    private func playSequence(_ events: [ServicePlan.SequenceEvent], of action: ActionPlan) {
        for e in events {
            clock.schedule(after: e.time) { [unowned self] in
                switch e.event {
                case .next(let value):
                    inbox[action.elements].append(value)
                    enqueue(action.elements)
                    propagate()
                case .end(let end):
                    if case .error(let error) = end {
                        inbox[action.errors].append(.error(error))
                        enqueue(action.errors)
                        propagate()
                    }
                    pendingWrite[action.executing] = .bool(false)
                    enqueue(action.executing)
                    propagate()
                    if case .completed = end { completed(action) }
                }
            }
        }
    }

    /// The fake service's answer to its next call: the first case matching the arguments, else
    /// successive results, the last one repeating.
    private func call(service index: Int, names: [String], arguments: [Value]) -> (ServicePlan.Outcome, Int) {
        guard spec.services.indices.contains(index) else { return (.success(.void), 0) }
        let count = serviceCalls[index]
        serviceCalls[index] = count &+ 1
        if let override = serviceChoice, let chosen = override(index, names, arguments, count) { return chosen }
        let choice = spec.services[index].choose(arguments: names, arguments, count: count)
        coverage?.answered(spec.services[index], choice)
        return spec.services[index].answer(choice, arguments: names, arguments)
    }

    // MARK: exploration (Exploration/)

    /// Everything a step changes, between transactions: values, which nodes emitted, service-call
    /// counters and the clock. Stream operators keep state of their own that this does not hold,
    /// so a graph with stream outputs cannot be restored (see ``canRestoreState``).
    package struct State {
        fileprivate var values: [Value]
        fileprivate var hasEmitted: [Bool]
        fileprivate var serviceCalls: [Int]
        fileprivate var ends: [StreamEnd?]
        fileprivate var clock: VirtualClock.State

        /// The bytes of the arrays this state alone owns (``state`` copies them), freed with it;
        /// exploration's memory budget counts them (see `HeldBytes`).
        package var ownBytes: Int {
            4 * HeldBytes.header + values.count * MemoryLayout<Value>.stride + hasEmitted.count
                + serviceCalls.count * MemoryLayout<Int>.stride + ends.count * MemoryLayout<StreamEnd?>.stride
        }

        /// The heap bytes of the values and the clock's queue that `parent`, the state this one was
        /// reached from, does not share: a value a step did not replace is the parent's storage.
        package func addedBytes(beyond parent: State?) -> Int {
            var bytes = clock.bytes(beyond: parent?.clock)
            guard let parent, parent.values.count == values.count else {
                for value in values { bytes += HeldBytes.of(value) }
                return bytes
            }
            for i in values.indices { bytes += HeldBytes.added(values[i], over: parent.values[i]) }
            return bytes
        }
    }

    /// True when ``state`` captures everything: the graph has no stream outputs.
    package var canRestoreState: Bool { pipelines.isEmpty }

    /// The graph's state between transactions; setting it restores one taken from this graph.
    ///
    /// Both directions copy element by element, so the graph's arrays never share storage with a
    /// saved state: restoring then stepping, as exploration does for every move it tries, writes
    /// into storage the graph owns instead of allocating a copy of every array on its first write.
    package var state: State {
        get {
            State(values: context.values.withUnsafeBufferPointer { Array($0) }, hasEmitted: hasEmitted.withUnsafeBufferPointer { Array($0) },
                  serviceCalls: serviceCalls.withUnsafeBufferPointer { Array($0) }, ends: ends.withUnsafeBufferPointer { Array($0) },
                  clock: clock.state)
        }
        set {
            Self.copy(newValue.values, into: &context.values)
            Self.copy(newValue.hasEmitted, into: &hasEmitted)
            Self.copy(newValue.serviceCalls, into: &serviceCalls)
            Self.copy(newValue.ends, into: &ends)
            clock.state = newValue.clock
        }
    }

    private static func copy<T>(_ source: [T], into target: inout [T]) {
        guard source.count == target.count else {
            target = source
            return
        }
        target.withUnsafeMutableBufferPointer { dst in
            source.withUnsafeBufferPointer { src in
                for i in src.indices { dst[i] = src[i] }
            }
        }
    }

    /// Back to how `init` left the graph, with fresh stream operators built from the compiled
    /// plans, so that ``start()`` runs again: `unstarted` must be a ``state`` taken before the
    /// first start. Cheaper than a new graph: only the pipelines are built again.
    package func rewind(to unstarted: State) {
        state = unstarted
        pipelines = spec.streams.enumerated().map { p, stream in StreamPipeline(plan: stream, environment: makeEnvironment(p, stream)) }
        started = false
    }

    /// A 64-bit digest of the state: the values of the nodes in ``digestNodes``, service-call
    /// counters, how streams ended and the pending timers relative to now. Not `Hasher`: this
    /// runs once per explored transition, and a multiply-xor mix of the values' words costs a
    /// fraction of SipHash through `Value`'s generic `hash(into:)`. Strings mix their UTF-8 bytes
    /// (canonically equal strings with other bytes only count as two states); rare kinds of values
    /// go through `Hasher`.
    ///
    /// The digest is a sum of one term per node (``digestTerm(of:_:)``), per counter, per end and
    /// per timer, so exploration can tell what a step that changes one input (and only derived
    /// values after it) reaches without taking it: the digest minus the input's old term plus its
    /// new one (see ``changesOnlyDerivedValues(_:)``).
    package func stateDigest() -> UInt64 {
        var sum: UInt64 = 0
        for i in digestNodes { sum &+= Self.digestTerm(of: i, context.values[i]) }
        if !pipelines.isEmpty {
            // Operators read streams' latest values (`withLatestFrom`), so with stream outputs
            // every node counts, and which nodes emitted.
            var bits: UInt64 = 0
            for i in hasEmitted.indices {
                if hasEmitted[i] { bits |= 1 << UInt64(i & 63) }
                if i & 63 == 63 || i == hasEmitted.count - 1 {
                    sum &+= Self.mixed(bits, UInt64(i >> 6) &+ 0x2_0000_0000)
                    bits = 0
                }
            }
        }
        for (k, c) in serviceCalls.enumerated() {
            // A fake answers its n-th call with result n, the last one repeating: calls past
            // the last result change nothing.
            let counted = min(c, serviceCallsCounted[k])
            if counted != 0 { sum &+= Self.mixed(UInt64(bitPattern: Int64(counted)), UInt64(k) &+ 0x3_0000_0000) }
        }
        for i in ends.indices {
            guard let end = ends[i] else { continue }
            sum &+= Self.mixed(UInt64(bitPattern: Int64(end.hashValue)), UInt64(i) &+ 0x1_0000_0000)
        }
        return sum &+ clock.pendingDigest()
    }

    /// The nodes whose values ``stateDigest()`` covers: every node until
    /// ``digestOnlyCells(writtenByMoves:gestures:)``.
    private var digestNodes: [Int] = []
    /// Per service, the most calls that can change what its next call answers (see
    /// ``ServicePlan/choose(arguments:_:count:)``).
    private let serviceCallsCounted: [Int]
    /// Per node, the node it mirrors (see ``digestOnlyCells(writtenByMoves:gestures:)``), or -1.
    private var mirrorOf: [Int] = []

    /// Narrows ``stateDigest()`` to what a state is, for exploration, whose steps write the
    /// nodes in `written` (`set` steps) and those `gestures` write or clear, and nothing else. Without stream outputs, a state is its cells (inputs with a current value
    /// and state) that something writes: a step, a gesture, a handler or an action. A derived
    /// value is a function of the cells: an expression reads only nodes with a current value, and
    /// a failing expression is a finding that ends the exploration. A cell a binding alone writes
    /// from a node with a current value (a button's `enabled` mirroring `login.enabled`) always
    /// holds that node's value, and so does one a gesture writes too when it binds back (a text
    /// field's text and the `email` it is bound to both ways). An event's or a stream's latest
    /// value is read by nothing but stream operators, and a cell nothing writes never changes.
    /// With stream outputs every node counts, and which nodes emitted.
    package func digestOnlyCells(writtenByMoves written: Set<Int>, gestures: [GesturePlan] = []) {
        var gestured = Set<Int>()
        for g in gestures { gestured.formUnion(g.writes + g.clears) }
        let n = spec.nodes.count
        var writers = [[Int]](repeating: [], count: n)
        for (h, handler) in spec.handlers.enumerated() {
            for t in handler.targets { writers[t].append(h) }
        }
        var byAction = [Bool](repeating: false, count: n)
        for action in spec.actions { byAction[action.executing] = true }
        var mirror = [Int](repeating: -1, count: n)
        for c in 0..<n {
            guard case .source = behaviours[c], !written.contains(c), !byAction[c], writers[c].count == 1 else { continue }
            let h = writers[c][0]
            let handler = spec.handlers[h]
            let m = handler.on
            guard handlerForwards[h] == c, handler.startValue == m, spec.nodes[m].hasCurrentValue else { continue }
            if gestured.contains(c) {
                // A gesture writes `c` and, through the binding back (from `c` or from the
                // edit the gesture fires), `m` with the same value, in one transaction: still equal.
                guard case .source = behaviours[m] else { continue }
                let forwardsToM = { (node: Int) in self.handlersOn[node].contains { self.handlerForwards[$0] == m } }
                let balanced = gestures.allSatisfy { g in
                    guard g.writes.contains(c) || g.clears.contains(c) else { return true }
                    guard case .value = g.payload, !g.clears.contains(c) else { return false }
                    return forwardsToM(c) || g.events.contains(where: forwardsToM)
                }
                guard balanced else { continue }
            }
            mirror[c] = m
        }
        // Cells mirroring each other in a ring hold whatever they started with: not mirrors.
        for c in 0..<n where mirror[c] >= 0 {
            var m = mirror[c]
            var steps = 0
            while m >= 0 && m != c && steps <= n {
                m = mirror[m]
                steps += 1
            }
            if m == c { mirror[c] = -1 }
        }
        mirrorOf = mirror
        guard pipelines.isEmpty else { return }
        digestNodes = (0..<n).filter { c in
            guard case .source = behaviours[c], mirror[c] < 0 else { return false }
            return written.contains(c) || gestured.contains(c) || byAction[c] || !writers[c].isEmpty
        }
    }

    /// The node a mirror cell finally mirrors: `node` itself when it mirrors nothing.
    private func mirrorRoot(_ node: Int) -> Int {
        var m = node
        var steps = 0
        while mirrorOf.indices.contains(m), mirrorOf[m] >= 0, steps <= mirrorOf.count {
            m = mirrorOf[m]
            steps += 1
        }
        return m
    }

    /// Node `node`'s term of ``stateDigest()`` when its value is `value`.
    package static func digestTerm(of node: Int, _ value: Value) -> UInt64 {
        var d = Digest()
        d.mix(UInt64(node))
        switch value {
        case .bool(let b): d.mix(b ? 1 : 2)
        case .int(let n):
            d.mix(3)
            d.mix(UInt64(bitPattern: Int64(n)))
        case .void: d.mix(4)
        case .none: d.mix(5)
        case .string(var s):
            d.mix(6)
            s.withUTF8 { d.mix(bytes: UnsafeRawBufferPointer($0)) }
        default:
            var hasher = Hasher()
            hasher.combine(value)
            d.mix(UInt64(bitPattern: Int64(hasher.finalize())))
        }
        return d.finished
    }

    private static func mixed(_ x: UInt64, _ salt: UInt64) -> UInt64 {
        var d = Digest()
        d.mix(salt)
        d.mix(x)
        return d.finished
    }

    /// The current value of a node ``stateDigest()`` covers (exploration reads an input's old
    /// term with it).
    package func storedValue(of node: Int) -> Value { context.values[node] }

    /// The cell a gesture amounts to writing with its payload, when that is all it does: it
    /// writes only cells mirroring that cell, fires only events whose handlers forward the payload
    /// into it or its mirrors, runs no action, clears nothing, and the cell itself changes only
    /// derived values (``changesOnlyDerivedValues(_:)``). Typing into a text field bound both ways
    /// to `email` amounts to writing `email`. Nil for any other gesture.
    package func cellWritten(by gesture: GesturePlan) -> Int? {
        guard pipelines.isEmpty, gesture.actions.isEmpty, gesture.clears.isEmpty, gesture.shownWhile == nil, !gesture.writes.isEmpty,
              case .value = gesture.payload else { return nil }
        let root = mirrorRoot(gesture.writes[0])
        guard root != gesture.writes[0], changesOnlyDerivedValues(root) else { return nil }
        for w in gesture.writes where mirrorRoot(w) != root || w == root { return nil }
        for e in gesture.events {
            guard actionsOn[e].isEmpty, pipelineInputs[e].isEmpty else { return nil }
            for h in handlersOn[e] {
                guard let target = handlerForwards[h], mirrorRoot(target) == root else { return nil }
            }
        }
        return root
    }

    /// True when writing `node` can change nothing but derived values and the cells mirroring
    /// them, none of which ``stateDigest()`` covers: no handler (but a binding into a mirror),
    /// action or stream operator listens to it or to anything computed from it. Such a write's
    /// state is the old one with `node`'s term replaced. False until
    /// ``digestOnlyCells(writtenByMoves:gestures:)``.
    package func changesOnlyDerivedValues(_ node: Int) -> Bool {
        guard case .source = behaviours[node], pipelines.isEmpty, mirrorOf.indices.contains(node), mirrorOf[node] < 0 else { return false }
        var seen = Set([node])
        var stack = [node]
        while let n = stack.popLast() {
            guard actionsOn[n].isEmpty, pipelineInputs[n].isEmpty else { return false }
            for h in handlersOn[n] {
                guard let target = handlerForwards[h] else { return false }
                if mirrorOf[target] >= 0 {
                    if seen.insert(target).inserted { stack.append(target) }
                } else if mirrorRoot(n) != target {
                    // A binding back into the cell `n` mirrors writes the value it has; into
                    // another cell, it changes a cell.
                    return false
                }
            }
            for r in readers[n] where seen.insert(r).inserted { stack.append(r) }
        }
        return true
    }
}

/// A multiply-xor mix of 64-bit words, for ``ScreenGraph/stateDigest()``.
struct Digest {
    private(set) var value: UInt64 = 0x243F_6A88_85A3_08D3

    /// The value with a final avalanche, so that sums of digests stay well mixed.
    var finished: UInt64 {
        var x = value
        x = (x ^ x >> 31) &* 0xBF58_476D_1CE4_E5B9
        return x ^ x >> 29
    }

    @inline(__always)
    mutating func mix(_ x: UInt64) {
        value = (value ^ x) &* 0x9E37_79B9_7F4A_7C15
        value ^= value >> 29
    }

    /// Eight bytes at a time, then the rest with the length in the top byte.
    @inline(__always)
    mutating func mix(bytes raw: UnsafeRawBufferPointer) {
        var at = 0
        while at + 8 <= raw.count {
            mix(raw.loadUnaligned(fromByteOffset: at, as: UInt64.self))
            at += 8
        }
        var tail: UInt64 = 0
        while at < raw.count {
            tail = tail << 8 | UInt64(raw[at])
            at += 1
        }
        mix(tail ^ UInt64(raw.count & 0xFF) << 56)
    }
}

extension TypedExpr {
    /// The graph nodes this expression reads, each once.
    package func nodeReads() -> [Int] {
        var out: [Int] = []
        collectReads(into: &out)
        return out
    }

    private func collectReads(into out: inout [Int]) {
        switch self {
        case .node(let i): if !out.contains(i) { out.append(i) }
        case .constant, .eventPayload, .closureArgument, .operatorArgument: break
        case .not(let e), .negate(let e, _), .member(let e, _, _): e.collectReads(into: &out)
        case .arithmetic(_, _, let a, let b), .concatenate(let a, let b, _), .equal(let a, let b, _), .order(_, let a, let b),
             .and(let a, let b), .or(let a, let b), .coalesce(let a, let b):
            a.collectReads(into: &out)
            b.collectReads(into: &out)
        case .conditional(let c, let a, let b):
            c.collectReads(into: &out)
            a.collectReads(into: &out)
            b.collectReads(into: &out)
        case .call(_, let args), .list(let args), .makeRecord(_, _, let args), .makeNavigation(_, _, let args):
            for a in args { a.collectReads(into: &out) }
        case .closureCall(_, let list, let body):
            list.collectReads(into: &out)
            body.collectReads(into: &out)
        case .interpolation(let parts):
            for case .value(let e) in parts { e.collectReads(into: &out) }
        case .probe(_, let e):
            e.collectReads(into: &out)
        }
    }
}
