@_spi(Engine) import SpecProgram

/// A checked spec compiled into indexed nodes, propagating changes glitch-free on a virtual clock.
///
/// One external change (``set(_:to:)``, ``send(_:_:)``, a service answering) is one transaction:
/// affected nodes are processed in topological rank, each at most once for cells, so a derived
/// output sees every input already updated and emits once, only when its value changed.
/// Event nodes deliver every event they received in the transaction, in order.
public final class ScreenGraph {
    package let spec: CheckedSpec
    /// What each input drops of the rows written to it, found once (ScreenGraph+ViewFields.swift);
    /// nil when no row has view fields, so that a write of a spec without them reads no table (a
    /// lazily made struct read on every write of the login form cost two retains and releases).
    let viewFieldCuts: ViewFieldCuts?
    /// Per `cells:` entry, the `isHidden` nodes of the screen's lists that show its rows, found
    /// once (ScreenGraph+RowGestures.swift): a hidden table's cells take no touch.
    lazy var rowListHidden = Self.rowListHiddenNodes(spec)
    package let clock: VirtualClock

    // Performance: the per-node state below is read and written several times per node in every
    // transaction. Each access to a class's `var` is checked for exclusivity at run time, which cost
    // more than the propagation itself (about 28 checks per change of a login form), so the hot
    // properties opt out with `@exclusivity(unchecked)`. That is sound here because no access to them
    // spans a call into other code: callbacks (`onEmit`, compiled expressions, handlers) run between
    // accesses, never inside one.

    /// Called for every emission of a node the timeline shows.
    public var onEmit: ((Emission) -> Void)? {
        get { emitOwner?.f }
        set {
            // The box being replaced may be running (a host that sets `onEmit` from inside it):
            // it is kept until no call of it is under way, as `emit` calls it unowned.
            if let old = emitOwner { retiredEmits.append(old) }
            emitOwner = newValue.map(EmitCall.init)
            emit = emitOwner.map { Unmanaged.passUnretained($0) }
        }
    }
    /// ``onEmit`` in a box, called through `emit` with no retain per emission (CompiledCalls.swift).
    @exclusivity(unchecked) private var emitOwner: EmitCall?
    @exclusivity(unchecked) var emit: Unmanaged<EmitCall>?
    /// Boxes of replaced ``onEmit`` closures, released when no `emit` call is under way
    /// (`emitting`, the calls on the stack).
    @exclusivity(unchecked) var retiredEmits: [EmitCall] = []
    @exclusivity(unchecked) var emitting = 0
    /// The most characters (UTF-8 bytes) of a string or elements of a list an expression or a
    /// handler's append may build; past it the expression fails and ``limitExceeded`` says why.
    package var maximumValueSize: Int {
        get { context.maximumValueSize }
        set { context.maximumValueSize = newValue }
    }

    /// The most list elements and characters the expressions of one graph may go through in all
    /// (copying, mapping, searching, comparing, printing); past it every such expression fails
    /// and ``limitExceeded`` says why.
    package var maximumWork: Int {
        get { context.maximumWork }
        set { context.maximumWork = newValue }
    }

    /// Why a value went past ``maximumValueSize``, once one did: the owner should stop the scenario
    /// (the graph itself goes on, each such expression failing as an overflow does).
    package var limitExceeded: String? { context.exceeded }

    /// The observers a scenario's `subscribe:` steps added and no `dispose:` took away, in the
    /// order they subscribed (ScreenGraph+Observers.swift); empty but in such a scenario, so an
    /// emission costs one count.
    @exclusivity(unchecked) var observers: [(name: String, node: Int)] = []
    /// The replays of the `share` outputs observers subscribed to (ScreenGraph+Observers.swift).
    var shared: [Int: ShareReplay] = [:]
    /// What the host hears beside emissions, and the answers it chooses (see ``GraphHooks``).
    package let hooks: GraphHooks
    /// The live providers and calls in flight, when a live host runs this graph (see
    /// ``LiveCalls``); nil, the usual case, means the spec's fakes answer every call.
    var liveCalls: LiveCalls?
    /// The compiled spec this graph runs; other graphs may run it too.
    package let program: ScreenProgram
    /// The services' fakes: the spec's, or a scenario's overrides of some of them.
    let services: [ServicePlan]

    // The tables below are the program's, shared (an array is copied by reference): propagation
    // reads them from the graph's own constants, one load nearer than through `program`.
    package let context: EvalContext
    let behaviors: [ScreenProgram.Behavior]
    let conditions: [CompiledCondition?]
    /// What propagation calls, with no retain (CompiledCalls.swift); the program owns the boxes.
    let kinds: [NodeKind]
    let derivedCalls: [Unmanaged<ExprCall>?]
    let conditionCalls: [Unmanaged<ConditionCall>?]
    let handlerCalls: [[Unmanaged<ExprCall>]]
    /// Whether ``onEmit`` (and its hooks' `end`) is called for each node: the timeline's nodes, every
    /// node but the invariants for an instrumented program, or for a live screen the nodes someone
    /// observes (on with its first observer, off with its last, so that what a live screen reports
    /// costs in proportion to what is observed). Unchecked as the state below.
    @exclusivity(unchecked) var visible: [Bool]
    let rank: [Int]
    let nodeAtRank: [Int]
    /// Whether each node is an input property: a `BehaviorRelay`, whose `accept` reaches its
    /// subscribers even with an equal value (a re-tapped row, a re-entered search). State and
    /// derived outputs emit only on a change.
    let acceptsEqual: [Bool]
    /// See ``ScreenProgram/rebinds``; the sources written during a person's transaction, noted
    /// while `tracksAccepts` (ScreenGraph+Rebinding.swift).
    let rebinds: NodeLists<Rebinding>
    @exclusivity(unchecked) var tracksAccepts = false
    @exclusivity(unchecked) var acceptedSources: [Int] = []
    /// Feedback (ScreenGraph+Feedback.swift): the nodes each pipeline samples, whether a node is
    /// sampled, which pending writes a handler made, and the values sampled nodes had before a
    /// handler's write in the current transaction.
    let samples: [[Int]]
    let isSampled: [Bool]
    let handlerWrote: NodeSlots<Bool>
    @exclusivity(unchecked) var priors: [(node: Int, value: Value)] = []
    /// Outputs of streams that answer their source only later (a stopwatch's `interval` inside
    /// `flatMapLatest`) whose source, ranked after them, changed in this transaction: they run in
    /// a transaction of their own at the same instant (ScreenGraph+Feedback.swift).
    @exclusivity(unchecked) var laterOutputs: [Int] = []
    /// Derived nodes that read each node.
    let readers: NodeLists<Int>
    /// The nodes each derived node reads (empty for other nodes).
    let reads: NodeLists<Int>
    /// Whether each node is an invariant, which is no node's reader (see `CompiledInvariants`).
    let isInvariant: [Bool]
    let invariants: CompiledInvariants
    let handlersOn: NodeLists<Int>
    let readerStart: [Int]
    let readerList: [Int]
    let handlerStart: [Int]
    let handlerList: [Int]
    let triggersOrFeeds: [Bool]
    let actionsOn: NodeLists<Int>
    let handlerValues: [[CompiledExpr]]
    /// See ``ScreenProgram/handlerAppends``.
    let handlerAppends: [[CompiledExpr?]]
    /// See ``ScreenProgram/handlerForwards``.
    let handlerForwards: [Int?]
    /// See ``ScreenProgram/handlerConditions``.
    let handlerConditions: [CompiledExpr?]
    let actionArguments: [[CompiledExpr]]
    // Exploration (SpecExploration) reads and restores the next four from another module, where
    // `@exclusivity(unchecked)` is not honoured: a direct access there is a dynamic check. So, as
    // `EvalContext`'s state, each is stored under a `stored…` name and used through an
    // `@inlinable` property whose body, compiled into the reader as written here, keeps the
    // unchecked access; `_read` lends the array rather than handing out a retained copy.
    @usableFromInline @exclusivity(unchecked) var storedHasEmitted: [Bool]
    @inlinable package var hasEmitted: [Bool] {
        _read { yield storedHasEmitted }
        set { storedHasEmitted = newValue }
        _modify { yield &storedHasEmitted }
    }
    let pendingWrite: NodeSlots<Value?>
    /// The list a handler appends to a node, written when the node is processed; exclusive with
    /// `pendingWrite` (the later write of a transaction replaces the earlier one).
    let pendingAppend: NodeSlots<Value?>
    @exclusivity(unchecked) var inbox: [[Value]]
    let queued: NodeSlots<Bool>
    let queue: RankQueue
    /// Storage lent to a stream while it delivers its inbox and to a handler for its results, kept
    /// across transactions so that steady-state propagation allocates nothing.
    @exclusivity(unchecked) var spareInbox: [Value] = []
    @exclusivity(unchecked) var handlerWriteBuffer: [HandlerWrite] = []
    @usableFromInline @exclusivity(unchecked) var storedServiceCalls: [Int]
    @inlinable package var serviceCalls: [Int] {
        _read { yield storedServiceCalls }
        set { storedServiceCalls = newValue }
        _modify { yield &storedServiceCalls }
    }
    /// The instrumentation its program was compiled with; nil, the usual case: no probes anywhere.
    let instrumentation: (any ScreenInstrumentation)?
    var started = false
    /// What computing a state's first value from the parameters failed with (reported at the start).
    var initialFailures: [String] = []
    // Unchecked as the state above: filled in `init` (and `rewind`) only, then only read per change.
    @usableFromInline @exclusivity(unchecked) var storedPipelines: [StreamPipeline] = []
    @inlinable package var pipelines: [StreamPipeline] {
        _read { yield storedPipelines }
        set { storedPipelines = newValue }
        _modify { yield &storedPipelines }
    }
    /// Per pipeline, the action whose work it runs (see ScreenGraph+ActionWork.swift), else -1.
    /// A constant: read in every transaction, a `var` would be checked for exclusive access there.
    let workOfPipeline: [Int]
    /// For a bound's cell or the value it bounds, the component (``ComponentPlan/Bounds``); -1
    /// for other nodes; empty when no component's bounds are expressions (ScreenGraph+Bounds.swift).
    let boundedBy: [Int]
    /// Executions of work written as a stream that ended in this transaction, in order: each
    /// action's `executing` turns false in a transaction of its own after it.
    @exclusivity(unchecked) var endedExecutions: [(action: Int, completed: Bool)] = []
    /// The pipelines of rows' actions whose work is a stream, after the streams' in
    /// ``pipelines`` (ScreenGraph+RowWork.swift): per entry of `cells:`, per action, its
    /// pipeline, else -1.
    let rowWorkPipeline: [[Int]]
    /// What rows' executions did while their pipelines ran, settled on their rows each in a
    /// transaction of its own after the one that ran them (ScreenGraph+RowWork.swift).
    @exclusivity(unchecked) var rowWorkEvents: [(call: RowCall, event: StreamEvent)] = []
    var settlingRowWork = false
    /// The rows made since their `created` last fired (ScreenGraph+RowCreated.swift): each fires
    /// it in the transaction that made it.
    var madeRows: [(cells: Int, row: Value)] = []
    /// The rows given a new value of a parameter they read as a stream since it last fired
    /// (ScreenGraph+RowCreated.swift), with the input that fires.
    var changedParams: [(cells: Int, row: Value, input: Int)] = []
    /// What the transaction reports after its emissions (ScreenGraph+Services.swift): its service
    /// calls (to ``GraphHooks/called``), then the inner streams their own `take` ended with their
    /// source running (to ``GraphHooks/cancel``). Empty unless a host listens; read by every
    /// transaction, so unchecked, as the other per-transaction lists.
    @exclusivity(unchecked) var pendingCalls: [(time: Int, service: Int, names: [String], arguments: [Value])] = []
    @exclusivity(unchecked) var pendingCancels: [(time: Int, node: Int, call: String)] = []
    /// The live calls of rows' actions in flight (ScreenGraph+RowActions.swift), so that a row
    /// leaving its list cancels its own; empty but under a live host.
    var rowLiveCalls: [RowCall: LiveCalls.Call] = [:]
    /// Per `cells:` entry, whether an output or an action's `enabledIf:` of one of its rows ever
    /// failed: until then, a row kept with the very element it had keeps its outputs
    /// (ScreenGraph+Cells.swift). Never reset, so a failure is reported each time it was.
    var rowOutputsFailed: [Bool] = []
    /// For each node, the pipelines it feeds: `op` -1 for the main source, else the operator index.
    let pipelineInputs: NodeLists<ScreenProgram.Port>
    /// For each node, the pipelines its end is delivered to (as ``pipelineInputs``, and also
    /// sources read only for their latest value).
    let pipelineEndInputs: NodeLists<ScreenProgram.Port>
    /// How each node's stream ended; nil while it runs (always nil for cells). Unchecked as the
    /// state above: `send` reads it on every event.
    @usableFromInline @exclusivity(unchecked) var storedEnds: [StreamEnd?]
    @inlinable package var ends: [StreamEnd?] {
        _read { yield storedEnds }
        set { storedEnds = newValue }
        _modify { yield &storedEnds }
    }
    /// Per service, the most calls that can change what its next call answers (see
    /// ``ServicePlan/choose(arguments:_:count:)``).
    package let serviceCallsCounted: [Int]

    /// A graph of `spec` on `clock`, with the values of its `params:` in declaration order.
    /// Compiles the spec; to run it more than once, compile it once (``ScreenProgram``) and use
    /// ``init(program:clock:params:services:)``.
    public convenience init(spec: CheckedSpec, clock: VirtualClock = VirtualClock(), params: [Value] = []) {
        self.init(program: ScreenProgram(spec), clock: clock, params: params, reportsNone: false)
    }

    /// A run of `program` on `clock`, with the values of its `params:` in declaration order;
    /// `services`, when given, replaces the spec's fakes (a scenario's `services:`, see
    /// ``ScenarioPlan/applying(to:)``).
    /// `hooks` are what the host hears beside emissions (see ``GraphHooks``).
    package convenience init(program: ScreenProgram, clock: VirtualClock = VirtualClock(), params: [Value] = [],
                             services: [ServicePlan]? = nil, hooks: GraphHooks = GraphHooks()) {
        self.init(program: program, clock: clock, params: params, reportsNone: false, services: services, hooks: hooks)
    }

    /// `reportsNone`: ``onEmit`` reports no node until its ``visible`` flag is set (a live screen
    /// sets it for the nodes that gain observers), not the nodes the timeline shows.
    init(program: ScreenProgram, clock: VirtualClock, params: [Value], reportsNone: Bool, services: [ServicePlan]? = nil,
         hooks: GraphHooks = GraphHooks()) {
        let spec = program.spec
        self.program = program
        self.hooks = hooks
        self.spec = spec
        viewFieldCuts = spec.cells.contains { plan in plan.fieldNames.indices.contains(where: plan.isViewField) } ? ViewFieldCuts(spec) : nil
        self.clock = clock
        self.services = services ?? spec.services
        instrumentation = program.instrumentation
        behaviors = program.behaviors
        conditions = program.conditions
        kinds = program.calls.kinds
        derivedCalls = program.calls.derived
        conditionCalls = program.calls.conditions
        handlerCalls = program.calls.handlerValues
        readers = program.readers
        reads = program.reads
        isInvariant = program.isInvariant
        invariants = program.invariants
        // An instrumentation observes every node through `onEmit`, but an invariant, which never emits; the
        // runner shows only the visible ones.
        if reportsNone {
            visible = Array(repeating: false, count: spec.nodes.count)
        } else {
            visible = program.instrumentation == nil ? program.shown : program.isInvariant.map { !$0 }
        }
        rank = program.rank
        workOfPipeline = Self.workOwners(spec)
        boundedBy = Self.boundedNodes(spec)
        rowWorkPipeline = Self.rowWorkPipelines(spec)
        acceptsEqual = program.acceptsEqual
        rebinds = program.rebinds
        samples = program.samples
        isSampled = program.isSampled
        nodeAtRank = program.nodeAtRank
        handlersOn = program.handlersOn
        readerStart = program.readerStart
        readerList = program.readerList
        handlerStart = program.handlerStart
        handlerList = program.handlerList
        triggersOrFeeds = program.triggersOrFeeds
        actionsOn = program.actionsOn
        handlerValues = program.handlerValues
        handlerAppends = program.handlerAppends
        handlerForwards = program.handlerForwards
        handlerConditions = program.handlerConditions
        actionArguments = program.actionArguments
        pipelineInputs = program.pipelineInputs
        pipelineEndInputs = program.pipelineEndInputs
        let n = spec.nodes.count
        handlerWrote = NodeSlots(repeating: false, count: n)
        var values = program.initialValues
        for (k, p) in spec.params.enumerated() where k < params.count { values[p] = params[k] }
        // A state read from the parameters (`initial: saved`) has its first value before anything starts.
        var failures: [String] = []
        if !program.stateInitials.isEmpty {
            let withParams = EvalContext(values: values, names: program.names)
            for (node, f) in program.stateInitials {
                do throws(EvalError) {
                    values[node] = try f(withParams)
                } catch {
                    failures.append("'\(spec.nodes[node].name)': \(error.message)")
                }
            }
        }
        context = EvalContext(values: values, names: program.names)
        initialFailures = failures
        // An invariant's value is never stored: reading it evaluates it (see `value(of:)`).
        storedHasEmitted = spec.nodes.indices.map { spec.nodes[$0].hasCurrentValue && !program.isInvariant[$0] }
        pendingWrite = NodeSlots(repeating: nil, count: n)
        pendingAppend = NodeSlots(repeating: nil, count: n)
        inbox = Array(repeating: [], count: n)
        queued = NodeSlots(repeating: false, count: n)
        storedServiceCalls = Array(repeating: 0, count: self.services.count)
        serviceCallsCounted = self.services.map { max($0.results.count - 1, 0) }
        storedEnds = Array(repeating: nil, count: n)
        queue = RankQueue(capacity: n)
        storedPipelines = spec.streams.enumerated().map { p, stream in StreamPipeline(plan: stream, environment: makeEnvironment(p, stream)) }
        connectWork()
        connectRowWork()
        clock.fire = { [unowned self] timer in fire(timer) }
        // `now` reads the time of the transaction under way: the graph's own clock.
        context.clockNow = { [unowned clock] in clock.now }
    }

    // MARK: public API

    /// Ends an input event or value stream (`complete:`, `fail:` steps), as `onCompleted()` or
    /// `onError(_:)` on a subject; a stream that already ended ignores it, as a subject does.
    package func end(_ node: Int, _ streamEnd: StreamEnd) {
        ended(node, streamEnd)
        propagate()
    }

    /// How the node's stream ended, nil while it runs.
    package func streamEnd(of node: Int) -> StreamEnd? {
        ends[node]
    }

    /// Writes an input property or state, as the view or a handler would, and propagates.
    package func set(_ node: Int, to value: Value) {
        pendingWrite[node] = taken(value, by: node)
        pendingAppend.clear(node)
        enqueue(node)
        propagate()
    }

    /// Fires an event or value stream and propagates.
    package func send(_ node: Int, _ value: Value = .void) {
        guard ends[node] == nil else { return }
        inbox[node].append(taken(value, by: node))
        enqueue(node)
        propagate()
    }

    /// Executes action `action` as its trigger would.
    package func execute(action: Int, input: Value = .void) {
        trigger(action, input: input)
        propagate()
    }

    /// One gesture on a view component as one transaction: `writes` show `payload`, `events`
    /// fire with it, `actions` execute with it.
    /// `model`: streams fired and actions executed with another value in the same transaction
    /// (a swiped row's `modelDeleted`, beside `itemDeleted`'s index).
    package func perform(writes: [Int], events: [Int], actions: [Int], payload: Value, clears: [Int] = [],
                         model: (events: [Int], actions: [Int], value: Value)? = nil, sets: [(node: Int, value: Value)] = []) {
        let rebinding = writes.contains { !rebinds[$0].isEmpty }
        if rebinding { tracksAccepts = true }
        for node in writes {
            pendingWrite[node] = taken(payload, by: node)
            pendingAppend[node] = nil
            enqueue(node)
        }
        // Nodes the gesture sets to values of their own (a slider's `isTracking` on a touch).
        for (node, value) in sets {
            pendingWrite[node] = value
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
            inbox[node].append(taken(payload, by: node))
            enqueue(node)
        }
        for action in actions { trigger(action, input: payload) }
        if let model {
            for node in model.events where ends[node] == nil {
                inbox[node].append(taken(model.value, by: node))
                enqueue(node)
            }
            for action in model.actions { trigger(action, input: model.value) }
        }
        propagate()
        if rebinding { reapplyBindings(over: writes) }
    }

    /// Makes ``onEmit`` report exactly `nodes` (a conformance run hears the contract's members,
    /// inputs included, whatever the timeline shows). Before ``start()``.
    package func reportEmissions(of nodes: Set<Int>) {
        for node in visible.indices { visible[node] = nodes.contains(node) }
    }

    /// The node's current value, or its latest emission for a stream; nil before it emitted. An
    /// invariant's value is its expression evaluated now, nil when that fails.
    package func value(of node: Int) -> Value? {
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

    /// Records the node's end, reports it and delivers it to the pipelines it feeds.
    func ended(_ node: Int, _ streamEnd: StreamEnd) {
        guard ends[node] == nil else { return }
        ends[node] = streamEnd
        if visible[node] { hooks.end?(clock.now, node, streamEnd) }
        if !observers.isEmpty { observe(node, .end(time: clock.now, name: "", end: streamEnd)) }
        for input in pipelineEndInputs[node] {
            pipelines[input.pipeline].receiveEnd(op: input.op, index: input.index, streamEnd)
            if input.pipeline < spec.streams.count { feed(spec.streams[input.pipeline].output, from: node) } else { feedRowWork(input.pipeline) }
        }
    }

    /// Records the node's new value, emits it and notifies what depends on it.
    func changed(_ node: Int, _ value: Value) {
        context.values[node] = value
        // Written only when it changes: a write to the array is a uniqueness check.
        if !hasEmitted[node] { hasEmitted[node] = true }
        if visible[node], let emit {
            emitting &+= 1
            emit(Emission(time: clock.now, node: node, value: value))
            emitting &-= 1
            if emitting == 0, !retiredEmits.isEmpty { retiredEmits.removeAll() }
        }
        if !observers.isEmpty { observe(node, .emission(time: clock.now, name: "", value: value)) }
        var k = readerStart[node]
        let readersEnd = readerStart[node + 1]
        while k < readersEnd {
            enqueue(readerList[k])
            k &+= 1
        }
        k = handlerStart[node]
        let handlersEnd = handlerStart[node + 1]
        while k < handlersEnd {
            runHandler(handlerList[k], payload: value)
            k &+= 1
        }
        if triggersOrFeeds[node] { triggerAndFeed(node, value) }
    }

    /// The rest of `changed`: the actions the node triggers and the pipelines it feeds.
    @inline(never)
    func triggerAndFeed(_ node: Int, _ value: Value) {
        for a in actionsOn[node] { trigger(a, input: value) }
        for c in program.cellsOn[node] { followRows(c) }
        for input in pipelineInputs[node] {
            if input.op < 0 {
                pipelines[input.pipeline].receive(value)
            } else {
                pipelines[input.pipeline].receive(op: input.op, index: input.index, value)
            }
            // After the streams' pipelines, a row's work listening to the row (ScreenGraph+RowWork.swift).
            if input.pipeline < spec.streams.count { feed(spec.streams[input.pipeline].output, from: node) } else { feedRowWork(input.pipeline) }
        }
    }

    func report(_ message: String) {
        hooks.runtimeError?(clock.now, message)
    }

}
