import SpecRuntime

/// Stream outputs, typed operator by operator in the dataflow pass's dependency order. A
/// request's `as:` element is a parameter of the checks inside the request (`bound`).
extension DataflowPass {
    /// A request's `as:` name may not hide a name of the screen: inside its `ops:` both would be
    /// readable, and the screen's would silently lose.
    private mutating func elementNameIsFree(_ name: Located<String>) -> Bool {
        guard let symbol = cx.symbols[name.value] else { return true }
        var other = String(name.value.prefix(1))
        if other == name.value || cx.symbols[other] != nil { other = name.value + "Element" }
        cx.diagnostics.error(.duplicateName, "'as: \(name.value)' would hide the screen's \(symbol.what) '\(name.value)' inside the request",
                          at: name.range, fixIt: "choose another name for the element, as in 'as: \(other)'")
        return false
    }

    /// The symbol a pipeline reads from; any node may feed a stream. `stoppedBy`: a `takeUntil`.
    mutating func streamSource(_ name: Located<String>, for node: Int, stoppedBy: Bool = false) -> Symbol? {
        // Checked first: the output being checked is poisoned until it checks whole.
        if let symbol = cx.symbols[name.value], symbol.node == node {
            let fix = stoppedBy ? "stop it on another stream, such as an input 'cancel', or on a condition with 'takeWhile: EXPR'"
                : "read another input or output here"
            cx.diagnostics.error(.cycle, "'\(name.value)' cannot be its own source", at: name.range, notes: [DiagnosticNote(fix)])
            return nil
        }
        if cx.poisoned.contains(name.value) {
            // Keep the dependency so that a cycle through a failed output is still found.
            if let symbol = cx.symbols[name.value], symbol.node != node { cx.edges[symbol.node].append(node) }
            return nil
        }
        guard let symbol = cx.symbols[name.value] else {
            if InnerSourcePlan.kinds.contains(name.value) {
                // `switchLatest: never`: a plain word names a stream of the screen.
                let form = ["empty", "never"].contains(name.value) ? "{ \(name.value) }" : "{ \(name.value): ... }"
                cx.diagnostics.error(.unknownName, "no stream of the screen is called '\(name.value)': a plain word here names one, and an inner stream '\(name.value)' is a mapping",
                                     at: name.range, notes: [DiagnosticNote("'flatMapLatest', 'flatMap', 'concatMap', 'flatMapFirst' and 'switchLatest' subscribe per element to an inner stream such as '\(form)'")],
                                     fixIt: "write '\(form)'")
                return nil
            }
            cx.unknownName(name, what: "stream source", candidates: Array(cx.symbols.keys))
            return nil
        }
        cx.edges[symbol.node].append(node)
        return symbol
    }

    /// Checks one operator expression with `$0` (and `$1`) typed as `arguments`; records what it reads.
    /// `bound`: inside a request, the name its `as:` gives the outer element, and that element's
    /// type; the expression reads it as the event payload.
    mutating func operatorExpression(_ expr: Expr, arguments: [SpecType], expecting expected: SpecType?, node: Int,
                                     bound requestElement: (name: String, type: SpecType)?, infer: Bool = false) -> (expr: TypedExpr, type: SpecType)? {
        var checker = rowWork?.checker(cx) ?? cx.expressionChecker()
        checker.operatorArguments = arguments
        if let requestElement { checker.payload = requestElement }
        var result: (expr: TypedExpr, type: SpecType)?
        if infer {
            result = checker.infer(expr, expected: expected)
        } else if let typed = checker.check(expr, expecting: expected) {
            result = (typed, expected ?? .void)
        }
        cx.diagnostics = checker.diagnostics
        for record in checker.addedRecords { cx.table.records[record.name] = record.fields }
        for read in checker.reads where read != node {
            cx.edges[read].append(node)
            cx.samplingEdges.append((read, node))
        }
        if checker.reads.contains(node) {
            cx.diagnostics.error(.cycle, "an operator of '\(cx.nodes[node].name)' cannot read the output itself", at: expr.range)
            return nil
        }
        return result
    }

    /// `scan` and `reduce`: the seed, and the accumulator over it and each element, typed as the
    /// seed; `scan([]) { $0 + [$1] }`: an empty seed takes its type from the elements.
    mutating func accumulate(_ seedExpr: Expr, _ accExpr: Expr, element: SpecType, node: Int,
                             bound requestElement: (name: String, type: SpecType)?) -> (seed: TypedExpr, accumulator: TypedExpr, type: SpecType)? {
        var accumulator: SpecType
        if case .list(let items) = seedExpr.kind, items.isEmpty {
            if case .list = element { accumulator = element } else { accumulator = .list(element) }
        } else {
            guard let s = operatorExpression(seedExpr, arguments: [], expecting: nil, node: node, bound: requestElement, infer: true) else { return nil }
            accumulator = s.type
        }
        guard let seed = operatorExpression(seedExpr, arguments: [], expecting: accumulator, node: node, bound: requestElement),
              let acc = operatorExpression(accExpr, arguments: [accumulator, element], expecting: accumulator, node: node, bound: requestElement)
        else { return nil }
        return (seed.expr, acc.expr, accumulator)
    }

    mutating func checkStream(_ pending: PendingStream, quietly: Bool) {
        let saved = cx.diagnostics
        if quietly { cx.diagnostics = cx.diagnostics.scratch }
        defer { if quietly { cx.diagnostics = saved } }
        let node = pending.node
        // Until it checks whole, the output has no type: what reads it stays quiet.
        let name = cx.nodes[node].name
        cx.poisoned.insert(name)
        var element: SpecType
        var sourceNode = -1
        var timer: TimerPlan?
        var bound: (name: String, type: SpecType)?
        if let t = pending.decl.timer {
            element = .int
            timer = TimerPlan(dueTime: t.dueTime.value, period: t.period?.value)
        } else if let work = pending.action {
            guard let executions = executionInput(work) else { return }
            element = executions.type
            bound = executions.bound
            sourceNode = work.run
            cx.nodes[work.run].type = element
            // `$0` in the work's `with:` and `if:` is the action's input, as in a plain call's.
            workInput = (work.name, work.input, work.trigger.map { ($0.value, executions.bound.type) }, work.inputUnresolved)
        } else {
            guard let source = streamSource(pending.decl.source, for: node) else { return }
            element = source.type
            sourceNode = source.node
        }
        var navigationShape: NavigationShape?
        var sawRequest = false
        // Operators after one that could not be read work on elements of an unknown type.
        let readable = Array(pending.decl.operators.prefix(pending.decl.readOperators ?? Int.max))
        let plans = checkOperators(readable, element: &element, node: node, sourceName: pending.decl.source.value,
                                   inner: false, bound: bound, sawRequest: &sawRequest, navigationShape: &navigationShape)
        workInput = nil
        guard let plans else { return }
        guard pending.decl.readOperators == nil else { return }
        cx.poisoned.remove(name)
        cx.nodes[node].type = element
        if element == .navigation, let navigationShape { out.navigationShapes[node] = navigationShape }
        cx.symbols[cx.nodes[node].name]?.type = element
        if let work = pending.action {
            typeElements(work, element)
            out.actionWorks[work.action] = ActionWorkPlan(pipeline: out.streams.count, executions: work.run)
        }
        // `initial:` a value, or an expression over the parameters (DataflowPass+StreamInitial.swift).
        guard declareStreamInitial(pending.decl, node: node, element) else { return }
        warnOfSwallowedFirstTick(pending.decl, node: node)
        out.streams.append(StreamPlan(output: node, errors: pending.errors, source: sourceNode, timer: timer, operators: plans,
                                      holdsValue: pending.decl.initial != nil))
    }

    /// Types a chain of operators from `element` (updated to the element after the last one).
    /// `inner`: the `ops:` of a request, applied to each inner stream, which read no other source.
    /// `bound`: the element a request around these operators binds with `as:`.
    mutating func checkOperators(_ operators: [OperatorDecl], element: inout SpecType, node: Int, sourceName: String, inner: Bool,
                                 bound: (name: String, type: SpecType)?, sawRequest: inout Bool,
                                 navigationShape: inout NavigationShape?) -> [OperatorPlan]? {
        var plans: [OperatorPlan] = []
        // Unbound after a request: its element is read only inside it.
        var requestElement = bound
        // `as:` names of the requests before: read after their request, they name nothing.
        var boundNames: [String] = []
        for op in operators {
            guard let entry = OperatorCatalog.entry(named: op.name) else { return nil }
            if let name = OperatorDecl.referencedNames([op]).first(where: { boundNames.contains($0) && cx.symbols[$0] == nil }) {
                cx.diagnostics.error(.unknownName, "'\(name)' names the element of the request before only inside that request's 'with:' and 'ops:'",
                                  at: op.range, fixIt: "move this operator into the request's 'ops:'")
                return nil
            }
            // A row's work listens to its own row alone (CellsPass+RowWorkStreams.swift).
            if let rowWork, !op.arguments.sources.isEmpty || op.arguments.navigation != nil, rowWorkRefuses(op, entry, rowWork) {
                return nil
            }
            if inner, case .requests = entry.typing {
                // A request inside a request's `ops:` (DataflowPass+NestedRequests.swift).
                guard nestedRequestAllowed(op, bound: requestElement) else { return nil }
            } else if inner {
                // `catch: { stream: other }` reads another stream; `catch: EXPR` does not.
                let readsOthers = !entry.insideRequest || (entry.typing == .recovers && !op.arguments.sources.isEmpty)
                if readsOthers {
                    cx.diagnostics.error(.unsupportedInnerOperator, "'\(op.name)' cannot be used inside a request's 'ops:'; there an inner stream listens "
                                      + "to the screen only through 'takeUntil', 'withLatestFrom', 'combineLatest', 'sample' and 'merge'", at: op.range,
                                      notes: [DiagnosticNote("move it after the request, into the output's 'ops:'")])
                    return nil
                }
            } else if entry.typing == .shares, op.range != operators.last?.range {
                cx.diagnostics.error(.shareNotLast, "'\(op.name)' says what a late observer of the output gets, so it is the output's last operator",
                                     at: op.range, fixIt: "move it to the end of the output's 'ops:'")
                return nil
            } else if entry.typing == .resubscribes {
                cx.diagnostics.error(.retryNeedsColdSource, "'\(op.name)' resubscribes to its upstream, which only a request's inner stream can replay; "
                                  + "a screen's inputs and outputs are hot", at: op.range,
                                  fixIt: "put it in the request's own 'ops:', as in 'flatMap: { call: ..., ops: [ { retry: 3 } ] }'")
                return nil
            }
            let arguments: OperatorArguments
            if let request = op.arguments.request {
                // A request per element: typed against the services, its `ops:` against its answers.
                let strategy: RequestStrategy = if case .requests(let s) = entry.typing { s } else { .latest }
                if let name = request.elementName {
                    guard elementNameIsFree(name) else { return nil }
                    requestElement = (name.value, element)
                }
                // After a nested request, the element of the request around it is still read.
                defer { requestElement = inner ? bound : nil }
                requestDepth += 1
                defer { requestDepth -= 1 }
                let diagnosticsBefore = cx.diagnostics.all.count
                defer { pointToElementName(since: diagnosticsBefore, outer: sourceName, request: request) }
                var checker = rowWork?.checker(cx) ?? cx.expressionChecker()
                checker.operatorArguments = [element]
                if let requestElement { checker.payload = requestElement }
                if !inner, let workInput {
                    checker.actionInput = (workInput.action, workInput.type, workInput.trigger)
                    checker.inputUnresolved = workInput.unresolved
                    checker.actionInputField = rowWork?.inputField
                }
                guard let (call, answer, source, choice, branchPlans) = checkInnerStreams(request, node: node, bound: requestElement, with: &checker) else {
                    return nil
                }
                var innerElement = answer
                var innerRequest = false
                var innerShape: NavigationShape?
                guard let innerPlans = checkOperators(request.operators, element: &innerElement, node: node, sourceName: request.service.value,
                                                      inner: true, bound: requestElement, sawRequest: &innerRequest, navigationShape: &innerShape) else { return nil }
                // An action's work binds the execution's input (`bound`) as a request's `as:` does.
                // A choice's branches' own operators first, then the request's (see ``RequestPlan/inner``).
                arguments = OperatorArguments(request: RequestPlan(call: call, strategy: strategy, inner: branchPlans + innerPlans, failuresEnd: request.failuresEnd,
                                                                   name: op.name, bindsElement: inner ? request.elementName != nil : requestElement != nil, source: source,
                                                                   choice: choice))
                element = innerElement
                sawRequest = true
                if let name = request.elementName { boundNames.append(name.value) }
            } else {
                guard let checked = checkArguments(op, entry, element: &element, node: node, sourceName: sourceName, bound: requestElement,
                                                   navigationShape: &navigationShape) else { return nil }
                arguments = checked
            }
            plans.append(OperatorPlan(name: op.name, arguments: arguments, written: op.written))
        }
        return plans
    }
}
