import SpecRuntime

/// Resolves and type-checks a ``Spec`` into a ``CheckedSpec``, reporting every problem it finds
/// (not only the first) before anything runs.
struct Checker {
    let spec: Spec
    var diagnostics: DiagnosticBag
    var table = TypeTable()
    var nodes: [NodeDecl] = []
    var symbols: [String: Symbol] = [:]
    private var declared: [String: SpecRange] = [:]
    /// Edges `from -> to`: `to` must be ranked after `from`.
    var edges: [[Int]] = []
    var actions: [ActionPlan] = []
    var handlers: [HandlerPlan] = []
    var services: [ServicePlan] = []
    var serviceIndex: [String: Int] = [:]
    var params: [Int] = []
    /// Derived outputs whose expressions are checked once every name exists.
    private var pendingDerived: [(node: Int, expr: Expr)] = []
    /// Names whose declarations failed: they have no type to check against, so every later
    /// reference stays quiet instead of cascading (an error type, as a compiler's).
    var poisoned: Set<String> = []
    /// Service parameters whose types failed, by service: arguments for them are not checked.
    var failedParams: [String: Set<String>] = [:]
    /// Components whose declarations could not be read: steps and bindings naming them stay quiet.
    var unreadableComponents: Set<String> = []
    /// Actions whose `input:` is not a type (reported already): `$0` and `send:` values stay quiet.
    var unresolvedInputs: Set<String> = []

    func expressionChecker(payload: (name: String, type: SpecType)? = nil, quiet: Bool = false) -> ExpressionChecker {
        var checker = ExpressionChecker(symbols: symbols, table: table, payload: payload, diagnostics: quiet ? diagnostics.scratch : diagnostics)
        checker.poisoned = poisoned
        return checker
    }
    /// Stream outputs, checked in the same dependency order as derived outputs.
    var pendingStreams: [PendingStream] = []
    var streams: [StreamPlan] = []
    /// Sibling specs read to check navigation targets, by file path.
    var catalog: ScreenCatalog
    /// What each navigation output opens, to read expected navigation values in scenarios.
    var navigationShapes: [Int: NavigationShape] = [:]
    /// The components of `view:`, for bindings and scenario steps (Checker+View.swift).
    var view = ViewRegistry()

    /// `catalog` reads the other specs navigations open (see ``SpecResolver``).
    init(spec: Spec, diagnostics: DiagnosticBag, catalog: ScreenCatalog = ScreenCatalog(resolver: nil)) {
        self.spec = spec
        self.diagnostics = diagnostics
        self.catalog = catalog
        poisoned = spec.unreadable
        unreadableComponents = spec.unreadableComponents
        table.failed = spec.unreadableTypes
    }

    mutating func check() -> CheckedSpec? {
        declareTypes()
        let resolver = TypeResolver(table: table)
        let values = ValueReader(table: table)
        declareParams(resolver)
        declareInputs(resolver, values)
        declareState(resolver, values)
        declareOutputs()
        declareServices(resolver, values)
        declareActions(resolver)
        checkDerived()
        checkActions()
        checkHandlers()
        declareView()
        let invariants = checkInvariants()
        let rank = order()
        var scenarios = spec.scenarios.map { checkScenario($0, values) }
        checkScenarioSetup(&scenarios, resolver, values)
        checkDuplicateScenarioNames()
        checkEquivalentMutants()
        let explore = checkExplore(scenarios, values)
        guard !diagnostics.hasErrors, let rank else { return nil }
        markReadCompletions(scenarios)
        var checked = CheckedSpec(screen: spec.screen.value, file: spec.file, types: table, nodes: nodes, rank: rank,
                                  actions: actions, handlers: handlers, services: services, scenarios: scenarios, params: params)
        checked.streams = streams
        checked.coverageMarks = spec.unreachable.map {
            CoverageMark(declaration: $0.declaration.value, item: $0.item.value, reason: $0.reason.value, itemRange: $0.item.range)
        }
        checked.components = view.components.map(\.plan)
        checked.invariants = invariants
        checked.explore = explore
        return checked
    }

    /// `<action>.completions` is shown in the timeline, and fed by the runtime, only when the spec
    /// reads it: something depends on it (a handler, a trigger, a stream, an expression) or a
    /// scenario expects it. Otherwise its plan forgets it, so that an action's ending costs nothing
    /// more and timelines of specs that never name it stay as they were.
    private mutating func markReadCompletions(_ scenarios: [ScenarioPlan]) {
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

    // MARK: declarations

    mutating func declareName(_ name: Located<String>) -> Bool {
        if let first = declared[name.value] {
            diagnostics.error(.duplicateName, "'\(name.value)' is declared twice", at: name.range,
                              notes: [DiagnosticNote("first declared here", at: first)])
            return false
        }
        declared[name.value] = name.range
        return true
    }

    @discardableResult
    mutating func addNode(_ name: String, _ type: SpecType, _ kind: NodeDecl.Kind, role: NodeDecl.Role, visible: Bool,
                                  range: SpecRange, what: String) -> Int {
        let index = nodes.count
        nodes.append(NodeDecl(name: name, type: type, kind: kind, role: role, visible: visible, range: range))
        edges.append([])
        symbols[name] = Symbol(node: index, type: type, hasCurrentValue: nodes[index].hasCurrentValue, what: what)
        return index
    }

    mutating func declareTypes() {
        var seen: [String: SpecRange] = [:]
        for (name, cases) in TypeResolver.builtinEnums { table.enums[name] = cases }
        for decl in spec.types {
            let builtin = TypeResolver.builtins[decl.name.value] != nil || TypeResolver.builtinEnums[decl.name.value] != nil
            if let first = seen[decl.name.value] ?? (builtin ? decl.name.range : nil) {
                diagnostics.error(.duplicateType, "type '\(decl.name.value)' is already declared", at: decl.name.range,
                                  notes: first == decl.name.range ? [] : [DiagnosticNote("first declared here", at: first)])
                continue
            }
            seen[decl.name.value] = decl.name.range
            switch decl.kind {
            case .record: table.records[decl.name.value] = []
            case .enumeration(let cases):
                var names: [String] = []
                for c in cases {
                    if names.contains(c.value) {
                        diagnostics.error(.duplicateCase, "case '\(c.value)' is listed twice", at: c.range)
                    } else {
                        names.append(c.value)
                    }
                }
                table.enums[decl.name.value] = names
            }
        }
        let resolver = TypeResolver(table: table)
        for decl in spec.types {
            guard case .record(let fields) = decl.kind, table.records[decl.name.value]?.isEmpty == true else { continue }
            var resolved: [(name: String, type: SpecType)] = []
            for field in fields {
                if resolved.contains(where: { $0.name == field.name.value }) {
                    diagnostics.error(.duplicateField, "field '\(field.name.value)' is listed twice", at: field.name.range)
                    continue
                }
                if let t = resolver.resolve(field.type, diagnostics: &diagnostics) {
                    resolved.append((field.name.value, t))
                } else {
                    table.failed.insert(decl.name.value)
                }
            }
            table.records[decl.name.value] = resolved
        }
        // A record with a field of a failed type fails too; what uses them stays quiet.
        var changed = !table.failed.isEmpty
        while changed {
            changed = false
            for (name, fields) in table.records where !table.failed.contains(name) {
                if fields.contains(where: { table.mentionsFailed($0.type) }) {
                    table.failed.insert(name)
                    changed = true
                }
            }
        }
    }

    private mutating func declareParams(_ resolver: TypeResolver) {
        for p in spec.params where declareName(p.name) {
            guard let type = resolver.resolve(p.type, diagnostics: &diagnostics) else {
                poisoned.insert(p.name.value)
                continue
            }
            params.append(addNode(p.name.value, type, .param, role: .param, visible: false, range: p.name.range, what: "parameter"))
        }
    }

    private mutating func declareInputs(_ resolver: TypeResolver, _ values: ValueReader) {
        for input in spec.inputs where declareName(input.name) {
            switch input.kind {
            case .event:
                addNode(input.name.value, .void, .stream, role: .input, visible: false, range: input.name.range, what: "input event")
            case .value(let typeName):
                guard let type = resolver.resolve(typeName, diagnostics: &diagnostics) else {
                    poisoned.insert(input.name.value)
                    continue
                }
                addNode(input.name.value, type, .stream, role: .input, visible: false, range: input.name.range, what: "input value stream")
            case .property(let typeName, let defaultNode):
                guard let type = resolver.resolve(typeName, diagnostics: &diagnostics) else {
                    poisoned.insert(input.name.value)
                    continue
                }
                let initial = defaultNode.flatMap { values.read($0, as: type, diagnostics: &diagnostics) } ?? .none
                addNode(input.name.value, type, .property(initial: initial), role: .input, visible: false, range: input.name.range,
                        what: "input property")
            }
        }
    }

    private mutating func declareState(_ resolver: TypeResolver, _ values: ValueReader) {
        for state in spec.state where declareName(state.name) {
            guard let type = resolver.resolve(state.type, diagnostics: &diagnostics) else {
                poisoned.insert(state.name.value)
                continue
            }
            let initial = values.read(state.initial, as: type, diagnostics: &diagnostics) ?? .none
            addNode(state.name.value, type, .state(initial: initial), role: .state, visible: true, range: state.name.range, what: "state")
        }
    }

    private mutating func declareOutputs() {
        for output in spec.outputs where declareName(output.name) {
            switch output.kind {
            case .derived(let expr):
                // The type is known once the expression is checked; `.void` stands in until then.
                let index = addNode(output.name.value, .void, .derived(.constant(.void)), role: .output, visible: true,
                                    range: output.name.range, what: "output")
                pendingDerived.append((index, expr))
            case .stream(let decl):
                declareStream(output.name, decl)
            }
        }
    }

    private mutating func declareServices(_ resolver: TypeResolver, _ values: ValueReader) {
        for service in spec.services {
            if let index = serviceIndex[service.name.value] {
                diagnostics.error(.duplicateName, "service '\(service.name.value)' is declared twice", at: service.name.range,
                                  notes: [DiagnosticNote("first declared here", at: spec.services[index].name.range)])
                continue
            }
            guard let type = resolver.resolve(service.returns, diagnostics: &diagnostics) else { continue }
            // Parameters first: an `echo:` result answers one of them.
            var plan = ServicePlan(name: service.name.value, returns: type, latency: service.latency?.value ?? 0, results: [])
            checkServiceParams(service, into: &plan, resolver, values)
            if let timeout = service.timeout {
                if timeout.value > 0 {
                    plan.timeout = timeout.value
                } else {
                    diagnostics.error(.invalidDuration, "a service's 'timeout:' must be longer than 0ms", at: timeout.range,
                                      fixIt: "write a time such as '5s', or leave 'timeout:' out to wait as long as it takes")
                }
            }
            for result in service.results {
                if let r = readResult(result, of: plan, values) { plan.results.append(r) }
            }
            if service.results.isEmpty {
                guard type == .void || type.isOptional else {
                    diagnostics.error(.missingResult, "service '\(service.name.value)' returns '\(type)' but declares no 'result:'",
                                      at: service.name.range, fixIt: "add 'result:' with a value, 'results:' for successive calls, or 'echo:' with a parameter")
                    continue
                }
                plan.results.append(.init(outcome: .success(type == .void ? .void : .none), latency: nil))
            }
            plan.http = checkHTTP(service, plan)
            serviceIndex[service.name.value] = services.count
            services.append(plan)
        }
    }

    private mutating func declareActions(_ resolver: TypeResolver) {
        for action in spec.actions where declareName(action.name) {
            let name = action.name.value
            let range = action.name.range
            let returns = serviceIndex[action.work.service.value].map { services[$0].returns } ?? .void
            // Without its service the action's results have no type to check against.
            if serviceIndex[action.work.service.value] == nil { poisoned.insert(name + ".elements") }
            let actionIndex = actions.count
            // The order of creation is the order of the initial timeline: enabled, then executing.
            let enabled = addNode(name + ".enabled", .bool, .derived(.constant(.bool(true))), role: .actionEnabled(actionIndex),
                                  visible: true, range: range, what: "action state")
            let executing = addNode(name + ".executing", .bool, .state(initial: .bool(false)), role: .actionExecuting(actionIndex),
                                    visible: true, range: range, what: "action state")
            let elements = addNode(name + ".elements", returns, .stream, role: .actionElements(actionIndex), visible: true,
                                   range: range, what: "action elements stream")
            let errors = addNode(name + ".errors", .error, .stream, role: .actionErrors(actionIndex), visible: true,
                                 range: range, what: "action errors stream")
            // Shown, and fed by the runtime, only when the spec reads it (see `markReadCompletions`).
            let completions = addNode(name + ".completions", .void, .stream, role: .actionCompletions(actionIndex), visible: false,
                                      range: range, what: "action completions stream")
            // A declared input that does not resolve was reported; `Void` keeps the rest quiet.
            let resolved = action.input.flatMap { resolver.resolve($0, diagnostics: &diagnostics) }
            if action.inputIsMalformed || (action.input != nil && resolved == nil) { unresolvedInputs.insert(name) }
            let input = resolved ?? .void
            actions.append(ActionPlan(name: name, input: input, trigger: nil, enabled: enabled, executing: executing, elements: elements,
                                      errors: errors, completions: completions, service: -1, argumentNames: [], arguments: []))
        }
    }

    mutating func unknownName(_ name: Located<String>, what: String, candidates: [String]) {
        diagnostics.error(.unknownName, "unknown \(what) '\(name.value)'\(diagnostics.didYouMean(name.value, in: candidates))", at: name.range)
    }

    /// Checks derived outputs so that each is checked after the outputs it names, whatever the
    /// order they were written in; an output's type is its expression's.
    private mutating func checkDerived() {
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

    private mutating func checkHandlers() {
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

    private func isWritable(_ node: Int) -> Bool {
        switch nodes[node].kind {
        case .state: if case .state = nodes[node].role { return true }
        case .property: return true
        default: break
        }
        return false
    }

    /// Each node's rank: a topological order of the dataflow `edges`, ties broken by declaration
    /// order; a cycle is reported with its path.
    private mutating func order() -> [Int]? {
        let sorted = TopologicalOrder(count: nodes.count, successors: edges)
        var rank = [Int](repeating: -1, count: nodes.count)
        for (position, node) in sorted.order.enumerated() { rank[node] = position }
        guard !sorted.isComplete else { return rank }
        reportCycle(rank: rank)
        return nil
    }

    private mutating func reportCycle(rank: [Int]) {
        // Walk backwards along unranked dependencies until a node repeats: that loop is a cycle.
        var predecessors = [[Int]](repeating: [], count: nodes.count)
        for (from, targets) in edges.enumerated() { for t in targets where rank[from] < 0 { predecessors[t].append(from) } }
        guard var current = rank.firstIndex(of: -1) else { return }
        var seenAt: [Int: Int] = [:]
        var path: [Int] = []
        while seenAt[current] == nil {
            seenAt[current] = path.count
            path.append(current)
            guard let p = predecessors[current].first(where: { rank[$0] < 0 }) else { return }
            current = p
        }
        let cycle = Array(path[seenAt[current]!...].reversed())
        let names = cycle.map { nodes[$0].name } + [nodes[cycle[0]].name]
        diagnostics.error(.cycle, "dependency cycle: " + names.map { "'\($0)'" }.joined(separator: " -> "), at: nodes[cycle[0]].range,
                          notes: cycle.dropFirst().map { DiagnosticNote("'\(nodes[$0].name)' is part of the cycle", at: nodes[$0].range) })
    }
}
