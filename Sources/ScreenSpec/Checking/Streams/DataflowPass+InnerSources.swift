import SpecRuntime

extension DataflowPass {
    /// The inner stream a request subscribes to per element, typed: its call (a service's, or the
    /// one expression of `just:` and `error:`, computed per element as a call's arguments are),
    /// the element type it answers before the request's own `ops:`, and its source. `checker`
    /// reads `$0` (and the `as:` name) as the outer element; its diagnostics go to `cx`.
    mutating func checkInnerSource(_ request: RequestDecl, with checker: inout ExpressionChecker)
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
            guard let named, let typed = checker.infer(named.value) else { return nil }
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
