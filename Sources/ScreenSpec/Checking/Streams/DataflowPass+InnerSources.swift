import SpecRuntime

extension DataflowPass {
    /// A request's inner streams, typed: the `then:` one (or the only one) as ``checkInnerSource``
    /// gives it, the element type that reaches the request's own `ops:`, and a choice's condition,
    /// `else:` inner stream and each branch's own `ops:` (`node` and `bound` as for any operators
    /// of the request). A choice's two inner streams carry one type after their own `ops:`: a
    /// `just:` with no `ops:` beside another with none is read as the other's, and `empty`,
    /// `never` and `error:` (no element) take the other's, their own `ops:` typed from it.
    mutating func checkInnerStreams(_ request: RequestDecl, node: Int, bound: (name: String, type: SpecType)?, with checker: inout ExpressionChecker)
        -> (call: ServiceCall, element: SpecType, source: InnerSourcePlan, choice: InnerChoicePlan?, branchOperators: [OperatorPlan])? {
        guard let choice = request.choice else {
            guard let one = checkInnerSource(request, with: &checker) else { return nil }
            return (one.call, one.element, one.source, nil, [])
        }
        let other = RequestDecl(service: choice.otherwise.service, arguments: choice.otherwise.arguments, range: choice.otherwise.range,
                                source: choice.otherwise.source)
        let (thenOps, elseOps) = (choice.thenOperators, choice.otherwise.operators)
        let condition = checker.check(choice.condition, expecting: .bool)
        cx.diagnostics = checker.diagnostics
        // A `just:` of one branch is read as the type the other declares (`just: '[]'` beside a
        // search's `[Repo]`); with two `just:`, the `else:` one as the `then:` one's. Not through
        // a branch's own `ops:`, which may change the type.
        let plain = thenOps.isEmpty && elseOps.isEmpty
        let first = checkInnerSource(request, expecting: plain ? declaredType(other) : nil, with: &checker)
        let second = checkInnerSource(other, expecting: plain ? declaredType(request) ?? first.flatMap { gives(request) ? $0.element : nil } : nil,
                                      with: &checker)
        cx.diagnostics = checker.diagnostics
        guard let condition, let first, let second else { return nil }
        // Each branch through its own `ops:`: one that gives elements from its own type, first;
        // then one that gives none from the type the other carries.
        var types: [SpecType?] = [nil, nil]
        var plans: [[OperatorPlan]] = [[], []]
        let branches = [(request, thenOps, first.element), (other, elseOps, second.element)]
        for b in [0, 1].sorted(by: { gives(branches[$0].0) && !gives(branches[$1].0) }) {
            let (decl, ops, start) = branches[b]
            guard gives(decl) || !ops.isEmpty else { continue }
            var element = gives(decl) ? start : types[1 - b] ?? start
            var innerRequest = false
            var shape: NavigationShape?
            guard let checked = checkOperators(ops, element: &element, node: node, sourceName: decl.service.value, inner: true, bound: bound,
                                               sawRequest: &innerRequest, navigationShape: &shape) else {
                checker.diagnostics = cx.diagnostics
                return nil
            }
            (types[b], plans[b]) = (element, checked)
        }
        checker.diagnostics = cx.diagnostics
        let element: SpecType
        switch (types[0], types[1]) {
        case (let a?, let b?):
            guard a.accepts(b) || b.accepts(a) else {
                func carries(_ key: String, _ t: SpecType, _ ops: [OperatorDecl]) -> String {
                    "'\(key):' carries '\(t)'" + (ops.isEmpty ? "" : " after its own 'ops:'")
                }
                cx.diagnostics.error(.typeMismatch, carries("then", a, thenOps) + " and " + carries("else", b, elseOps)
                                     + ": the inner streams of a choice carry one type", at: choice.otherwise.range,
                                     fixIt: "make 'else:' carry '\(a)' too, with a 'map' in its own 'ops:', or choose with a 'map' after the request")
                checker.diagnostics = cx.diagnostics
                return nil
            }
            element = a.accepts(b) ? a : b
        case (let a?, nil): element = a
        case (nil, let b?): element = b
        case (nil, nil): element = .void
        }
        return (first.call, element, first.source,
                InnerChoicePlan(condition: condition, otherwise: second.call, otherwiseSource: second.source,
                                thenOperators: plans[0].count, otherwiseOperators: plans[1].count),
                plans[0] + plans[1])
    }

    /// Whether the inner stream gives elements (a call, `just:`, a timer), so its type counts.
    private func gives(_ request: RequestDecl) -> Bool {
        switch request.source {
        case .call, .just, .timer: return true
        case .empty, .never, .error: return false
        }
    }

    /// The element type an inner stream declares by itself: a call's `returns`, a timer's `Int`.
    private func declaredType(_ request: RequestDecl) -> SpecType? {
        switch request.source {
        case .call: return declarations.services.index[request.service.value].map { declarations.services.plans[$0].returns }
        case .timer: return .int
        case .just, .empty, .never, .error: return nil
        }
    }

    /// The inner stream a request subscribes to per element, typed: its call (a service's, or the
    /// one expression of `just:` and `error:`, or a timer's computed times, computed per element as
    /// a call's arguments are),
    /// the element type it answers before the request's own `ops:`, and its source. `checker`
    /// reads `$0` (and the `as:` name) as the outer element; its diagnostics go to `cx`.
    mutating func checkInnerSource(_ request: RequestDecl, expecting: SpecType? = nil, with checker: inout ExpressionChecker)
        -> (call: ServiceCall, element: SpecType, source: InnerSourcePlan)? {
        defer { cx.diagnostics = checker.diagnostics }
        let named = request.arguments.first
        switch request.source {
        case .call:
            let call = declarations.services.checkCall(request.service, request.arguments, at: request.range, with: &checker)
            // Arguments are sampled when an element arrives, as an action's `with:`: no rank
            // edges, so a handler may write from the answers state the next request reads (paging).
            guard let service = declarations.services.index[request.service.value] else {
                if !spec.services.contains(where: { $0.name.value == request.service.value }) && !cx.poisoned.contains(request.service.value) {
                    checker.diagnostics.error(.unknownName, "unknown service '\(request.service.value)'"
                                              + checker.diagnostics.didYouMean(request.service.value, in: spec.services.map(\.name.value)),
                                              at: request.service.range)
                }
                return nil
            }
            return (ServiceCall(service: service, argumentNames: call.names, arguments: call.values), declarations.services.plans[service].returns, .call)
        case .just:
            guard let named, var typed = checker.infer(named.value, expected: expecting) else { return nil }
            if let expecting, !expecting.accepts(typed.type) {
                guard expecting == .double, typed.type == .int else {
                    checker.diagnostics.error(.typeMismatch, "this 'just:' carries '\(typed.type)' where the other inner stream of the choice "
                                              + "carries '\(expecting)'", at: named.value.range, fixIt: "give a '\(expecting)' here")
                    return nil
                }
                typed = (.call(.intToDouble, [typed.expr]), .double)
            }
            return (ServiceCall(service: -1, argumentNames: ["just"], arguments: [typed.expr]), typed.type, .just)
        case .error:
            guard let named, let typed = checker.check(named.value, expecting: .error) else { return nil }
            return (ServiceCall(service: -1, argumentNames: ["error"], arguments: [typed]), .void, .error)
        case .empty:
            return (ServiceCall(service: -1, argumentNames: [], arguments: []), .void, .empty)
        case .never:
            return (ServiceCall(service: -1, argumentNames: [], arguments: []), .void, .never)
        case .timer(let t):
            // A time computed per element is an `Int` of its unit, as RxSwift's `.seconds(_:)` takes.
            var times: [TypedExpr] = []
            for (name, e) in request.arguments {
                guard let typed = checker.infer(e, expected: .int) else { return nil }
                guard typed.type == .int else {
                    checker.diagnostics.error(.typeMismatch, "'\(name.value):' of '\(request.service.value)' is a whole number of \(name.value), "
                                              + "an 'Int', as RxSwift's '.\(name.value)(_:)' takes; found '\(typed.type)'", at: e.range,
                                              fixIt: typed.type == .double
                                                  ? "make it an 'Int' with 'Int(…)'" + (name.value == "seconds" ? ", or write 'milliseconds: Int(… * 1000)'" : "")
                                                  : "give an 'Int' here")
                    return nil
                }
                times.append(typed.expr)
            }
            return (ServiceCall(service: -1, argumentNames: request.arguments.map(\.name.value), arguments: times), .int,
                    .timer(TimerPlan(dueTime: t.dueTime.value, period: t.period?.value, computed: t.computed)))
        }
    }
}
