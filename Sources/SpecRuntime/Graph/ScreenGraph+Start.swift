@_spi(Engine) import SpecProgram

/// Starting a graph: the first values of derived nodes and rows, the bindings' first writes, the
/// first emissions, and the pipelines' subscriptions.
extension ScreenGraph {
    /// Computes every derived value in rank order and emits the initial value of each visible
    /// node that has one, in declaration order. Call once, before anything else.
    public func start() {
        guard !started else { return }
        started = true
        for failure in initialFailures { report(failure) }
        // Rows follow their lists' first values, in rank order, as a table's cells are made for
        // its first rows.
        let rowsAt = Dictionary(spec.cells.enumerated().map { ($1.node, $0) }, uniquingKeysWith: { a, _ in a })
        for node in nodeAtRank where !isInvariant[node] {
            if let c = rowsAt[node] { startRows(c) }
            if case .derived(let f) = behaviors[node] {
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
        var boundWrites: Set<Int> = []
        for (h, handler) in spec.handlers.enumerated() {
            var writes: [HandlerWrite] = []
            guard let source = handler.startValue, !isValueless(source), handlerWrites(h, payload: context.values[source], into: &writes) else { continue }
            for write in writes {
                if !boundedBy.isEmpty, boundedBy[write.target] >= 0 { boundWrites.insert(write.target) }
                if write.appends {
                    guard case .list(let items) = context.values[write.target], case .list(let tail) = write.value else { continue }
                    context.values[write.target] = .list(items + tail)
                } else {
                    context.values[write.target] = write.value
                }
            }
        }
        if !boundedBy.isEmpty { startBounds(boundWrites) }
        // With rows to fire `created` on, the first values wait for the rows as created left them
        // (ScreenGraph+RowCreated.swift): the start is one transaction, printed once.
        let firesCreated = madeRows.contains { spec.cells[$0.0].created != nil || spec.cells[$0.0].paramStreams != nil }
        var initial: [Emission] = []
        for node in spec.nodes.indices where visible[node] && spec.nodes[node].hasCurrentValue && !isValueless(node) {
            let emission = Emission(time: clock.now, node: node, value: context.values[node])
            if firesCreated { initial.append(emission) } else { onEmit?(emission) }
        }
        // Pipelines subscribe: `startWith` emits, and sources with a current value deliver it, as
        // observing a `BehaviorRelay` does.
        for (p, pipeline) in pipelines.enumerated() where p < spec.streams.count {
            pipeline.start()
            for port in program.secondaryPorts[p] where spec.nodes[port.node].hasCurrentValue && !isValueless(port.node) {
                pipeline.receive(op: port.op, index: port.index, context.values[port.node])
            }
            if let timer = pipeline.plan.timer {
                tick(p, 0, after: timer.dueTime, timer)
            } else if spec.nodes[pipeline.plan.source].hasCurrentValue && !isValueless(pipeline.plan.source) {
                pipeline.receive(context.values[pipeline.plan.source])
            }
            enqueue(spec.streams[p].output)
        }
        // The first rows fire their `created` in the start's transaction (ScreenGraph+RowCreated.swift).
        if firesCreated {
            fireCreatedAtStart(after: initial)
            return
        }
        if !madeRows.isEmpty { fireCreated() }
        propagate()
    }
}
