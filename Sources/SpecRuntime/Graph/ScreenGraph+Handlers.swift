@_spi(Engine) import SpecProgram

/// Handlers: `set:` writes when something emits, bindings, and appends applied in place.
extension ScreenGraph {
    func runHandler(_ index: Int, payload: Value) {
        if let target = handlerForwards[index] {
            // What the general path below does for `target: $event` with no constraint, but for
            // setting `context.payload`: every reader of it sets it first (a handler's expressions
            // in `handlerWrites`, an action's arguments in `trigger`, a request stream's operators
            // from their outer element), so the forward skips a copy of the value.
            pendingWrite[target] = payload
            pendingAppend.clear(target)
            handlerWrote[target] = true
            enqueue(target)
            return
        }
        runEvaluating(index, payload: payload)
    }

    /// A handler that evaluates its writes: out of line, so that a binding's forward above is a
    /// small function.
    @inline(never)
    private func runEvaluating(_ index: Int, payload: Value) {
        // The writes go to the graph's buffer after what is there (nothing, unless a run is under
        // way further up), and are removed after: no local array, whose empty storage a swap in and
        // out released on every run.
        let start = handlerWriteBuffer.count
        defer { handlerWriteBuffer.removeLast(handlerWriteBuffer.count - start) }
        guard handlerWrites(index, payload: payload, into: &handlerWriteBuffer) else { return }
        var i = start
        while i < handlerWriteBuffer.count {
            let write = handlerWriteBuffer[i]
            i &+= 1
            if write.appends {
                pendingWrite[write.target] = nil
                pendingAppend[write.target] = write.value
            } else {
                pendingWrite[write.target] = write.value
                pendingAppend[write.target] = nil
            }
            handlerWrote[write.target] = true
            enqueue(write.target)
        }
    }

    /// Writes `x: x + tail` as `x` + `tail`, appending in place: the node's value is taken out of
    /// the context first, so unless something else (a recorded emission) still holds the list,
    /// the append copies only `tail`. This is the value the handler's expression would have
    /// computed: `x` cannot change between the handler run and this write, since only processing
    /// `x` changes it. `x + []` equals `x`, so an empty tail emits nothing.
    func appendPending(_ node: Int, _ tail: Value) {
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
    /// old state. A handler whose `if:` is false computes nothing and writes nothing. False when
    /// an expression failed.
    func handlerWrites(_ index: Int, payload: Value, into writes: inout [HandlerWrite]) -> Bool {
        context.payload = payload
        if let condition = handlerConditions[index] {
            do throws(EvalError) {
                guard try condition(context).boolValue else { return true }
            } catch {
                reportHandlerFailure(index, error)
                return false
            }
        }
        // Indexed reads, not a copy of the handler's plan or an iterator over its lists: each read
        // projects into the arrays in place, so an Int/Bool handler retains nothing.
        let count = handlerCalls[index].count
        var k = 0
        while k < count {
            defer { k &+= 1 }
            let target = spec.handlers[index].targets[k]
            let value: Value
            do throws(EvalError) {
                if handlerAppends[index][k] != nil {
                    // `x: x + tail`, written as an append; a tail that is not a list makes `+`
                    // give none, as the whole expression would.
                    let t = try handlerAppends[index][k]!(context)
                    if case .list = t, case .list = context.values[target] {
                        writes.append(HandlerWrite(target: target, value: t, appends: true))
                        continue
                    }
                    value = .none
                } else {
                    value = try handlerCalls[index][k](context)
                }
            } catch {
                reportHandlerFailure(index, error)
                return false
            }
            if k < spec.handlers[index].constraints.count, let constraint = spec.handlers[index].constraints[k],
                !constraint.allows(value)
            {
                reportConstraint(index, target: target, value: value, constraint)
                continue
            }
            writes.append(HandlerWrite(target: target, value: value, appends: false))
        }
        return true
    }

    @inline(never)
    private func reportHandlerFailure(_ index: Int, _ error: EvalError) {
        let handler = spec.handlers[index]
        report("\(handler.label ?? "handler on '\(spec.nodes[handler.on].name)'"): \(error.message)")
    }

    @inline(never)
    private func reportConstraint(_ index: Int, target: Int, value: Value, _ constraint: ValueConstraint) {
        report("\(spec.handlers[index].label ?? "handler"): '\(spec.nodes[target].name)' cannot take \(value); it takes \(constraint.range)")
    }
}
