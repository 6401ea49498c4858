import SpecRuntime

/// Actions: their triggers, `enabledIf:` conditions, work and the inputs they carry.
extension Checker {
    /// Triggers, conditions and arguments may name any declaration, including later actions.
    mutating func checkActions() {
        for action in spec.actions {
            guard let plan = actions.firstIndex(where: { $0.name == action.name.value }) else { continue }
            checkAction(action, into: plan)
        }
    }

    private mutating func checkAction(_ action: ActionDecl, into index: Int) {
        var plan = actions[index]
        var payload: (name: String, type: SpecType)?
        if let trigger = action.trigger {
            if let symbol = symbols[trigger.value] {
                if symbol.hasCurrentValue {
                    diagnostics.error(.invalidTrigger, "'\(trigger.value)' is an \(symbol.what); a trigger must be an event or a stream",
                                      at: trigger.range, notes: [DiagnosticNote("declare an input as 'name: event' for a tap")])
                } else if symbol.node == plan.elements || symbol.node == plan.errors || symbol.node == plan.completions {
                    diagnostics.error(.cycle, "action '\(action.name.value)' cannot be triggered by its own results", at: trigger.range)
                } else if poisoned.contains(trigger.value) {
                    // Its type is unknown: 'with:' reading it stays quiet (the name is poisoned).
                } else {
                    plan.trigger = symbol.node
                    payload = (trigger.value, symbol.type)
                    edges[symbol.node].append(plan.executing)
                    edges[symbol.node].append(plan.errors)
                    checkTriggerInput(action, trigger, carries: symbol.type, plan: &plan)
                }
            } else if !poisoned.contains(trigger.value) {
                unknownName(trigger, what: "trigger", candidates: symbols.filter { !$0.value.hasCurrentValue }.map(\.key))
            }
        }
        // An unknown trigger was reported once; 'with:' reading its value stays quiet.
        let unknownTrigger = action.trigger.flatMap { symbols[$0.value] == nil ? $0.value : nil }
        var checker = expressionChecker()
        let condition = action.enabledIf.flatMap { checker.check($0, expecting: .bool) } ?? .constant(.bool(true))
        let reads = checker.reads
        diagnostics = checker.diagnostics
        nodes[plan.enabled].kind = .derived(.and(condition, .not(.node(plan.executing))))
        for read in reads { edges[read].append(plan.enabled) }
        edges[plan.executing].append(plan.enabled)

        if let serviceIndex = serviceIndex[action.work.service.value] {
            plan.service = serviceIndex
        } else if !spec.services.contains(where: { $0.name.value == action.work.service.value }) && !poisoned.contains(action.work.service.value) {
            unknownName(action.work.service, what: "service", candidates: spec.services.map(\.name.value))
        }
        var arguments = expressionChecker(payload: payload)
        if let unknownTrigger { arguments.poisoned.insert(unknownTrigger) }
        arguments.actionInput = (action.name.value, plan.input, payload)
        arguments.inputUnresolved = unresolvedInputs.contains(action.name.value)
        let call = checkCall(action.work.service, action.work.arguments, at: action.work.range, with: &arguments)
        plan.argumentNames = call.names
        plan.arguments = call.values
        diagnostics = arguments.diagnostics
        actions[index] = plan
    }

    /// `Action<Input, Element>`: with `input:` the trigger must carry that type. Without it (or with
    /// `input: Void`) the action takes no input and the trigger's value is read by its name only,
    /// so `send: action` executes it without a value, as a `CocoaAction`.
    private mutating func checkTriggerInput(_ action: ActionDecl, _ trigger: Located<String>, carries type: SpecType, plan: inout ActionPlan) {
        guard let declared = action.input, plan.input != .void, !plan.input.accepts(type) else { return }
        if type == .void {
            diagnostics.error(.typeMismatch, "action '\(action.name.value)' takes an input of type '\(plan.input)', but its trigger '\(trigger.value)' is an event and carries no value",
                              at: trigger.range, notes: [DiagnosticNote("the input is declared here", at: declared.range)],
                              fixIt: "trigger it with a value stream such as 'row: \(plan.input)', or remove 'input:'")
        } else {
            diagnostics.error(.typeMismatch, "action '\(action.name.value)' takes an input of type '\(plan.input)', but its trigger '\(trigger.value)' carries '\(type)'",
                              at: trigger.range, notes: [DiagnosticNote("the input is declared here", at: declared.range)])
        }
    }
}
