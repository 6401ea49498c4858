import SpecRuntime

/// A view model's `view:`: the components of its row (a cell's outlets), as seed 004's
/// `EventCell` binds its labels to its `EventCellViewModel`. Each component is a kind of the
/// screen's catalogue; its properties are bound one way to expressions over the row's names, and
/// its events fire the row's inputs, so a scenario's gesture on a row (`tap: { cart.plusButton:
/// { row: 2 } }`) is the row's input sent to that row (StepChecker+RowGestures.swift).
///
/// A control's `enabled:` is an expression over the row, as a screen control's is over the
/// screen: a gesture on a row whose control is disabled is ignored. The property a person's
/// gesture changes (a stepper's or slider's `value:`, a switch's `isOn:`, a segmented control's
/// `selectedIndex:`, a text field's `text:`) is bound one way or two-way to one of the row's
/// value inputs (`value: { twoWay: quantity, get: Double(units), set: Int(quantityStepper.value)
/// }`, CellsPass+RowStepper.swift), within the values the control takes
/// (CellsPass+RowValue.swift).
///
/// A property a kind limits to a fixed range (a progress view's `progress`, an `alpha:`) is
/// bound as any other: a literal outside it is an error of the spec, a computed value outside it
/// a runtime error of the scenario (``CellsPlan/Output/constraint``). Every bound property is
/// also a field of the row (CellsPass+ViewFields.swift).
///
/// What a row's component does not take yet is a located error: a list inside a row (a table),
/// declared members (`properties:`, `callbacks:`), an action (a row has none), a two-way binding
/// of another property than the one a gesture changes, and an event feeding more than one input.
extension CellsPass {
    mutating func checkView(_ decl: ViewModelDecl, inputs: [(name: String, type: SpecType, field: Int?)], properties: Set<String>,
                            scope: [String: (field: Int, type: SpecType)], fieldCount: Int, failedOutputs: Set<String>) -> [CellsPlan.Component]? {
        guard !decl.view.isEmpty else { return nil }
        let values = ValueReader(table: cx.table)
        var components: [CellsPlan.Component] = []
        var seen: [String: SpecRange] = [:]
        for component in decl.view {
            let kind = component.kind.value
            if let first = seen[component.name.value] {
                cx.diagnostics.error(.duplicateName, "component '\(component.name.value)' is declared twice in the row of '\(decl.name.value)'",
                                     at: component.name.range, notes: [DiagnosticNote("first declared here", at: first)])
                continue
            }
            seen[component.name.value] = component.name.range
            if let refusal = Self.refusal(component) {
                cx.diagnostics.error(.invalidComponent, "\(kind.title) '\(component.name.value)' is in a row: \(refusal.message)",
                                     at: refusal.range, fixIt: refusal.fix)
                continue
            }
            var plan = CellsPlan.Component(name: component.name.value, kind: kind.name, properties: [], events: [])
            // The property a person's gesture changes (CellsPass+RowValue.swift).
            let changed = Self.changedProperty(kind)
            if let changed, !valueControl(component, changed, scope: RowScope(fields: scope, failedOutputs: failedOutputs), into: &plan) { continue }
            for wiring in component.properties {
                guard let property = kind.properties.first(where: { $0.name == wiring.name.value }), let type = property.type else { continue }
                if property.name == changed?.name {
                    if let name = wiring.twoWay {
                        plan.twoWay = twoWay(wiring, name, of: component, type: type, inputs: inputs, properties: properties, scope: scope, fieldCount: fieldCount,
                                             failedOutputs: failedOutputs, into: &plan)
                        continue
                    }
                } else if wiring.twoWay != nil {
                    let example = Self.exampleName(of: decl, scope, type: type)
                    cx.diagnostics.error(.invalidTwoWay, "'\(component.name.value).\(wiring.name.value)' is in a row, whose components bind two-way only the value a person changes: a row's inputs are fed by its events",
                                         at: wiring.range, fixIt: "bind it one way to a name of the row, '\(wiring.name.value): \(example)', and feed an input from an event")
                    continue
                }
                // A range a row binds is fixed (a progress view's `progress`, an `alpha:`); the
                // others belong to the value a person changes, checked above.
                var constraint: ValueConstraint?
                switch property.range {
                case .fixed(let minimum, let maximum)? where property.name != changed?.name:
                    constraint = ValueConstraint(minimum: minimum, maximum: maximum, integral: false)
                case .some where property.name != changed?.name:
                    let example = Self.exampleName(of: decl, scope, type: nil)
                    cx.diagnostics.error(.bindingRange, "'\(component.name.value).\(wiring.name.value)' takes a range of values set by another property, which a row does not bind yet",
                                         at: wiring.name.range, fixIt: "show the value with a label: '{ label: { text: '\"\\(\(example))\"' } }'")
                    continue
                default:
                    break
                }
                if let expr = wiring.value {
                    var checker = ExpressionChecker(symbols: [:], table: cx.table, diagnostics: cx.diagnostics)
                    checker.functions = cx.functions
                    checker.rowFields = scope
                    checker.screenNames = Set(cx.symbols.keys)
                    checker.poisoned = failedOutputs
                    let typed = checker.check(expr, expecting: type)
                    cx.diagnostics = checker.diagnostics
                    guard let typed else { continue }
                    if case .constant(let value) = typed, let constraint, !constraint.allows(value) {
                        cx.rangeError(value, "\(component.name.value).\(wiring.name.value)", constraint, at: expr.range)
                        continue
                    }
                    plan.properties.append(.init(name: wiring.name.value, value: typed))
                } else if let initial = wiring.initial, let value = values.read(initial, as: type, diagnostics: &cx.diagnostics) {
                    if let constraint, !constraint.allows(value) {
                        cx.rangeError(value, "\(component.name.value).\(wiring.name.value)", constraint, at: wiring.name.range)
                        continue
                    }
                    plan.properties.append(.init(name: wiring.name.value, value: .constant(value)))
                }
            }
            for event in kind.events {
                let wiring = component.events.first { $0.name.value == event.name }
                plan.events.append(.init(name: event.name, input: wiring.flatMap { route($0, event, of: component, decl, inputs) }))
            }
            components.append(plan)
        }
        return components
    }

    /// The row input an event of a row's component fires, nil when it fires none (reported).
    private mutating func route(_ wiring: EventWiring, _ event: ComponentEvent, of component: ComponentDecl, _ decl: ViewModelDecl,
                                _ inputs: [(name: String, type: SpecType, field: Int?)]) -> Int? {
        guard let target = wiring.targets.first else { return nil }
        if wiring.targets.count > 1 {
            cx.diagnostics.error(.invalidEventTarget, "'\(component.name.value).\(event.name)' is in a row and fires one of the row's inputs, not several",
                                 at: wiring.targets[1].range, fixIt: "handle the one input in the row's 'handlers:'")
            return nil
        }
        guard let k = inputs.firstIndex(where: { $0.name == target.value }) else {
            cx.diagnostics.error(.invalidEventTarget, "unknown input '\(target.value)' of view model '\(decl.name.value)'"
                                 + cx.diagnostics.didYouMean(target.value, in: inputs.map(\.name)),
                                 at: target.range, notes: [DiagnosticNote("an event in a row fires one of the row's inputs")])
            return nil
        }
        let payload: SpecType
        switch event.payload {
        case .void: payload = .void
        case .value(let type): payload = type
        case .property(let p): payload = component.kind.value.properties.first { $0.name == p }?.type ?? .void
        case .row, .rowIndex, .rowMove: return nil  // a list in a row is refused before
        }
        let input = inputs[k]
        guard input.type == .void || input.type.accepts(payload) else {
            let carries = payload == .void ? "carries no value" : "carries '\(payload)'"
            cx.diagnostics.error(.typeMismatch, "input '\(target.value)' of '\(decl.name.value)' takes '\(input.type)', but '\(event.name)' \(carries)",
                                 at: target.range)
            return nil
        }
        return k
    }

    /// Why `component` cannot be in a row yet, with where and the way out; nil when it can.
    private static func refusal(_ component: ComponentDecl) -> (message: String, range: SpecRange, fix: String)? {
        let kind = component.kind.value
        if kind.rowsProperty != nil {
            return ("a list inside a row is not supported yet", component.kind.range, "show the list's count or first element with a label")
        }
        if let first = component.declaredProperties.first {
            return ("a row's component declares no members yet", first.name.range, "use a kind of the catalogue, such as a label or a button")
        }
        if let first = component.callbacks.first {
            return ("a row's component declares no callbacks yet", first.name.range, "use a kind of the catalogue, such as a button")
        }
        if let action = component.action {
            return ("a row has no actions; its button's 'tap:' fires one of the row's inputs", action.range, "write 'tap: increment' with 'increment' an input of the row")
        }
        return nil
    }
}
