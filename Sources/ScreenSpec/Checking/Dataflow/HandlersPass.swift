import SpecRuntime

/// The handlers pass: each of `handlers:` sets state or input properties when its event fires;
/// its product is their plans.
struct HandlersPass: CheckPass {
    let spec: Spec
    var cx = CheckContext()

    init(spec: Spec) {
        self.spec = spec
    }

    mutating func run() -> [HandlerPlan] {
        var handlers: [HandlerPlan] = []
        for handler in spec.handlers where !cx.poisoned.contains(handler.on.value) {
            guard let on = cx.symbols[handler.on.value] else {
                cx.unknownEvent(handler.on, what: "event", candidates: Array(cx.symbols.keys))
                continue
            }
            var plan = HandlerPlan(on: on.node, targets: [], values: [])
            plan.written = handler.range
            var checker = cx.expressionChecker(payload: (handler.on.value, on.type))
            if let condition = handler.condition, let typed = checker.check(condition, expecting: .bool) {
                plan.condition = .probe(ProbeSite(.guard, condition.range), typed)
            }
            for (target, value) in handler.assignments {
                guard let symbol = cx.symbols[target.value] else {
                    if cx.poisoned.contains(target.value) { continue }
                    cx.diagnostics = checker.diagnostics
                    cx.unknownName(target, what: "state", candidates: cx.symbols.filter { cx.isWritable($0.value.node) }.map(\.key))
                    checker.diagnostics = cx.diagnostics
                    continue
                }
                guard cx.isWritable(symbol.node) else {
                    checker.diagnostics.error(.notWritable, "'\(target.value)' is an \(symbol.what); a handler sets state or input properties",
                                              at: target.range)
                    continue
                }
                if cx.poisoned.contains(target.value) { continue }
                if let typed = checker.check(value, expecting: symbol.type) {
                    plan.targets.append(symbol.node)
                    plan.values.append(typed)
                    cx.edges[on.node].append(symbol.node)
                }
            }
            cx.diagnostics = checker.diagnostics
            handlers.append(plan)
        }
        warnOfHandlersInOneTransaction()
        warnOfSamplesBeforeHandlers()
        return handlers
    }
}
