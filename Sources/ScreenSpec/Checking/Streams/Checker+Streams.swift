import SpecRuntime

/// A stream output waiting for its types: its node, its declaration and its errors node.
struct PendingStream {
    var node: Int
    var decl: StreamDecl
    var errors: Int?
}

extension StreamDecl {
    /// Every name the pipeline mentions, so that it is checked after the outputs it reads.
    func referencedNames() -> [String] {
        (timer == nil ? [source.value] : []) + OperatorDecl.referencedNames(operators)
    }

    var hasRequest: Bool {
        operators.contains {
            switch $0.kind {
            case .flatMap, .flatMapLatest, .concatMap: return true
            default: return false
            }
        }
    }
}

extension OperatorDecl {
    static func referencedNames(_ operators: [OperatorDecl]) -> [String] {
        var names: [String] = []
        for op in operators {
            switch op.kind {
            case .map(let e), .filter(let e), .catchError(let e), .catchAndReturn(let e): names += e.referencedNames()
            case .distinctUntilChanged(let key): names += key?.referencedNames() ?? []
            case .startWith(let es): for e in es { names += e.referencedNames() }
            case .scan(let seed, let acc): names += seed.referencedNames() + acc.referencedNames()
            case .merge(let others), .switchLatest(let others), .concat(let others): names += others.map(\.value)
            case .combineLatest(let others, let combine):
                names += others.map(\.value)
                if let combine { names += combine.referencedNames() }
            case .withLatestFrom(let other, let combine):
                names.append(other.value)
                if let combine { names += combine.referencedNames() }
            case .sample(let other, let defaultValue):
                names.append(other.value)
                names += defaultValue?.referencedNames() ?? []
            case .catchToStream(let other), .takeUntil(let other): names.append(other.value)
            case .flatMapLatest(let r), .flatMap(let r), .concatMap(let r):
                for a in r.arguments { names += a.value.referencedNames() }
                names += referencedNames(r.operators)
            case .navigate(let n): for p in n.params { names += p.value.referencedNames() }
            case .catalogued(let a):
                for e in a.expressions { names += e.referencedNames() }
                names += a.sources.map(\.value)
            case .skip, .skipFor, .take, .takeFor, .debounce, .throttle, .delay, .retry: break
            }
        }
        return names
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

    /// A request's `as:` name may not hide a name of the screen: inside its `ops:` both would be
    /// readable, and the screen's would silently lose.
    private mutating func elementNameIsFree(_ name: Located<String>) -> Bool {
        guard let symbol = symbols[name.value] else { return true }
        var other = String(name.value.prefix(1))
        if other == name.value || symbols[other] != nil { other = name.value + "Element" }
        diagnostics.error(.duplicateName, "'as: \(name.value)' would hide the screen's \(symbol.what) '\(name.value)' inside the request",
                          at: name.range, fixIt: "choose another name for the element, as in 'as: \(other)'")
        return false
    }

    /// The symbol a pipeline reads from; any node may feed a stream. `stoppedBy`: a `takeUntil`.
    mutating func streamSource(_ name: Located<String>, for node: Int, stoppedBy: Bool = false) -> Symbol? {
        // Checked first: the output being checked is poisoned until it checks whole.
        if let symbol = symbols[name.value], symbol.node == node {
            let fix = stoppedBy ? "stop it on another stream, such as an input 'cancel', or on a condition with 'takeWhile: EXPR'"
                : "read another input or output here"
            diagnostics.error(.cycle, "'\(name.value)' cannot be its own source", at: name.range, notes: [DiagnosticNote(fix)])
            return nil
        }
        if poisoned.contains(name.value) {
            // Keep the dependency so that a cycle through a failed output is still found.
            if let symbol = symbols[name.value], symbol.node != node { edges[symbol.node].append(node) }
            return nil
        }
        guard let symbol = symbols[name.value] else {
            unknownName(name, what: "stream source", candidates: Array(symbols.keys))
            return nil
        }
        edges[symbol.node].append(node)
        return symbol
    }

    /// Checks one operator expression with `$0` (and `$1`) typed as `arguments`; records what it reads.
    mutating func operatorExpression(_ expr: Expr, arguments: [SpecType], expecting expected: SpecType?, node: Int,
                                             infer: Bool = false) -> (expr: TypedExpr, type: SpecType)? {
        var checker = expressionChecker()
        checker.operatorArguments = arguments
        if let requestElement { checker.payload = requestElement }
        var result: (expr: TypedExpr, type: SpecType)?
        if infer {
            result = checker.infer(expr, expected: expected)
        } else if let typed = checker.check(expr, expecting: expected) {
            result = (typed, expected ?? .void)
        }
        diagnostics = checker.diagnostics
        for read in checker.reads where read != node {
            edges[read].append(node)
            samplingEdges.append((read, node))
        }
        if checker.reads.contains(node) {
            diagnostics.error(.cycle, "an operator of '\(nodes[node].name)' cannot read the output itself", at: expr.range)
            return nil
        }
        return result
    }

    mutating func checkStream(_ pending: PendingStream, quietly: Bool) {
        let saved = diagnostics
        if quietly { diagnostics = diagnostics.scratch }
        defer { if quietly { diagnostics = saved } }
        let node = pending.node
        // Until it checks whole, the output has no type: what reads it stays quiet.
        let name = nodes[node].name
        poisoned.insert(name)
        var element: SpecType
        var sourceNode = -1
        var timer: TimerPlan?
        if let t = pending.decl.timer {
            element = .int
            timer = TimerPlan(dueTime: t.dueTime.value, period: t.period?.value)
        } else {
            guard let source = streamSource(pending.decl.source, for: node) else { return }
            element = source.type
            sourceNode = source.node
        }
        var navigationShape: NavigationShape?
        var sawRequest = false
        // Operators after one that could not be read work on elements of an unknown type.
        let readable = Array(pending.decl.operators.prefix(pending.decl.readOperators ?? Int.max))
        guard let plans = checkOperators(readable, element: &element, node: node, sourceName: pending.decl.source.value,
                                         inner: false, sawRequest: &sawRequest, navigationShape: &navigationShape) else { return }
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
        streams.append(StreamPlan(output: node, errors: pending.errors, source: sourceNode, timer: timer, operators: plans, holdsValue: holds))
    }

    /// Types a chain of operators from `element` (updated to the element after the last one).
    /// `inner`: the `ops:` of a request, applied to each inner stream, which read no other source.
    private mutating func checkOperators(_ operators: [OperatorDecl], element: inout SpecType, node: Int, sourceName: String, inner: Bool,
                                         sawRequest: inout Bool, navigationShape: inout NavigationShape?) -> [OperatorPlan]? {
        var plans: [OperatorPlan] = []
        // `as:` names of the requests before: read after their request, they name nothing.
        var boundNames: [String] = []
        for op in operators {
            var kind: OperatorPlan.Kind
            if let name = OperatorDecl.referencedNames([op]).first(where: { boundNames.contains($0) && symbols[$0] == nil }) {
                diagnostics.error(.unknownName, "'\(name)' names the element of the request before only inside that request's 'with:' and 'ops:'",
                                  at: op.range, fixIt: "move this operator into the request's 'ops:'")
                return nil
            }
            if inner {
                var readsOthers = OperatorCatalog.entry(named: op.name)?.insideRequest == false
                if case .catchToStream = op.kind { readsOthers = true }
                if readsOthers {
                    diagnostics.error(.unsupportedInnerOperator, "'\(op.name)' cannot be used inside a request's 'ops:'; there an inner stream listens "
                                      + "to the screen only through 'takeUntil', 'withLatestFrom', 'combineLatest', 'sample' and 'merge'", at: op.range,
                                      notes: [DiagnosticNote("move it after the request, into the output's 'ops:'")])
                    return nil
                }
            } else if case .retry = op.kind {
                diagnostics.error(.retryNeedsColdSource, "'retry' resubscribes to its upstream, which only a request's inner stream can replay; "
                                  + "a screen's inputs and outputs are hot", at: op.range,
                                  fixIt: "put it in the request's own 'ops:', as in 'flatMap: { call: ..., ops: [ { retry: 3 } ] }'")
                return nil
            }
            switch op.kind {
            case .map(let e):
                guard let t = operatorExpression(e, arguments: [element], expecting: nil, node: node, infer: true) else { return nil }
                kind = .map(t.expr)
                element = t.type
            case .filter(let e):
                guard let t = operatorExpression(e, arguments: [element], expecting: .bool, node: node) else { return nil }
                kind = .filter(t.expr)
            case .distinctUntilChanged(let key):
                if let key {
                    guard let t = operatorExpression(key, arguments: [element], expecting: nil, node: node, infer: true) else { return nil }
                    kind = .distinctUntilChanged(key: t.expr)
                } else {
                    kind = .distinctUntilChanged(key: nil)
                }
            case .startWith(let es):
                var values: [TypedExpr] = []
                for e in es {
                    guard let t = operatorExpression(e, arguments: [], expecting: element, node: node) else { return nil }
                    values.append(t.expr)
                }
                kind = .startWith(values)
            case .skip(let n): kind = .skip(n.value)
            case .skipFor(let d): kind = .skipFor(d.value)
            case .take(let n): kind = .take(n.value)
            case .takeFor(let d): kind = .takeFor(d.value)
            case .scan(let seedExpr, let accExpr):
                // `scan([]) { $0 + [$1] }`: an empty seed takes its type from the elements.
                var accumulator: SpecType
                if case .list(let items) = seedExpr.kind, items.isEmpty {
                    if case .list = element { accumulator = element } else { accumulator = .list(element) }
                } else {
                    guard let s = operatorExpression(seedExpr, arguments: [], expecting: nil, node: node, infer: true) else { return nil }
                    accumulator = s.type
                }
                guard let seed = operatorExpression(seedExpr, arguments: [], expecting: accumulator, node: node),
                      let acc = operatorExpression(accExpr, arguments: [accumulator, element], expecting: accumulator, node: node)
                else { return nil }
                kind = .scan(seed: seed.expr, accumulator: acc.expr)
                element = accumulator
            case .merge(let others), .concat(let others):
                var sources: [Int] = []
                for other in others {
                    guard let symbol = streamSource(other, for: node) else { return nil }
                    guard symbol.type == element else {
                        diagnostics.error(.typeMismatch, "'\(op.name)' needs streams of one type: '\(sourceName)' carries '\(element)' here, '\(other.value)' carries '\(symbol.type)'",
                                          at: other.range, notes: [DiagnosticNote("map one of them first, as in '- map: \"...\"'")])
                        return nil
                    }
                    sources.append(symbol.node)
                }
                if case .concat = op.kind { kind = .concat(sources) } else { kind = .merge(sources) }
            case .switchLatest(let others):
                guard element == .int else {
                    diagnostics.error(.typeMismatch, "'switchLatest' chooses a stream by the index each element carries, so it needs elements of type 'Int', found '\(element)'",
                                      at: op.range, notes: [DiagnosticNote("map the elements to an index first, as in '- map: \"$0 ? 1 : 0\"'")])
                    return nil
                }
                var sources: [Int] = []
                var innerType: SpecType?
                for other in others {
                    guard let symbol = streamSource(other, for: node) else { return nil }
                    if let innerType, innerType != symbol.type {
                        diagnostics.error(.typeMismatch, "'switchLatest' needs streams of one type: '\(others[0].value)' carries '\(innerType)', '\(other.value)' carries '\(symbol.type)'",
                                          at: other.range)
                        return nil
                    }
                    innerType = symbol.type
                    sources.append(symbol.node)
                }
                kind = .switchLatest(sources)
                element = innerType ?? element
            case .combineLatest(let others, let combine):
                var symbols: [Symbol] = []
                for other in others {
                    guard let symbol = streamSource(other, for: node) else { return nil }
                    symbols.append(symbol)
                }
                guard let combine,
                      let t = operatorExpression(combine, arguments: [element] + symbols.map(\.type), expecting: nil, node: node, infer: true)
                else { return nil }
                kind = .combineLatest(symbols.map(\.node), combine: t.expr)
                element = t.type
            case .withLatestFrom(let other, let combine):
                guard let symbol = streamSource(other, for: node) else { return nil }
                samplingEdges.append((symbol.node, node))
                if let combine {
                    guard let t = operatorExpression(combine, arguments: [element, symbol.type], expecting: nil, node: node, infer: true) else { return nil }
                    kind = .withLatestFrom(symbol.node, combine: t.expr)
                    element = t.type
                } else {
                    kind = .withLatestFrom(symbol.node, combine: nil)
                    element = symbol.type
                }
            case .sample(let other, let defaultValue):
                guard let symbol = streamSource(other, for: node) else { return nil }
                var typedDefault: TypedExpr?
                if let defaultValue {
                    guard let t = operatorExpression(defaultValue, arguments: [], expecting: element, node: node) else { return nil }
                    typedDefault = t.expr
                }
                kind = .sample(symbol.node, defaultValue: typedDefault)
            case .catchToStream(let other):
                guard let symbol = streamSource(other, for: node) else { return nil }
                guard symbol.type == element else {
                    diagnostics.error(.typeMismatch, "'catch' falls back to a stream of the same type: the stream carries '\(element)' here, '\(other.value)' carries '\(symbol.type)'",
                                      at: other.range)
                    return nil
                }
                kind = .catchToStream(symbol.node)
            case .takeUntil(let other):
                guard let symbol = streamSource(other, for: node, stoppedBy: true) else { return nil }
                kind = .takeUntil(symbol.node)
            case .retry(let n): kind = .retry(n?.value)
            case .flatMapLatest(let request), .flatMap(let request), .concatMap(let request):
                if let name = request.elementName {
                    guard elementNameIsFree(name) else { return nil }
                    requestElement = (name.value, element)
                }
                defer { requestElement = nil }
                var checker = expressionChecker()
                checker.operatorArguments = [element]
                if let requestElement { checker.payload = requestElement }
                let call = checkCall(request.service, request.arguments, at: request.range, with: &checker)
                diagnostics = checker.diagnostics
                // Arguments are sampled when an element arrives, as an action's `with:`: no rank
                // edges, so a handler may write from the answers state the next request reads (paging).
                guard let service = serviceIndex[request.service.value] else {
                    if !spec.services.contains(where: { $0.name.value == request.service.value }) && !poisoned.contains(request.service.value) {
                        unknownName(request.service, what: "service", candidates: spec.services.map(\.name.value))
                    }
                    return nil
                }
                var innerElement = services[service].returns
                var innerRequest = false
                var innerShape: NavigationShape?
                guard let innerPlans = checkOperators(request.operators, element: &innerElement, node: node, sourceName: request.service.value,
                                                      inner: true, sawRequest: &innerRequest, navigationShape: &innerShape) else { return nil }
                let strategy: RequestStrategy = switch op.kind {
                case .flatMap: .merge
                case .concatMap: .concat
                default: .latest
                }
                kind = .request(RequestPlan(call: ServiceCall(service: service, argumentNames: call.names, arguments: call.values),
                                            strategy: strategy, inner: innerPlans, failuresEnd: request.failuresEnd, name: op.name,
                                            bindsElement: request.elementName != nil))
                element = innerElement
                sawRequest = true
                if let name = request.elementName { boundNames.append(name.value) }
            case .debounce(let d): kind = .debounce(d.value)
            case .throttle(let d, let latest): kind = .throttle(d.value, latest: latest)
            case .delay(let d): kind = .delay(d.value)
            case .catchError(let e), .catchAndReturn(let e):
                guard let t = operatorExpression(e, arguments: [.error], expecting: element, node: node) else { return nil }
                kind = .catchError(t.expr)
            case .navigate(let navigate):
                guard let t = checkNavigate(navigate, element: element, node: node) else { return nil }
                kind = .map(t.expr)
                navigationShape = t.shape
                element = .navigation
            case .catalogued(let arguments):
                guard let checked = checkCatalogued(op, arguments, element: &element, node: node) else { return nil }
                kind = .catalogued(checked)
            }
            plans.append(OperatorPlan(kind: kind, name: op.name, written: op.written))
        }
        return plans
    }
}
