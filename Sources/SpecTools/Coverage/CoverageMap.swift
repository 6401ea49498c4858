import SpecRuntime

/// The coverage items of one checked spec and, for each place the runtime reports from, the items
/// it covers. Built once per spec; every scenario's recorder shares it.
public struct CoverageMap: Sendable {
    package private(set) var items: [CoverageItem] = []
    /// The items of a probe site, in the order the probe's ways are numbered (see `ExpressionCompiler`).
    var probes: [ProbeSite: [Int]] = [:]
    /// Per node: changed (or, for a stream, emitted), seen true, seen false.
    var nodeItems: [NodeItems]
    /// Per handler: the item of its running, when the author wrote it.
    var handlerItems: [Int?]
    /// Service results and cases by where they are written (overrides of scenarios included).
    var answerItems: [SpecRange: Int] = [:]
    /// The items of each service's results and cases, by service name.
    package private(set) var serviceItems: [String: [Int]] = [:]
    /// Per `cells:` entry with row outputs, their items (see `CoverageMap+Rows.swift`).
    var rowItems: [RowItems] = []
    private var canChange: [Bool] = []
    private var listened: Set<Int> = []

    struct NodeItems: Sendable {
        var emitted: Int?
        /// Whether `emitted` means a change after start (a derived output's first value is no change).
        var afterStartOnly = false
        var isTrue: Int?
        var isFalse: Int?
        /// For an action's `errors`: a refusal while disabled, and any other error.
        var refused: Int?
        var failed: Int?
        /// For a row input's stream (`cart.increment`): the items of the row handlers it runs.
        var rowHandlers: [Int] = []
        /// For the rows of a `cells:` entry: the index of their ``RowItems``.
        var rows: Int?
        /// For the `errors` of a row's action (`settings.save.errors`, which fires with the row):
        /// the row field holding the error, which `refused` and `failed` are told apart by.
        var rowErrorField: Int?
    }

    /// The coverage items of `spec`: every branch, handler, service case and stream operator a scenario can exercise.
    public init(_ spec: CheckedSpec) {
        nodeItems = Array(repeating: NodeItems(), count: spec.nodes.count)
        handlerItems = Array(repeating: nil, count: spec.handlers.count)
        // Only what can happen is an item: a derived output over screen parameters alone never
        // changes, and a component event nothing listens to does nothing.
        var canChange = [Bool](repeating: true, count: spec.nodes.count)
        for node in spec.rank.enumerated().sorted(by: { $0.element < $1.element }).map(\.offset) {
            switch spec.nodes[node].kind {
            case .param: canChange[node] = false
            case .derived(let e): canChange[node] = e.nodeReads().contains { canChange[$0] }
            default: break
            }
        }
        var listened = Set(spec.handlers.map(\.on))
        listened.formUnion(spec.actions.compactMap(\.trigger))
        for stream in spec.streams {
            listened.insert(stream.source)
            for op in stream.operators { listened.formUnion(op.secondarySources) }
        }
        for node in spec.nodes {
            if case .derived(let e) = node.kind { listened.formUnion(e.nodeReads()) }
        }
        self.canChange = canChange
        self.listened = listened
        // An invariant is meant to hold in every state: it is checked, not covered (its being
        // false is a failure, never a gap), and neither are the branches inside it.
        let invariants = Set(spec.invariants.map(\.node))
        // A row's action's streams and its own streams have their items under `viewModels:` (CoverageMap+Rows.swift).
        let rowActionStreams = Set(spec.cells.flatMap { entry in entry.inputs.filter { $0.action != nil || $0.stream != nil }.map(\.node) })
        for (i, node) in spec.nodes.enumerated() where !invariants.contains(i) && !rowActionStreams.contains(i) {
            owner = Self.owner(of: node.name)
            addNodeItems(i, node, spec)
        }
        for (i, node) in spec.nodes.enumerated() where !invariants.contains(i) {
            owner = Self.owner(of: node.name)
            if case .derived(let e) = node.kind { addProbes(e) }
        }
        for action in spec.actions {
            owner = action.name
            for e in action.arguments { addProbes(e) }
        }
        for (h, handler) in spec.handlers.enumerated() {
            owner = Self.owner(of: spec.nodes[handler.on].name)
            event = spec.nodes[handler.on].name
            defer { event = nil }
            if let condition = handler.condition { addProbes(condition) }
            for e in handler.values { addProbes(e) }
            // A handler that sets nothing does nothing a scenario could see.
            guard let range = handler.written, !handler.values.isEmpty else { continue }
            let binding = handler.label?.hasPrefix("binding") == true
            handlerItems[h] = add(binding ? .binding : .handler,
                                  binding ? "the binding of '\(spec.nodes[handler.on].name)' is driven" : "the handler on '\(spec.nodes[handler.on].name)' runs",
                                  range)
        }
        for stream in spec.streams {
            owner = Self.owner(of: spec.nodes[stream.output].name)
            for op in stream.operators { addProbes(op) }
        }
        for c in spec.cells.indices { addRowItems(c, spec) }
        for service in spec.services { addAnswers(service) }
        for scenario in spec.scenarios { for (_, plan) in scenario.services { addAnswers(plan) } }
        owner = ""
    }

    /// The declaration items are being added for (see ``CoverageItem/declaration``).
    var owner = ""
    /// The event of the screen handler items are being added for (see ``CoverageItem/event``).
    var event: String?

    mutating func add(_ kind: CoverageItem.Kind, _ what: String, _ range: SpecRange) -> Int {
        items.append(CoverageItem(kind: kind, what: what, range: range, declaration: owner, event: event))
        return items.count - 1
    }

    /// `login.errors` belongs to `login`, `label.text (bound)` to `label`.
    static func owner(of name: String) -> String {
        String(name.prefix { $0 != "." && $0 != " " })
    }

    private mutating func addNodeItems(_ i: Int, _ node: NodeDecl, _ spec: CheckedSpec) {
        let name = node.name
        switch node.role {
        case .output where node.everyTickOf != nil:
            // The hidden interval of an output with `every:` (its output's items stand for it).
            break
        case .output:
            if node.type == .navigation {
                nodeItems[i].emitted = add(.navigation, "navigation '\(name)' is emitted", node.range)
            } else if case .derived = node.kind {
                if node.type == .bool {
                    nodeItems[i].isTrue = add(.output, "'\(name)' is true", node.range)
                    nodeItems[i].isFalse = add(.output, "'\(name)' is false", node.range)
                } else if canChange[i] {
                    nodeItems[i].emitted = add(.output, "'\(name)' changes after the screen starts", node.range)
                    nodeItems[i].afterStartOnly = true
                }
            } else if node.type == .error {
                // Every failure is handled before it gets here when each request is caught: by a
                // `catch:` after it, or by a `catchAndReturn` in its own `ops:`, or cannot fail
                // (a timer through `takeWhile`).
                if let stream = spec.streams.first(where: { $0.errors == i }), Self.catchesEveryFailure(stream.operators) {
                    return
                }
                nodeItems[i].emitted = add(.output, "'\(name)' emits (a request fails)", node.range)
            } else {
                nodeItems[i].emitted = add(.output, "'\(name)' emits", node.range)
                if node.type == .bool {
                    // After `filter: $0` no element is false (CoverageMap+FilteredBools.swift).
                    let possible = spec.streams.first { $0.output == i }.map(Self.possibleBools) ?? (canBeTrue: true, canBeFalse: true)
                    if possible.canBeTrue { nodeItems[i].isTrue = add(.output, "'\(name)' is true", node.range) }
                    if possible.canBeFalse { nodeItems[i].isFalse = add(.output, "'\(name)' is false", node.range) }
                }
            }
        case .actionElements(let a):
            // Work that never answers an element (a `CompletableAction`'s `Observable.empty()`)
            // leaves nothing to cover here; its `completions` say that it succeeded.
            guard Self.canAnswerAnElement(spec, action: a) else { break }
            nodeItems[i].emitted = add(.action, "'\(name)' emits (the work succeeds)", node.range)
        case .actionErrors(let a):
            if Self.canFail(spec, action: a) { nodeItems[i].failed = add(.action, "'\(name)' emits a failure of the work", node.range) }
            nodeItems[i].refused = add(.action, "'\(name)' emits 'notEnabled' (triggered while disabled)", node.range)
        case .actionCompletions(let a):
            // Only when the spec reads it: otherwise it is never fed (see `ActionPlan.completions`).
            if spec.actions[a].completions != nil { nodeItems[i].emitted = add(.action, "'\(name)' emits (the work completes)", node.range) }
        case .component:
            if case .stream = node.kind, listened.contains(i) { nodeItems[i].emitted = add(.event, "component event '\(name)' fires", node.range) }
        case .input, .state, .param, .actionEnabled, .actionExecuting, .actionWork:
            break
        }
    }

    /// Whether action `a`'s work can give an element: its service's answer, or, for work that is
    /// a stream, an inner stream that can (`empty` and `never` alone cannot).
    static func canAnswerAnElement(_ spec: CheckedSpec, action a: Int) -> Bool {
        guard let request = workRequest(spec, a) else { return canAnswerAnElement(spec, service: spec.actions[a].service) }
        return canAnswerAnElement(spec, request: request)
    }

    /// Whether the work `request` can give an element (a screen action's or a row's).
    static func canAnswerAnElement(_ spec: CheckedSpec, request: RequestPlan) -> Bool {
        guard request.inner.isEmpty, request.choice == nil else { return true }
        switch request.source {
        case .empty, .never: return false
        case .call: return canAnswerAnElement(spec, service: request.call.service)
        default: return true
        }
    }

    /// Whether action `a`'s work can fail: a call (a service may fail, a scenario may make it),
    /// work that is a stream from a call or `error:`, a choice (any of its branches), or operators that
    /// fail of their own (`timeout`, an expression calling `fail(…)`); `just:`, `empty`, `never`
    /// and timers (but one whose period is computed per element) through other operators cannot.
    static func canFail(_ spec: CheckedSpec, action a: Int) -> Bool {
        guard let request = workRequest(spec, a) else { return true }
        return canFail(request)
    }

    /// Whether a request's inner stream can fail, by the rule ``canFail(_:action:)`` gives: a
    /// call, `error:`, a timer whose period is computed per element (0 fails it), or inner
    /// operators that fail of their own, in any branch of a choice (or a condition of a choice
    /// that fails). Another timer, `just:`, `empty` or `never` through
    /// `takeWhile`, `map` or `scan` over expressions that cannot fail cannot.
    static func canFail(_ request: RequestPlan) -> Bool {
        if request.choice?.tests.contains(where: { $0.condition.raises }) == true { return true }
        return (0..<request.branchCount).contains { canFail(request, branch: $0) }
    }

    /// Whether the inner stream of branch `b` (0 without a choice) can fail: its source, or the
    /// operators it runs, its own and the request's.
    static func canFail(_ request: RequestPlan, branch b: Int) -> Bool {
        switch request.branch(b).source {
        case .call, .error: return true
        // A period computed per element fails its timer when it is not above 0 ms.
        case .timer(let t) where t.computed?.period != nil: return true
        default: break
        }
        return request.innerOperators(ofBranch: b).contains { op in
            // A nested request (a fetch in an `interval`'s `ops:`) fails the inner stream with
            // what it does not catch itself.
            op.name == "timeout" || op.arguments.expressions.contains { $0.raises } || (op.arguments.request != nil && !catchesEveryFailure([op]))
        }
    }

    private static func workRequest(_ spec: CheckedSpec, _ a: Int) -> RequestPlan? {
        spec.actions[a].work?.request(in: spec.streams)
    }

    /// Whether some answer of the service, as declared or as a scenario replaces it, has an element.
    static func canAnswerAnElement(_ spec: CheckedSpec, service: Int) -> Bool {
        guard spec.services.indices.contains(service) else { return true }
        let plans = [spec.services[service]] + spec.scenarios.flatMap { $0.services.filter { $0.index == service }.map(\.plan) }
        return plans.contains { plan in
            (plan.results + plan.cases.map(\.result)).contains { result in
                switch result.outcome {
                case .success: return true
                case .failure: return false
                case .sequence(let events): return events.contains { if case .next = $0.event { return true } else { return false } }
                }
            }
        }
    }

    private mutating func addAnswers(_ service: ServicePlan) {
        owner = service.name
        for c in service.cases {
            guard let range = c.range, answerItems[range] == nil else { continue }
            let when = c.when.map { "\($0.name): \(ValueFormatter.text($0.value))" }.joined(separator: ", ")
            answerItems[range] = add(.service, "'\(service.name)' answers the case when \(when)", range)
            serviceItems[service.name, default: []].append(answerItems[range]!)
        }
        for (k, r) in service.results.enumerated() {
            guard let range = r.range, answerItems[range] == nil else { continue }
            let what: String
            switch r.outcome {
            case .failure(let e): what = "'\(service.name)' fails with \(ValueFormatter.text(.error(e)))"
            case .sequence: what = "'\(service.name)' answers its sequence" + (service.results.count == 1 ? "" : " (result \(k + 1) of \(service.results.count))")
            case .success: what = service.results.count == 1 ? "'\(service.name)' answers" : "'\(service.name)' gives result \(k + 1) of \(service.results.count)"
            }
            answerItems[range] = add(.service, what, range)
            serviceItems[service.name, default: []].append(answerItems[range]!)
        }
    }

    /// Whether no request's failure can reach the end of `operators`: each request that can fail
    /// (``canFail(_:)``) has a `catch` after it or inside its own `ops:`.
    static func catchesEveryFailure(_ operators: [OperatorPlan]) -> Bool {
        // `catch: EXPR` and `catchAndReturn` catch; `catch: { stream: other }` follows another
        // stream, whose failures may still reach the end.
        func isCatch(_ op: OperatorPlan) -> Bool {
            OperatorCatalog.entry(named: op.name)?.typing == .recovers && !op.arguments.expressions.isEmpty
        }
        return operators.indices.allSatisfy { k in
            guard let request = operators[k].arguments.request, canFail(request) else { return true }
            if operators[(k + 1)...].contains(where: isCatch) { return true }
            // Inside the request: each branch of a choice that can fail, through its own operators and the request's.
            return request.choice?.tests.contains(where: { $0.condition.raises }) != true && (0..<request.branchCount).allSatisfy { b in
                !canFail(request, branch: b) || request.innerOperators(ofBranch: b).contains(where: isCatch)
            }
        }
    }

    mutating func addProbes(_ op: OperatorPlan) {
        for e in op.arguments.expressions { addProbes(e) }
        if let request = op.arguments.request {
            for e in request.call.arguments { addProbes(e) }
            if let choice = request.choice {
                for test in choice.tests { addProbes(test.condition) }
                for branch in choice.branches { for e in branch.call.arguments { addProbes(e) } }
            }
            for inner in request.inner { addProbes(inner) }
        }
    }

    /// Adds the items of every probe inside `expr`, each site once.
    mutating func addProbes(_ expr: TypedExpr) {
        expr.visit { site in
            guard probes[site] == nil else { return }
            let ids: [Int]
            switch site.kind {
            case .ternary:
                ids = [add(.branch, "the 'then' branch of '? :' is taken", site.range), add(.branch, "the 'else' branch of '? :' is taken", site.range)]
            case .and:
                ids = [add(.branch, "the left side of '&&' decides (is false)", site.range), add(.branch, "the right side of '&&' decides", site.range)]
            case .or:
                ids = [add(.branch, "the left side of '||' decides (is true)", site.range), add(.branch, "the right side of '||' decides", site.range)]
            case .coalesce:
                ids = [add(.branch, "the fallback of '??' is used", site.range)]
            case .tableRow(let key):
                ids = [add(.branch, "table row '\(key)' is looked up", site.range)]
            case .tableDefault:
                ids = [add(.branch, "the table's 'default:' is used", site.range)]
            case .guard:
                ids = [add(.branch, "the handler's 'if:' is true (it runs)", site.range),
                       add(.branch, "the handler's 'if:' is false (it does nothing)", site.range)]
            case .choice:
                ids = [add(.branch, "the choice's 'if:' is true (its 'then:' is taken)", site.range),
                       add(.branch, "the choice's 'if:' is false (its 'else:' is taken)", site.range)]
            }
            probes[site] = ids
        }
    }
}

extension TypedExpr {
    /// Calls `probe` for each probe site inside, outermost first.
    func visit(_ probe: (ProbeSite) -> Void) {
        switch self {
        case .probe(let site, let e): probe(site); e.visit(probe)
        case .constant, .node, .eventPayload, .closureArgument, .outerClosureArgument, .operatorArgument: break
        case .not(let e), .negate(let e, _), .member(let e, _, _): e.visit(probe)
        case .arithmetic(_, _, let a, let b), .concatenate(let a, let b, _), .equal(let a, let b, _), .order(_, let a, let b),
             .and(let a, let b), .or(let a, let b), .coalesce(let a, let b):
            a.visit(probe); b.visit(probe)
        case .conditional(let c, let a, let b): c.visit(probe); a.visit(probe); b.visit(probe)
        case .call(_, let args), .list(let args), .makeRecord(_, _, let args), .makeNavigation(_, _, let args):
            for a in args { a.visit(probe) }
        case .closureCall(_, let list, let body): list.visit(probe); body.visit(probe)
        case .interpolation(let parts): for case .value(let e) in parts { e.visit(probe) }
        }
    }
}
