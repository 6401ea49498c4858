import SpecRuntime

extension DataflowPass {
    /// A request's inner streams, typed: the `then:` one (or the only one) as ``checkInnerSource``
    /// gives it, the element type of the request's inner stream, and a choice's condition and
    /// `else:` inner stream. A choice's two inner streams carry one type: a `just:` is read as the
    /// other's, and `empty`, `never` and `error:` (no element) take the other's.
    mutating func checkInnerStreams(_ request: RequestDecl, with checker: inout ExpressionChecker)
        -> (call: ServiceCall, element: SpecType, source: InnerSourcePlan, choice: InnerChoicePlan?)? {
        guard let choice = request.choice else {
            guard let one = checkInnerSource(request, with: &checker) else { return nil }
            return (one.call, one.element, one.source, nil)
        }
        let other = RequestDecl(service: choice.otherwise.service, arguments: choice.otherwise.arguments, range: choice.otherwise.range,
                                source: choice.otherwise.source)
        let condition = checker.check(choice.condition, expecting: .bool)
        cx.diagnostics = checker.diagnostics
        // A `just:` of one branch is read as the type the other declares (`just: '[]'` beside a
        // search's `[Repo]`); with two `just:`, the `else:` one as the `then:` one's.
        let first = checkInnerSource(request, expecting: declaredType(other), with: &checker)
        let second = checkInnerSource(other, expecting: declaredType(request) ?? first.flatMap { gives(request) ? $0.element : nil }, with: &checker)
        guard let condition, let first, let second else { return nil }
        let element: SpecType
        switch (gives(request), gives(other)) {
        case (true, true):
            guard first.element.accepts(second.element) || second.element.accepts(first.element) else {
                cx.diagnostics.error(.typeMismatch, "'then:' carries '\(first.element)' and 'else:' carries '\(second.element)': the inner streams "
                                     + "of a choice carry one type", at: choice.otherwise.range,
                                     fixIt: "make 'else:' carry '\(first.element)' too, or choose with a 'map' after the request")
                return nil
            }
            element = first.element.accepts(second.element) ? first.element : second.element
        case (true, false): element = first.element
        case (false, true): element = second.element
        case (false, false): element = .void
        }
        return (first.call, element, first.source,
                InnerChoicePlan(condition: condition, otherwise: second.call, otherwiseSource: second.source))
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
    /// one expression of `just:` and `error:`, computed per element as a call's arguments are),
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
            return (ServiceCall(service: -1, argumentNames: [], arguments: []), .int,
                    .timer(TimerPlan(dueTime: t.dueTime.value, period: t.period?.value)))
        }
    }
}
