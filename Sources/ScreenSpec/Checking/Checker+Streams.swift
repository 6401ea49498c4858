/// A stream output waiting for its types: its node, its declaration and its errors node.
struct PendingStream {
    var node: Int
    var decl: StreamDecl
    var errors: Int?
}

extension StreamDecl {
    /// Every name the pipeline mentions, so that it is checked after the outputs it reads.
    func referencedNames() -> [String] {
        var names = [source.value]
        for op in operators {
            switch op.kind {
            case .map(let e), .filter(let e), .catchError(let e): names += e.referencedNames()
            case .startWith(let es): for e in es { names += e.referencedNames() }
            case .scan(let seed, let acc): names += seed.referencedNames() + acc.referencedNames()
            case .merge(let others): names += others.map(\.value)
            case .combineLatest(let other, let combine), .withLatestFrom(let other, let combine):
                names.append(other.value)
                if let combine { names += combine.referencedNames() }
            case .sample(let other): names.append(other.value)
            case .flatMapLatest(let r), .flatMap(let r): for a in r.arguments { names += a.value.referencedNames() }
            case .navigate(let n): for p in n.params { names += p.value.referencedNames() }
            case .distinctUntilChanged, .skip, .take, .debounce, .throttle, .delay: break
            }
        }
        return names
    }

    var hasRequest: Bool {
        operators.contains {
            switch $0.kind {
            case .flatMap, .flatMapLatest: return true
            default: return false
            }
        }
    }
}

/// Stream outputs: declared with the other outputs, typed operator by operator in dependency order.
extension Checker {
    mutating func declareStream(_ name: Located<String>, _ decl: StreamDecl) {
        // The type is known once the operators are checked; `.void` stands in until then.
        let kind: NodeDecl.Kind = decl.initial == nil ? .stream : .state(initial: .none)
        let node = addNode(name.value, .void, kind, role: .output, visible: true, range: name.range,
                           what: decl.initial == nil ? "output stream" : "output")
        var errors: Int?
        // With an operator that could not be read, whether it requested (and so has '.errors') is unknown.
        if decl.readOperators != nil { poisoned.insert(name.value + ".errors") }
        if decl.hasRequest {
            let errorsName = name.value + ".errors"
            if declareName(Located(errorsName, name.range)) {
                errors = addNode(errorsName, .error, .stream, role: .output, visible: true, range: name.range, what: "stream errors")
                edges[node].append(errors!)
            }
        }
        pendingStreams.append(PendingStream(node: node, decl: decl, errors: errors))
    }

    /// The symbol a pipeline reads from; any node may feed a stream.
    private mutating func streamSource(_ name: Located<String>, for node: Int) -> Symbol? {
        if poisoned.contains(name.value) {
            // Keep the dependency so that a cycle through a failed output is still found.
            if let symbol = symbols[name.value], symbol.node != node { edges[symbol.node].append(node) }
            return nil
        }
        guard let symbol = symbols[name.value] else {
            unknownName(name, what: "stream source", candidates: Array(symbols.keys))
            return nil
        }
        if symbol.node == node {
            diagnostics.error("cycle", "'\(name.value)' cannot be its own source", at: name.range)
            return nil
        }
        edges[symbol.node].append(node)
        return symbol
    }

    /// Checks one operator expression with `$0` (and `$1`) typed as `arguments`; records what it reads.
    private mutating func operatorExpression(_ expr: Expr, arguments: [SpecType], expecting expected: SpecType?, node: Int,
                                             infer: Bool = false) -> (expr: TypedExpr, type: SpecType)? {
        var checker = expressionChecker()
        checker.operatorArguments = arguments
        var result: (expr: TypedExpr, type: SpecType)?
        if infer {
            result = checker.infer(expr, expected: expected)
        } else if let typed = checker.check(expr, expecting: expected) {
            result = (typed, expected ?? .void)
        }
        diagnostics = checker.diagnostics
        for read in checker.reads where read != node { edges[read].append(node) }
        if checker.reads.contains(node) {
            diagnostics.error("cycle", "an operator of '\(nodes[node].name)' cannot read the output itself", at: expr.range)
            return nil
        }
        return result
    }

    mutating func checkStream(_ pending: PendingStream, quietly: Bool) {
        let saved = diagnostics
        if quietly { diagnostics = DiagnosticBag() }
        defer { if quietly { diagnostics = saved } }
        let node = pending.node
        // Until it checks whole, the output has no type: what reads it stays quiet.
        let name = nodes[node].name
        poisoned.insert(name)
        guard let source = streamSource(pending.decl.source, for: node) else { return }
        var element = source.type
        var plans: [OperatorPlan] = []
        var sawRequest = false
        var navigationShape: NavigationShape?
        // Operators after one that could not be read work on elements of an unknown type.
        for op in pending.decl.operators.prefix(pending.decl.readOperators ?? Int.max) {
            var kind: OperatorPlan.Kind
            switch op.kind {
            case .map(let e):
                guard let t = operatorExpression(e, arguments: [element], expecting: nil, node: node, infer: true) else { return }
                kind = .map(t.expr)
                element = t.type
            case .filter(let e):
                guard let t = operatorExpression(e, arguments: [element], expecting: .bool, node: node) else { return }
                kind = .filter(t.expr)
            case .distinctUntilChanged:
                kind = .distinctUntilChanged
            case .startWith(let es):
                var values: [TypedExpr] = []
                for e in es {
                    guard let t = operatorExpression(e, arguments: [], expecting: element, node: node) else { return }
                    values.append(t.expr)
                }
                kind = .startWith(values)
            case .skip(let n): kind = .skip(n.value)
            case .take(let n): kind = .take(n.value)
            case .scan(let seedExpr, let accExpr):
                // `scan([]) { $0 + [$1] }`: an empty seed takes its type from the elements.
                var accumulator: SpecType
                if case .list(let items) = seedExpr.kind, items.isEmpty {
                    if case .list = element { accumulator = element } else { accumulator = .list(element) }
                } else {
                    guard let s = operatorExpression(seedExpr, arguments: [], expecting: nil, node: node, infer: true) else { return }
                    accumulator = s.type
                }
                guard let seed = operatorExpression(seedExpr, arguments: [], expecting: accumulator, node: node),
                      let acc = operatorExpression(accExpr, arguments: [accumulator, element], expecting: accumulator, node: node)
                else { return }
                kind = .scan(seed: seed.expr, accumulator: acc.expr)
                element = accumulator
            case .merge(let others):
                var sources: [Int] = []
                for other in others {
                    guard let symbol = streamSource(other, for: node) else { return }
                    guard symbol.type == element else {
                        diagnostics.error("type-mismatch", "'merge' needs streams of one type: '\(pending.decl.source.value)' carries '\(element)' here, '\(other.value)' carries '\(symbol.type)'",
                                          at: other.range, notes: [DiagnosticNote("map one of them first, as in '- map: \"...\"'")])
                        return
                    }
                    sources.append(symbol.node)
                }
                kind = .merge(sources)
            case .combineLatest(let other, let combine):
                guard let symbol = streamSource(other, for: node), let combine,
                      let t = operatorExpression(combine, arguments: [element, symbol.type], expecting: nil, node: node, infer: true) else { return }
                kind = .combineLatest(symbol.node, combine: t.expr)
                element = t.type
            case .withLatestFrom(let other, let combine):
                guard let symbol = streamSource(other, for: node) else { return }
                if let combine {
                    guard let t = operatorExpression(combine, arguments: [element, symbol.type], expecting: nil, node: node, infer: true) else { return }
                    kind = .withLatestFrom(symbol.node, combine: t.expr)
                    element = t.type
                } else {
                    kind = .withLatestFrom(symbol.node, combine: nil)
                    element = symbol.type
                }
            case .sample(let other):
                guard let symbol = streamSource(other, for: node) else { return }
                kind = .sample(symbol.node)
            case .flatMapLatest(let request), .flatMap(let request):
                var checker = expressionChecker()
                checker.operatorArguments = [element]
                let call = checkCall(request.service, request.arguments, at: request.range, with: &checker)
                diagnostics = checker.diagnostics
                // Arguments are sampled when an element arrives, as an action's `with:`: no rank
                // edges, so a handler may write from the answers state the next request reads (paging).
                guard let service = serviceIndex[request.service.value] else {
                    if !spec.services.contains(where: { $0.name.value == request.service.value }) && !poisoned.contains(request.service.value) {
                        unknownName(request.service, what: "service", candidates: spec.services.map(\.name.value))
                    }
                    return
                }
                var isLatest = true
                if case .flatMap = op.kind { isLatest = false }
                kind = .request(ServiceCall(service: service, argumentNames: call.names, arguments: call.values), latest: isLatest)
                element = services[service].returns
                sawRequest = true
            case .debounce(let d): kind = .debounce(d.value)
            case .throttle(let d, let latest): kind = .throttle(d.value, latest: latest)
            case .delay(let d): kind = .delay(d.value)
            case .catchError(let e):
                guard sawRequest else {
                    diagnostics.error("catch-without-request", "'catch' replaces a failed request, but no 'flatMapLatest' or 'flatMap' comes before it",
                                      at: op.range)
                    return
                }
                guard let t = operatorExpression(e, arguments: [.error], expecting: element, node: node) else { return }
                kind = .catchError(t.expr)
            case .navigate(let navigate):
                guard let t = checkNavigate(navigate, element: element, node: node) else { return }
                kind = .map(t.expr)
                navigationShape = t.shape
                element = .navigation
            }
            plans.append(OperatorPlan(kind: kind, name: op.name))
        }
        guard pending.decl.readOperators == nil else { return }
        poisoned.remove(name)
        nodes[node].type = element
        if element == .navigation, let navigationShape { navigationShapes[node] = navigationShape }
        symbols[nodes[node].name]?.type = element
        var holds = false
        if let initialNode = pending.decl.initial {
            let values = ValueReader(table: table)
            guard let initial = values.read(initialNode, as: element, diagnostics: &diagnostics) else { return }
            nodes[node].kind = .state(initial: initial)
            holds = true
        }
        streams.append(StreamPlan(output: node, errors: pending.errors, source: source.node, operators: plans, holdsValue: holds))
    }
}
