import SpecRuntime

/// The dataflow pass: derived outputs type-checked in dependency order, handlers, the nodes'
/// ranks (a cycle reported with its path), and which action completions the spec reads.
extension Checker {
    /// Checks derived outputs so that each is checked after the outputs it names, whatever the
    /// order they were written in; an output's type is its expression's.
    mutating func checkDerived() {
        let derivedCount = pendingDerived.count
        let total = derivedCount + pendingStreams.count
        // Items `0..<derivedCount` are derived outputs, the rest stream outputs.
        var pendingIndex = Dictionary(uniqueKeysWithValues: pendingDerived.enumerated().map { (nodes[$0.element.node].name, $0.offset) })
        for (k, s) in pendingStreams.enumerated() { pendingIndex[nodes[s.node].name] = derivedCount + k }
        var dependents = [[Int]](repeating: [], count: total)
        for k in 0..<total {
            let names = k < derivedCount ? pendingDerived[k].expr.referencedNames() : pendingStreams[k - derivedCount].decl.referencedNames()
            for name in names {
                guard let j = pendingIndex[name], j != k || k < derivedCount, !dependents[j].contains(k) else { continue }
                dependents[j].append(k)
            }
        }
        let sorted = TopologicalOrder(count: total, successors: dependents)
        // Outputs in a cycle are checked last and quietly: the cycle is the error to report.
        let inCycle = Set(sorted.unresolved.indices.filter { sorted.unresolved[$0] > 0 })
        for k in sorted.order + inCycle.sorted() {
            guard k < derivedCount else {
                checkStream(pendingStreams[k - derivedCount], quietly: inCycle.contains(k))
                continue
            }
            let (index, expr) = pendingDerived[k]
            // The checker must be gone before `symbols` changes, or the table is copied each time.
            // The bag moves into the checker and back, so that appending to it never copies it
            // (a copy per output made a spec with many errors quadratic to check).
            let quiet = inCycle.contains(k)
            var bag = diagnostics.scratch
            if !quiet { swap(&bag, &diagnostics) }
            let (typed, reads, found) = {
                var checker = expressionChecker(quiet: true)
                checker.diagnostics = bag
                bag = DiagnosticBag()
                let typed = checker.infer(expr)
                return (typed, checker.reads, checker.diagnostics)
            }()
            if !quiet { diagnostics = found }
            for read in reads { edges[read].append(index) }
            guard let typed else {
                poisoned.insert(nodes[index].name)
                continue
            }
            nodes[index].type = typed.type
            nodes[index].kind = .derived(typed.expr)
            symbols[nodes[index].name]?.type = typed.type
        }
    }

    mutating func checkHandlers() {
        for handler in spec.handlers where !poisoned.contains(handler.on.value) {
            guard let on = symbols[handler.on.value] else {
                unknownName(handler.on, what: "event", candidates: Array(symbols.keys))
                continue
            }
            var plan = HandlerPlan(on: on.node, targets: [], values: [])
            plan.written = handler.range
            var checker = expressionChecker(payload: (handler.on.value, on.type))
            for (target, value) in handler.assignments {
                guard let symbol = symbols[target.value] else {
                    if poisoned.contains(target.value) { continue }
                    diagnostics = checker.diagnostics
                    unknownName(target, what: "state", candidates: symbols.filter { isWritable($0.value.node) }.map(\.key))
                    checker.diagnostics = diagnostics
                    continue
                }
                guard isWritable(symbol.node) else {
                    checker.diagnostics.error(.notWritable, "'\(target.value)' is an \(symbol.what); a handler sets state or input properties",
                                              at: target.range)
                    continue
                }
                if poisoned.contains(target.value) { continue }
                if let typed = checker.check(value, expecting: symbol.type) {
                    plan.targets.append(symbol.node)
                    plan.values.append(typed)
                    edges[on.node].append(symbol.node)
                }
            }
            diagnostics = checker.diagnostics
            handlers.append(plan)
        }
    }

    func isWritable(_ node: Int) -> Bool {
        switch nodes[node].kind {
        case .state: if case .state = nodes[node].role { return true }
        case .property: return true
        default: break
        }
        return false
    }

    /// `<action>.completions` is shown in the timeline, and fed by the runtime, only when the spec
    /// reads it: something depends on it (a handler, a trigger, a stream, an expression) or a
    /// scenario expects it. Otherwise its plan forgets it, so that an action's ending costs nothing
    /// more and timelines of specs that never name it stay as they were.
    mutating func markReadCompletions(_ scenarios: [ScenarioPlan]) {
        var expected: Set<Int> = []
        for scenario in scenarios {
            for step in scenario.steps {
                switch step.kind {
                case .expect(let node, _), .expectEnd(let node, _): expected.insert(node)
                default: break
                }
            }
        }
        for a in actions.indices {
            guard let node = actions[a].completions else { continue }
            let read = !edges[node].isEmpty || expected.contains(node) || handlers.contains { $0.on == node }
                || actions.contains { $0.trigger == node }
            if read { nodes[node].visible = true } else { actions[a].completions = nil }
        }
    }
}
