import SpecRuntime

extension DataflowPass {
    /// A request's inner streams, typed: the first (or the only one) as ``checkInnerSource``
    /// gives it, the element type that reaches the request's own `ops:`, and a choice's
    /// conditions, other inner streams and each branch's own `ops:` (``checkInnerChoice``).
    mutating func checkInnerStreams(_ request: RequestDecl, node: Int, bound: (name: String, type: SpecType)?, with checker: inout ExpressionChecker)
        -> (call: ServiceCall, element: SpecType, source: InnerSourcePlan, choice: InnerChoicePlan?, branchOperators: [OperatorPlan])? {
        guard let choice = request.choice else {
            guard let one = checkInnerSource(request, with: &checker) else { return nil }
            return (one.call, one.element, one.source, nil, [])
        }
        return checkInnerChoice(request, choice, node: node, bound: bound, with: &checker)
    }

    /// Whether the inner stream gives elements (a call, `just:`, a timer), so its type counts.
    func gives(_ request: RequestDecl) -> Bool {
        switch request.source {
        case .call, .just, .timer: return true
        case .empty, .never, .error: return false
        }
    }

    /// The element type an inner stream declares by itself: a call's `returns`, a timer's `Int`.
    func declaredType(_ request: RequestDecl) -> SpecType? {
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
