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
    /// old state. False when an expression failed.
    func handlerWrites(_ index: Int, payload: Value, into writes: inout [HandlerWrite]) -> Bool {
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
}
