@_spi(Engine) import SpecProgram

/// A transaction's propagation: the queued nodes processed in rank order, each source taking its
/// pending write, each derived node evaluated, each stream delivering its inbox and each pipeline
/// running (glitch-free: a node runs once, after everything it reads).
extension ScreenGraph {
    /// One transaction, then (rarely) the ends of executions of actions whose work is a stream,
    /// and what rows' executions did, each in transactions of its own.
    @inline(__always)
    func propagate() {
        propagateQueue()
        reportAfterEmissionsIfAny()
        if !endedExecutions.isEmpty { settleExecutions() }
        if !rowWorkEvents.isEmpty { settleRowWork() }
    }

    @inline(__always)
    func propagateQueue() {
        drainQueue()
        if !laterOutputs.isEmpty { deliverLater() }
    }

    /// One transaction's propagation: the queued nodes in rank order.
    func drainQueue() {
        defer { if !priors.isEmpty { priors.removeAll(keepingCapacity: true) } }
        while let r = queue.popMin() {
            let node = nodeAtRank[r]
            queued[node] = false
            if let condition = conditionCalls[node], context.valueless.isEmpty {
                // A derived condition: what the `.derived` case below does, with a `Bool`.
                do throws(EvalError) {
                    let b = try condition(context)
                    if case .bool(let old) = context.values[node], old == b { continue }
                    changed(node, .bool(b))
                } catch {
                    report("'\(spec.nodes[node].name)': \(error.message)")
                }
                continue
            }
            switch kinds[node] {
            case .source:
                if !boundedBy.isEmpty, boundedBy[node] >= 0 {
                    commitBounded(node)
                    continue
                }
                if handlerWrote[node] { keepPrior(node) }
                if tracksAccepts { acceptedSources.append(node) }
                if let tail = pendingAppend.take(node) {
                    appendPending(node, tail)
                    continue
                }
                guard let value = pendingWrite.take(node) else { continue }
                if acceptsEqual[node] || value != context.values[node] { changed(node, value) }
            case .derived:
                let f = derivedCalls[node]!
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
                // (Swapping two stored arrays releases nothing, where a local `[]` released the
                // empty array's storage.) Only this loop reads the spare, so the handlers
                // `changed` runs cannot touch it; what they send to this node waits in its inbox.
                swap(&spareInbox, &inbox[node])
                var i = 0
                while i < spareInbox.count {
                    changed(node, spareInbox[i])
                    i &+= 1
                }
                spareInbox.removeAll(keepingCapacity: true)
            case .pipeline(let p):
                if workOfPipeline[p] >= 0 {
                    deliverWork(p)
                    continue
                }
                let stream = spec.streams[p]
                for event in processSampling(p) {
                    switch event {
                    case .next(let value):
                        if !stream.holdsValue || value != context.values[node] { changed(node, value) }
                    case .failure(let error):
                        guard let errors = stream.errors else {
                            hooks.unhandledError?(spec.nodes[node].name, error)
                            continue
                        }
                        inbox[errors].append(.error(error))
                        enqueue(errors)
                    case .completed:
                        ended(node, .completed)
                    case .error(let error):
                        hooks.unhandledError?(spec.nodes[node].name, error)
                        ended(node, .error(error))
                    }
                }
            }
        }
    }
}
