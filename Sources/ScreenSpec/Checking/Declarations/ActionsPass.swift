import SpecRuntime

/// The actions pass: each action's trigger, `enabledIf:` condition, work and the input it
/// carries, checked against every declaration (including later actions); its product is the
/// actions' plans, complete.
struct ActionsPass: CheckPass {
    let spec: Spec
    /// The actions as declared, the services they call and the inputs that failed.
    let declarations: Declarations
    var cx = CheckContext()
    /// The streams typed by the dataflow pass, with the pipelines of work written as a stream.
    let dataflow: Dataflow
    private var actions: [ActionPlan]

    init(spec: Spec, declarations: Declarations, dataflow: Dataflow) {
        self.spec = spec
        self.declarations = declarations
        self.dataflow = dataflow
        actions = declarations.actions
    }

    mutating func run() -> [ActionPlan] {
        for action in spec.actions {
            guard let plan = actions.firstIndex(where: { $0.name == action.name.value }) else { continue }
            checkAction(action, into: plan)
        }
        return actions
    }

    private mutating func checkAction(_ action: ActionDecl, into index: Int) {
        var plan = actions[index]
        var payload: (name: String, type: SpecType)?
        if let trigger = action.trigger {
            if let symbol = cx.symbols[trigger.value] {
                if symbol.hasCurrentValue {
                    cx.diagnostics.error(.invalidTrigger, "'\(trigger.value)' is an \(symbol.what); a trigger must be an event or a stream",
                                      at: trigger.range, notes: [DiagnosticNote("declare an input as 'name: event' for a tap")])
                } else if symbol.node == plan.elements || symbol.node == plan.errors || symbol.node == plan.completions {
                    cx.diagnostics.error(.cycle, "action '\(action.name.value)' cannot be triggered by its own results", at: trigger.range)
                } else if cx.poisoned.contains(trigger.value) {
                    // Its type is unknown: 'with:' reading it stays quiet (the name is poisoned).
                } else {
                    plan.trigger = symbol.node
                    payload = (trigger.value, symbol.type)
                    cx.edges[symbol.node].append(plan.executing)
                    cx.edges[symbol.node].append(plan.errors)
                    checkTriggerInput(action, trigger, carries: symbol.type, plan: &plan)
                }
            } else if !cx.poisoned.contains(trigger.value) {
                cx.unknownEvent(trigger, what: "trigger", candidates: cx.symbols.filter { !$0.value.hasCurrentValue }.map(\.key))
            }
        }
        // An unknown trigger was reported once; 'with:' reading its value stays quiet.
        let unknownTrigger = action.trigger.flatMap { cx.symbols[$0.value] == nil ? $0.value : nil }
        var checker = cx.expressionChecker()
        let condition = action.enabledIf.flatMap { checker.check($0, expecting: .bool) } ?? .constant(.bool(true))
        let reads = checker.reads
        cx.diagnostics = checker.diagnostics
        cx.nodes[plan.enabled].kind = .derived(.and(condition, .not(.node(plan.executing))))
        for read in reads { cx.edges[read].append(plan.enabled) }
        cx.edges[plan.executing].append(plan.enabled)

        if action.work.request != nil {
            // Checked, and its service called, by the pipeline the dataflow pass made.
            plan.work = dataflow.actionWorks[index]
            if let request = plan.work?.request(in: dataflow.streams) {
                plan.service = request.service ?? -1
            }
            if let trigger = action.trigger, payload != nil { warnOfValuesBeforeHandlers(action, trigger) }
            actions[index] = plan
            return
        }
        if let serviceIndex = declarations.services.index[action.work.service.value] {
            plan.service = serviceIndex
        } else if !spec.services.contains(where: { $0.name.value == action.work.service.value }) && !cx.poisoned.contains(action.work.service.value) {
            cx.unknownName(action.work.service, what: "service", candidates: spec.services.map(\.name.value))
        }
        var arguments = cx.expressionChecker(payload: payload)
        if let unknownTrigger { arguments.poisoned.insert(unknownTrigger) }
        arguments.actionInput = (action.name.value, plan.input, payload)
        arguments.inputUnresolved = declarations.unresolvedInputs.contains(action.name.value)
        let call = declarations.services.checkCall(action.work.service, action.work.arguments, at: action.work.range, with: &arguments)
        plan.argumentNames = call.names
        plan.arguments = call.values
        cx.diagnostics = arguments.diagnostics
        if let trigger = action.trigger, payload != nil { warnOfValuesBeforeHandlers(action, trigger) }
        actions[index] = plan
    }

    /// `trigger: darkModeChanged` with `with: { value: darkMode }` and a handler on
    /// `darkModeChanged` setting `darkMode`: `with:` samples `darkMode` as it was before the
    /// handler's write (the feedback rule, `withLatestFrom`'s meaning), where an author most
    /// likely wants the new value. A warning at the read, the handler's write in a note.
    private mutating func warnOfValuesBeforeHandlers(_ action: ActionDecl, _ trigger: Located<String>) {
        for handler in spec.handlers where handler.on.value == trigger.value {
            for (target, value) in handler.assignments {
                // `with: { on: "!favorite" }` beside `set: { favorite: "!favorite" }` computes what
                // the handler writes, the new value: nothing to warn of (an eleventh first user's 11).
                for argument in action.work.requestArguments where argument.value.referencedNames().contains(target.value)
                    && !argument.value.isWrittenAlike(value) {
                    let direct: Bool = if case .name(trigger.value) = value.kind { true } else { false }
                    let fix = direct
                        ? "read the new value from the trigger: '\(argument.name.value): \(trigger.value)'"
                        : "compute the new value from '\(trigger.value)' in 'with:' as the handler does"
                    cx.diagnostics.append(.valueBeforeHandler(
                        "'with:'", reads: target.value, event: trigger.value, at: argument.value.range, written: target.range,
                        note: "the handler sets it in the same step; the call sees the new value from the next execution on", fix: fix))
                }
            }
        }
    }

    /// `Action<Input, Element>`: with `input:` the trigger must carry that type. Without it (or with
    /// `input: Void`) the action takes no input and the trigger's value is read by its name only,
    /// so `send: action` executes it without a value, as a `CocoaAction`.
    private mutating func checkTriggerInput(_ action: ActionDecl, _ trigger: Located<String>, carries type: SpecType, plan: inout ActionPlan) {
        guard let declared = action.input, plan.input != .void, !plan.input.accepts(type) else { return }
        if type == .void {
            cx.diagnostics.error(.typeMismatch, "action '\(action.name.value)' takes an input of type '\(plan.input)', but its trigger '\(trigger.value)' is an event and carries no value",
                              at: trigger.range, notes: [DiagnosticNote("the input is declared here", at: declared.range)],
                              fixIt: "trigger it with a value stream such as 'row: \(plan.input)', or remove 'input:'")
        } else {
            cx.diagnostics.error(.typeMismatch, "action '\(action.name.value)' takes an input of type '\(plan.input)', but its trigger '\(trigger.value)' carries '\(type)'",
                              at: trigger.range, notes: [DiagnosticNote("the input is declared here", at: declared.range)])
        }
    }
}

extension WorkDecl {
    /// The arguments the work computes when it executes: a plain call's `with:`, or those of the
    /// inner streams of work written as a stream (its `ops:` read values as they come).
    var requestArguments: [(name: Located<String>, value: Expr)] {
        guard let request else { return arguments }
        return request.arguments + (request.choice?.branches.flatMap(\.arguments) ?? [])
    }
}
