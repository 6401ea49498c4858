@_spi(Engine) import SpecProgram

/// A checked spec compiled once: the tables propagation follows (ranks, readers, what each node
/// triggers), the compiled expressions of derived nodes, handlers, actions and invariants, and
/// the ports through which nodes feed stream outputs. Immutable, so one program serves every
/// scenario of the spec, every replay and every explored path; a ``ScreenGraph`` is one run of it
/// (values, queues, the stream operators' state) on a clock.
///
/// A program compiled with an ``ScreenInstrumentation`` reports to it from every graph that runs
/// it (coverage, in SpecTools, is one), so it is shared only by the runs that report to the same one.
package final class ScreenProgram: @unchecked Sendable {
    // Sendable: every stored property is a constant; the compiled expressions capture only
    // constants and read and write the `EvalContext` they are given (a graph's), never their own
    // state. An instrumented program's probes write to its instrumentation, which locks.

    /// How a node is processed in a transaction.
    package enum Behavior {
        case source
        case stream
        case derived(CompiledExpr)
        /// A stream output: its pipeline runs when the node is processed.
        case pipeline(Int)
    }

    /// A node's input to a stream output's pipeline: `op` -1 for the main source, else the
    /// operator, and `index` the operator's source.
    package typealias Port = (pipeline: Int, op: Int, index: Int)

    package let spec: CheckedSpec
    /// What the probes, emissions, service answers and handler runs report to; nil, the usual
    /// case, means no probes.
    package let instrumentation: (any ScreenInstrumentation)?
    package let behaviors: [Behavior]
    /// For each derived node whose expression is a condition (`!`, `&&`, `||`, an ordering), its
    /// `Bool` closure (ScalarCompiler.swift), which propagation runs instead of its `Value`
    /// closure: the result is compared and stored with no `Value` built in between. Nil for
    /// other nodes, and for all of them when the program is instrumented (its probes see the `Value`).
    let conditions: [CompiledCondition?]
    /// Each node's value before the start: the initial values of state and properties.
    let initialValues: [Value]
    /// The states whose first value is computed from the screen's parameters (`initial: saved`),
    /// in declaration order: a graph evaluates each once, when it is built with its parameters.
    let stateInitials: [(node: Int, value: CompiledExpr)]
    /// Whether the timeline shows each node.
    package let shown: [Bool]
    /// Each node's name, for the messages of failing expressions.
    package let names: [String]
    /// Whether each node is an invariant, which is no node's reader (see `CompiledInvariants`).
    package let isInvariant: [Bool]
    let invariants: CompiledInvariants
    package let rank: [Int]
    let nodeAtRank: [Int]
    /// Whether each node accepts an equal value: an input property (a `BehaviorRelay`), a
    /// component property bound to a stream (ScreenProgram+Bindings.swift).
    let acceptsEqual: [Bool]
    /// Per component property, the bindings of a value into it, re-applied after the person
    /// changed it (``Rebinding``).
    package let rebinds: NodeLists<Rebinding>
    /// The nodes each pipeline samples, and whether each node is sampled (feedback, see
    /// ScreenGraph+Feedback.swift).
    let samples: [[Int]]
    let isSampled: [Bool]
    // The per-node lists below are each one array with offsets (NodeLists.swift): as arrays of
    // arrays, they were most of the allocations a program kept per node after its expressions.
    /// Derived nodes that read each node.
    package let readers: NodeLists<Int>
    /// The nodes each derived node reads (empty for other nodes).
    package let reads: NodeLists<Int>
    /// The handlers each node's emissions run.
    package let handlersOn: NodeLists<Int>
    /// ``readers`` and ``handlersOn``'s arrays, for `changed`: node `i`'s readers are
    /// `readerList[readerStart[i]..<readerStart[i + 1]]`, its handlers likewise, read by index with
    /// no slice (and no retain of the array) per emission.
    let readerStart: [Int]
    let readerList: [Int]
    let handlerStart: [Int]
    let handlerList: [Int]
    /// Whether each node triggers an action or feeds a pipeline (rare: handled out of line).
    let triggersOrFeeds: [Bool]
    /// The actions each node triggers.
    package let actionsOn: NodeLists<Int>
    let handlerValues: [[CompiledExpr]]
    /// For each handler write of the form `x: x + list`, the compiled `list`: the write becomes an
    /// append applied in place when `x` is written (see `appendPending`). Nil for other writes.
    let handlerAppends: [[CompiledExpr?]]
    /// For each handler that only forwards its event (`target: $event`, as a binding does), the
    /// target: the run writes the payload without evaluating anything. Nil for other handlers.
    package let handlerForwards: [Int?]
    /// Each handler's compiled `if:`, read before its values; nil for a handler without one.
    let handlerConditions: [CompiledExpr?]
    let actionArguments: [[CompiledExpr]]
    /// For each node, the pipelines it feeds (its events and values).
    package let pipelineInputs: NodeLists<Port>
    /// For each node, the pipelines its end is delivered to (as ``pipelineInputs``, and also
    /// sources read only for their latest value).
    package let pipelineEndInputs: NodeLists<Port>
    /// Per stream output, the secondary sources whose current value its operators receive when
    /// the graph starts.
    let secondaryPorts: [[StreamPipeline.Port]]
    /// The closures propagation calls per change, held so that a call retains nothing (see
    /// CompiledCalls.swift).
    let calls: ProgramCalls
    /// Per `cells:` entry, its compiled row expressions (see ScreenGraph+Cells.swift).
    let cells: [CompiledCells]
    /// For each node, the `cells:` entries whose rows follow it.
    let cellsOn: NodeLists<Int>

    /// Compiles `spec`; `instrumentation`, when given, is what its probes report to.
    package init(_ spec: CheckedSpec, instrumentation: (any ScreenInstrumentation)? = nil) {
        self.spec = spec
        self.instrumentation = instrumentation
        let n = spec.nodes.count
        var values = [Value](repeating: .none, count: n)
        var behaviors: [Behavior] = []
        var readerEntries: [(list: Int, item: Int)] = []
        var readEntries: [(list: Int, item: Int)] = []
        var isInvariant = [Bool](repeating: false, count: n)
        for plan in spec.invariants { isInvariant[plan.node] = true }
        behaviors.reserveCapacity(n)
        var conditions = [CompiledCondition?](repeating: nil, count: n)
        for (i, node) in spec.nodes.enumerated() {
            switch node.kind {
            case .property(let initial), .state(let initial):
                values[i] = initial
                behaviors.append(.source)
            case .param:
                behaviors.append(.source)
            case .stream:
                behaviors.append(.stream)
            case .derived(let expr):
                if instrumentation == nil, !isInvariant[i], ExpressionCompiler.isCondition(expr) {
                    // The `Value` closure is the condition's, wrapped: what compiling the
                    // expression again would build, sharing the condition's closures.
                    let condition = ExpressionCompiler.compileCondition(expr, instrumentation: nil)
                    conditions[i] = condition
                    behaviors.append(.derived({ ctx throws(EvalError) in .bool(try condition(ctx)) }))
                } else {
                    behaviors.append(.derived(ExpressionCompiler.compile(expr, instrumentation: instrumentation)))
                }
                // nodeReads() lists each node once and `i` only grows, so no reader repeats.
                let nodeReads = expr.nodeReads()
                for read in nodeReads { readEntries.append((i, read)) }
                // An invariant is no node's reader: propagation never schedules it; it is
                // evaluated between steps (see `CompiledInvariants`).
                if !isInvariant[i] {
                    for read in nodeReads { readerEntries.append((read, i)) }
                }
            }
        }
        initialValues = values
        stateInitials = spec.stateInitials.map { ($0.node, ExpressionCompiler.compile($0.value, instrumentation: nil)) }
        var pipelineInputs: [(list: Int, item: Port)] = []
        var pipelineEndInputs: [(list: Int, item: Port)] = []
        var secondaryPorts: [[StreamPipeline.Port]] = []
        for (p, stream) in spec.streams.enumerated() {
            behaviors[stream.output] = .pipeline(p)
            guard stream.timer == nil else { continue }
            pipelineInputs.append((stream.source, (p, -1, 0)))
            pipelineEndInputs.append((stream.source, (p, -1, 0)))
        }
        // Main sources first, then the operators' sources: the order a node feeds pipelines in.
        for (p, stream) in spec.streams.enumerated() {
            let ports = StreamPipeline.ports(of: stream)
            for port in ports.values { pipelineInputs.append((port.node, (p, port.op, port.index))) }
            for port in ports.ends { pipelineEndInputs.append((port.node, (p, port.op, port.index))) }
            secondaryPorts.append(ports.values)
        }
        // Rows' work listening to the row's own streams (`takeUntil: pause`): its pipelines come
        // after the streams' (ScreenGraph+RowWork.swift), and only its nodes name them, so a
        // spec without such work routes as before.
        for (k, row) in ScreenGraph.rowWorkStreams(spec).enumerated() {
            let ports = StreamPipeline.ports(of: row.plan)
            for port in ports.values { pipelineInputs.append((port.node, (spec.streams.count + k, port.op, port.index))) }
            for port in ports.ends { pipelineEndInputs.append((port.node, (spec.streams.count + k, port.op, port.index))) }
        }
        let pipelineInputLists = NodeLists(count: n, entries: pipelineInputs)
        self.pipelineInputs = pipelineInputLists
        self.pipelineEndInputs = NodeLists(count: n, entries: pipelineEndInputs)
        self.secondaryPorts = secondaryPorts
        self.behaviors = behaviors
        self.conditions = conditions
        let readers = NodeLists(count: n, entries: readerEntries)
        let reads = NodeLists(count: n, entries: readEntries)
        self.readers = readers
        self.reads = reads
        self.isInvariant = isInvariant
        self.invariants = CompiledInvariants(spec.invariants, expression: { node in
            guard case .derived(let f) = behaviors[node] else { preconditionFailure("an invariant is a derived node") }
            return f
        }, reads: { Array(reads[$0]) })
        shown = spec.nodes.map(\.visible)
        names = spec.nodes.map(\.name)
        rank = spec.rank
        acceptsEqual = Self.acceptingEqual(spec)
        rebinds = Self.rebindings(spec, reads: reads)
        let samples = spec.streams.map(\.sampledNodes)
        var isSampled = [Bool](repeating: false, count: n)
        for node in samples.joined() { isSampled[node] = true }
        self.samples = samples
        self.isSampled = isSampled
        var nodeAtRank = [Int](repeating: 0, count: n)
        for (node, r) in spec.rank.enumerated() { nodeAtRank[r] = node }
        self.nodeAtRank = nodeAtRank
        let handlersOn = NodeLists(count: n, entries: spec.handlers.enumerated().map { h, handler in (handler.on, h) })
        self.handlersOn = handlersOn
        if let instrumentation {
            // Every handler takes the general path, its first value reporting that it ran.
            handlerValues = spec.handlers.enumerated().map { h, handler in
                handler.values.enumerated().map { k, expr in
                    let f = ExpressionCompiler.compile(expr, instrumentation: instrumentation)
                    guard k == 0 else { return f }
                    return { ctx throws(EvalError) in instrumentation.handlerRan(h); return try f(ctx) }
                }
            }
            handlerAppends = spec.handlers.map { $0.values.map { _ in nil } }
            handlerForwards = spec.handlers.map { _ in nil }
        } else {
            handlerValues = spec.handlers.map { $0.values.map(ExpressionCompiler.compile) }
            handlerAppends = spec.handlers.map(ExpressionCompiler.appends)
            handlerForwards = spec.handlers.map(ExpressionCompiler.forwardTarget)
        }
        handlerConditions = spec.handlers.map { $0.condition.map { ExpressionCompiler.compile($0, instrumentation: instrumentation) } }
        let actionsOn = NodeLists(count: n, entries: spec.actions.enumerated().compactMap { a, action in action.trigger.map { ($0, a) } })
        self.actionsOn = actionsOn
        (readerStart, readerList) = (readers.start, readers.items)
        (handlerStart, handlerList) = (handlersOn.start, handlersOn.items)
        var cellsOn: [(list: Int, item: Int)] = []
        for (c, plan) in spec.cells.enumerated() {
            cellsOn.append((plan.source, c))
            // The rows follow what the parameters they are given read, as they follow their list.
            for read in Set((plan.given ?? []).flatMap(\.reads)).sorted() where read != plan.source && read >= 0 && read < n {
                cellsOn.append((read, c))
            }
        }
        let cellsOnNode = NodeLists(count: n, entries: cellsOn)
        self.cellsOn = cellsOnNode
        cells = spec.cells.map { CompiledCells($0, instrumentation: instrumentation) }
        triggersOrFeeds = (0..<n).map { !actionsOn[$0].isEmpty || !pipelineInputLists[$0].isEmpty || !cellsOnNode[$0].isEmpty }
        actionArguments = spec.actions.map { $0.arguments.map { ExpressionCompiler.compile($0, instrumentation: instrumentation) } }
        calls = ProgramCalls(behaviors: behaviors, conditions: conditions, handlerValues: handlerValues)
    }

    /// `base` with derived node `node`'s expression compiled from `spec` (which is `base`'s spec
    /// with only that expression changed, reading the same nodes): every other table and compiled
    /// expression is `base`'s (`specrun mutate` compiles one expression per mutant, not the spec).
    package init(_ spec: CheckedSpec, changing node: Int, of base: ScreenProgram) {
        guard case .derived(let expr) = spec.nodes[node].kind else { preconditionFailure("only a derived node's expression changes") }
        self.spec = spec
        instrumentation = base.instrumentation
        var behaviors = base.behaviors
        let f = ExpressionCompiler.compile(expr, instrumentation: base.instrumentation)
        behaviors[node] = .derived(f)
        self.behaviors = behaviors
        var conditions = base.conditions
        conditions[node] = base.instrumentation == nil && !base.isInvariant[node] && ExpressionCompiler.isCondition(expr)
            ? ExpressionCompiler.compileCondition(expr, instrumentation: nil) : nil
        self.conditions = conditions
        calls = base.calls.changing(node, to: f, condition: conditions[node])
        reads = base.reads.replacing(node, with: expr.nodeReads())
        initialValues = base.initialValues
        stateInitials = base.stateInitials
        shown = base.shown
        names = base.names
        isInvariant = base.isInvariant
        invariants = base.invariants
        rank = base.rank
        nodeAtRank = base.nodeAtRank
        acceptsEqual = base.acceptsEqual
        rebinds = base.rebinds
        samples = base.samples
        isSampled = base.isSampled
        readers = base.readers
        handlersOn = base.handlersOn
        readerStart = base.readerStart
        readerList = base.readerList
        handlerStart = base.handlerStart
        handlerList = base.handlerList
        triggersOrFeeds = base.triggersOrFeeds
        actionsOn = base.actionsOn
        handlerValues = base.handlerValues
        handlerAppends = base.handlerAppends
        handlerForwards = base.handlerForwards
        handlerConditions = base.handlerConditions
        actionArguments = base.actionArguments
        pipelineInputs = base.pipelineInputs
        pipelineEndInputs = base.pipelineEndInputs
        secondaryPorts = base.secondaryPorts
        cells = base.cells
        cellsOn = base.cellsOn
    }

    /// Whether `node` is a cell written from outside propagation: a param, an input property or
    /// state (its value changes only when something writes it).
    package func isSource(_ node: Int) -> Bool {
        if case .source = behaviors[node] { return true }
        return false
    }
}
