import ScreenSpec

/// A checked spec compiled into indexed nodes, propagating changes glitch-free on a virtual clock.
///
/// One external change (``set(_:to:)``, ``send(_:_:)``, a service answering) is one transaction:
/// affected nodes are processed in topological rank, each at most once for cells, so a derived
/// output sees every input already updated and emits once, only when its value changed.
/// Event nodes deliver every event they received in the transaction, in order.
public final class ScreenGraph {
    public let spec: CheckedSpec
    public let clock: VirtualClock

    /// Called for every emission of a node the timeline shows.
    public var onEmit: ((Emission) -> Void)?
    /// Called when an expression fails at run time (overflow, division by zero); the node keeps
    /// its previous value and the graph goes on.
    public var onRuntimeError: ((_ time: Int, _ message: String) -> Void)?

    private enum Behaviour {
        case source
        case stream
        case derived(CompiledExpr)
    }

    private let context: EvalContext
    private let behaviours: [Behaviour]
    private let visible: [Bool]
    private let rank: [Int]
    private let nodeAtRank: [Int]
    /// Derived nodes that read each node.
    private let readers: [[Int]]
    private let handlersOn: [[Int]]
    private let actionsOn: [[Int]]
    private let handlerValues: [[CompiledExpr]]
    private let actionArguments: [[CompiledExpr]]
    private var hasEmitted: [Bool]
    private var pendingWrite: [Value?]
    private var inbox: [[Value]]
    private var queued: [Bool]
    private var queue = Heap<Int>()
    private var serviceCalls: [Int]
    private var started = false

    public init(spec: CheckedSpec, clock: VirtualClock = VirtualClock(), params: [Value] = []) {
        self.spec = spec
        self.clock = clock
        let n = spec.nodes.count
        var values = [Value](repeating: .none, count: n)
        var behaviours: [Behaviour] = []
        var readers = [[Int]](repeating: [], count: n)
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
                behaviours.append(.derived(ExpressionCompiler.compile(expr)))
                for read in expr.nodeReads() where !readers[read].contains(i) { readers[read].append(i) }
            }
        }
        for (k, p) in spec.params.enumerated() where k < params.count { values[p] = params[k] }
        self.behaviours = behaviours
        self.readers = readers
        self.visible = spec.nodes.map(\.visible)
        self.rank = spec.rank
        var nodeAtRank = [Int](repeating: 0, count: n)
        for (node, r) in spec.rank.enumerated() { nodeAtRank[r] = node }
        self.nodeAtRank = nodeAtRank
        var handlersOn = [[Int]](repeating: [], count: n)
        for (h, handler) in spec.handlers.enumerated() { handlersOn[handler.on].append(h) }
        self.handlersOn = handlersOn
        self.handlerValues = spec.handlers.map { $0.values.map(ExpressionCompiler.compile) }
        var actionsOn = [[Int]](repeating: [], count: n)
        for (a, action) in spec.actions.enumerated() { if let t = action.trigger { actionsOn[t].append(a) } }
        self.actionsOn = actionsOn
        self.actionArguments = spec.actions.map { $0.arguments.map(ExpressionCompiler.compile) }
        self.context = EvalContext(values: values)
        self.hasEmitted = spec.nodes.map(\.hasCurrentValue)
        self.pendingWrite = Array(repeating: nil, count: n)
        self.inbox = Array(repeating: [], count: n)
        self.queued = Array(repeating: false, count: n)
        self.serviceCalls = Array(repeating: 0, count: spec.services.count)
        queue.reserveCapacity(n)
    }

    // MARK: public API

    /// Computes every derived value in rank order and emits the initial value of each visible
    /// node that has one, in declaration order. Call once, before anything else.
    public func start() {
        guard !started else { return }
        started = true
        for node in nodeAtRank {
            if case .derived(let f) = behaviours[node] {
                do throws(EvalError) {
                    context.values[node] = try f(context)
                } catch {
                    context.values[node] = .none
                    report("'\(spec.nodes[node].name)': \(error.message)")
                }
            }
        }
        // Bindings from a source with a current value apply it, in the order they are declared.
        for (h, handler) in spec.handlers.enumerated() {
            guard let source = handler.startValue, let writes = handlerWrites(h, payload: context.values[source]) else { continue }
            for (target, value) in writes { context.values[target] = value }
        }
        for node in spec.nodes.indices where visible[node] && spec.nodes[node].hasCurrentValue {
            onEmit?(Emission(time: clock.now, node: node, value: context.values[node]))
        }
    }

    /// Writes an input property or state, as the view or a handler would, and propagates.
    public func set(_ node: Int, to value: Value) {
        pendingWrite[node] = value
        enqueue(node)
        propagate()
    }

    /// Fires an event or value stream and propagates.
    public func send(_ node: Int, _ value: Value = .void) {
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
    public func perform(writes: [Int], events: [Int], actions: [Int], payload: Value) {
        for node in writes {
            pendingWrite[node] = payload
            enqueue(node)
        }
        for node in events {
            inbox[node].append(payload)
            enqueue(node)
        }
        for action in actions { trigger(action, input: payload) }
        propagate()
    }

    /// The node's current value, or its latest emission for a stream; nil before it emitted.
    public func value(of node: Int) -> Value? {
        hasEmitted[node] ? context.values[node] : nil
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
                guard let value = pendingWrite[node] else { continue }
                pendingWrite[node] = nil
                if value != context.values[node] { changed(node, value) }
            case .derived(let f):
                do throws(EvalError) {
                    let value = try f(context)
                    if value != context.values[node] { changed(node, value) }
                } catch {
                    report("'\(spec.nodes[node].name)': \(error.message)")
                }
            case .stream:
                let events = inbox[node]
                inbox[node].removeAll(keepingCapacity: true)
                for value in events { changed(node, value) }
            }
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
    }

    private func runHandler(_ index: Int, payload: Value) {
        guard let writes = handlerWrites(index, payload: payload) else { return }
        for (target, value) in writes {
            pendingWrite[target] = value
            enqueue(target)
        }
    }

    /// Every value is computed before any is written, so assignments read the old state. A value
    /// its target cannot take (a binding error) is reported and not written.
    private func handlerWrites(_ index: Int, payload: Value) -> [(Int, Value)]? {
        let handler = spec.handlers[index]
        context.payload = payload
        var writes: [(Int, Value)] = []
        writes.reserveCapacity(handler.targets.count)
        for (k, f) in handlerValues[index].enumerated() {
            let value: Value
            do throws(EvalError) {
                value = try f(context)
            } catch {
                report("\(handler.label ?? "handler on '\(spec.nodes[handler.on].name)'"): \(error.message)")
                return nil
            }
            let target = handler.targets[k]
            if k < handler.constraints.count, let constraint = handler.constraints[k], !constraint.allows(value) {
                report("\(handler.label ?? "handler"): '\(spec.nodes[target].name)' cannot take \(value); it takes \(constraint.range)")
                continue
            }
            writes.append((target, value))
        }
        return writes
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
        let (outcome, latency) = call(service: action.service)
        clock.schedule(after: latency) { [unowned self] in
            // The work's element (or error), then its completion: two steps, as in Rx.
            switch outcome {
            case .success(let value):
                inbox[action.elements].append(value)
                enqueue(action.elements)
            case .failure(let error):
                inbox[action.errors].append(.error(error))
                enqueue(action.errors)
            }
            propagate()
            pendingWrite[action.executing] = .bool(false)
            enqueue(action.executing)
            propagate()
        }
    }

    /// The fake service's answer to its next call: successive results, the last one repeating.
    private func call(service index: Int) -> (ServicePlan.Outcome, Int) {
        guard spec.services.indices.contains(index) else { return (.success(.void), 0) }
        let service = spec.services[index]
        let count = serviceCalls[index]
        serviceCalls[index] = count &+ 1
        guard !service.results.isEmpty else { return (.success(.void), service.latency) }
        let result = service.results[min(count, service.results.count - 1)]
        return (result.outcome, result.latency ?? service.latency)
    }
}

extension TypedExpr {
    /// The graph nodes this expression reads, each once.
    func nodeReads() -> [Int] {
        var out: [Int] = []
        collectReads(into: &out)
        return out
    }

    private func collectReads(into out: inout [Int]) {
        switch self {
        case .node(let i): if !out.contains(i) { out.append(i) }
        case .constant, .eventPayload, .closureArgument: break
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
        }
    }
}
