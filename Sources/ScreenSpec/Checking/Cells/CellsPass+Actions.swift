import SpecRuntime

/// A row's action with its fields and streams declared, waiting for its `enabledIf:` and its call,
/// checked once the row's outputs have their types (``CellsPass/checkActions(_:_:_:before:outputs:inputFields:failedOutputs:)``).
struct DeclaredRowAction {
    var decl: ActionDecl
    /// Its trigger, an input of the row, and the type of value it carries (the action's input).
    var trigger: Int
    var triggerName: String
    var input: SpecType
    var service: Int
    var executing: Int
    var enabled: Int
    var elements: Int
    var errors: Int
    var completions: Int
    /// Work written as a stream, typed (CellsPass+RowWork.swift); nil for a call.
    var work: RequestPlan?
}

/// The row actions a view model declares, and the names of those that failed (reported), whose
/// streams a handler may still name.
struct DeclaredRowActions {
    var actions: [DeclaredRowAction] = []
    var failed: Set<String> = []
}

/// A view model's `actions:` (``CellsPlan/Action``): each triggered by one of the row's own
/// inputs, calling one of the screen's services with arguments over the row's names, `$0` its
/// trigger's value, or running work written as a stream (CellsPass+RowWork.swift). Its `executing` and `enabled` are fields of the row; its `elements`, `errors`
/// and `completions` are inputs of the row that it feeds, whose latest element and error are
/// fields too, read by their own handlers as a value input is.
extension CellsPass {
    /// Declares each action's `executing` and `enabled` fields, before the outputs that read
    /// them, and its three streams (after the view model's own inputs, `ownInputs` of them).
    mutating func declareActions(_ decl: ViewModelDecl, _ model: inout CheckedViewModel, _ fields: inout [String: (field: Int, type: SpecType)],
                                 _ inputFields: inout [String: (field: Int, type: SpecType)], ownInputs: Int) -> DeclaredRowActions {
        var declared = DeclaredRowActions()
        for action in decl.actions {
            guard let pending = declareAction(action, decl, &model, &fields, &inputFields, ownInputs: ownInputs, index: declared.actions.count) else {
                declared.failed.insert(action.name.value)
                continue
            }
            declared.actions.append(pending)
        }
        return declared
    }

    private mutating func declareAction(_ action: ActionDecl, _ decl: ViewModelDecl, _ model: inout CheckedViewModel,
                                        _ fields: inout [String: (field: Int, type: SpecType)], _ inputFields: inout [String: (field: Int, type: SpecType)],
                                        ownInputs: Int, index: Int) -> DeclaredRowAction? {
        let name = action.name
        guard let triggerName = action.trigger else {
            cx.diagnostics.error(.missingKey, "the action '\(name.value)' of a row needs a 'trigger:', one of the row's inputs", at: name.range,
                                 fixIt: "write 'trigger: \(model.inputs.first?.name ?? "toggle")'")
            return nil
        }
        let own = model.inputs.prefix(ownInputs)
        guard let trigger = own.firstIndex(where: { $0.name == triggerName.value }) else {
            let what = fields[triggerName.value] != nil ? "'\(triggerName.value)' is a field of the row, not one of its inputs"
                : "'\(triggerName.value)' is not an input of view model '\(decl.name.value)'"
            cx.diagnostics.error(.invalidTrigger, "\(what); a row's action is triggered by one of the row's inputs"
                                 + cx.diagnostics.didYouMean(triggerName.value, in: own.map(\.name)),
                                 at: triggerName.range, notes: [DiagnosticNote("declare it under the view model's 'inputs:', as 'toggle: Bool'")])
            return nil
        }
        let input = model.inputs[trigger].type
        if let written = action.input, let declared = resolver.resolve(written, diagnostics: &cx.diagnostics), !declared.accepts(input) || !input.accepts(declared) {
            cx.diagnostics.error(.typeMismatch, "the action '\(name.value)' of a row takes its trigger's value, a '\(input)'; 'input:' says '\(declared)'",
                                 at: written.range, fixIt: "remove 'input:': a row's action takes the value of its trigger '\(triggerName.value)'")
            return nil
        }
        let service: Int
        let returns: SpecType
        var work: RequestPlan?
        if let request = action.work.request {
            // The row before its outputs, as `enabledIf:` reads it (the outputs may read the
            // action's elements, whose type the work gives).
            let scope = fields.filter { inputFields[$0.key] == nil }
            guard let typed = checkRowWork(request, of: action, model: model, scope: scope, trigger: (triggerName.value, model.inputs[trigger].field),
                                           input: input) else { return nil }
            work = typed.request
            returns = typed.element
            service = if case .call = typed.request.source, typed.request.choice == nil { typed.request.call.service } else { -1 }
        } else {
            guard let called = services.index[action.work.service.value] else {
                if !spec.services.contains(where: { $0.name.value == action.work.service.value }) {
                    cx.unknownName(action.work.service, what: "service", candidates: spec.services.map(\.name.value))
                }
                return nil
            }
            service = called
            returns = services.plans[called].returns
        }
        func field(_ suffix: String, _ type: SpecType, _ initial: Value) -> Int? {
            addField(Located(name.value + "." + suffix, name.range), type, initial, of: decl, to: &model, &fields)
        }
        guard let executing = field("executing", .bool, .bool(false)), let enabled = field("enabled", .bool, .bool(false)) else { return nil }
        model.actionFields.formUnion([executing, enabled])
        // The latest element and error: nil until they come, read by their own handlers.
        var elementsField: Int?
        if returns != .void {
            guard let f = field("elements", .makeOptional(returns), .none) else { return nil }
            elementsField = f
            inputFields[name.value + ".elements"] = (f, returns)
        }
        guard let errorsField = field("errors", .makeOptional(.error), .none) else { return nil }
        inputFields[name.value + ".errors"] = (errorsField, .error)
        let streams = [("elements", returns, elementsField), ("errors", SpecType.error, errorsField), ("completions", SpecType.void, nil)]
        let first = model.inputs.count
        for (k, (suffix, type, f)) in streams.enumerated() {
            model.inputs.append((name.value + "." + suffix, type, f))
            model.actionOfInput[first + k] = index
        }
        return DeclaredRowAction(decl: action, trigger: trigger, triggerName: triggerName.value, input: input, service: service,
                                 executing: executing, enabled: enabled, elements: first, errors: first + 1, completions: first + 2, work: work)
    }

    /// Each action's `enabledIf:`, over the row's element, state and its actions' `executing`
    /// (`before` the outputs: `enabled` is computed first, so that the outputs read it), and its
    /// call, whose arguments read the outputs too (`outputs`).
    mutating func checkActions(_ declared: DeclaredRowActions, _ decl: ViewModelDecl, _ model: inout CheckedViewModel,
                               before: [String: (field: Int, type: SpecType)], outputs: [String: (field: Int, type: SpecType)],
                               inputFields: [String: (field: Int, type: SpecType)], failedOutputs: Set<String>) {
        // The row as its handlers read it: no input's latest value but the trigger's.
        let conditionScope = before.filter { inputFields[$0.key] == nil }
        let scope = outputs.filter { inputFields[$0.key] == nil }
        for pending in declared.actions {
            let action = pending.decl
            var condition: TypedExpr?
            if let enabledIf = action.enabledIf, !readsOutputs(enabledIf, of: action, decl, outputs: outputs, before: before) {
                var checker = rowChecker(conditionScope)
                condition = checker.check(enabledIf, expecting: .bool)
                cx.diagnostics = checker.diagnostics
            }
            var call: (names: [String], values: [TypedExpr]) = ([], [])
            if pending.work == nil {
                var arguments = rowChecker(scope)
                arguments.poisoned = failedOutputs
                let triggerField = model.inputs[pending.trigger].field
                if let triggerField { arguments.rowFields[pending.triggerName] = (triggerField, pending.input) }
                arguments.actionInput = (action.name.value, pending.input, (pending.triggerName, pending.input))
                arguments.actionInputField = triggerField
                let checked = services.checkCall(action.work.service, action.work.arguments, at: action.work.range, with: &arguments)
                cx.diagnostics = arguments.diagnostics
                call = (checked.names, checked.values)
            }
            model.actions.append(CellsPlan.Action(
                name: action.name.value, trigger: pending.trigger, enabledIf: condition, executing: pending.executing, enabled: pending.enabled,
                elements: pending.elements, errors: pending.errors, completions: pending.completions, service: pending.service,
                argumentNames: call.names, arguments: call.values, range: action.name.range, work: pending.work))
        }
    }
}

/// A row's `enabledIf:` reads the row before its outputs: the outputs may read the action's
/// `enabled`, which `enabledIf:` computes, so an output read there would be read before it is
/// computed (a cycle). Naming one is an error that says so, with the fix.
extension CellsPass {
    /// Whether `condition` names an output of the row (reported); false when it names none.
    mutating func readsOutputs(_ condition: Expr, of action: ActionDecl, _ decl: ViewModelDecl,
                               outputs: [String: (field: Int, type: SpecType)], before: [String: (field: Int, type: SpecType)]) -> Bool {
        let read = Set(condition.referencedNames().filter { outputs[$0] != nil && before[$0] == nil })
        guard let first = decl.outputs.first(where: { read.contains($0.0.value) }) else { return false }
        let names = decl.outputs.map(\.0.value).filter(read.contains).map { "'\($0)'" }.joined(separator: ", ")
        cx.diagnostics.error(.unknownName, "the 'enabledIf:' of the row's action '\(action.name.value)' reads \(names), an output of the row; a row's 'enabledIf:' reads the row before its outputs: its element and parameters, its state and its actions' 'executing'",
                             at: condition.range,
                             notes: [DiagnosticNote("the outputs are computed after it, since they may read '\(action.name.value).enabled', which it decides"),
                                     DiagnosticNote("'\(first.0.value)' is declared here", at: first.0.range)],
                             fixIt: "write the expression of '\(first.0.value)' in 'enabledIf:' itself, or bind the view to '\(action.name.value).enabled'")
        return true
    }
}
