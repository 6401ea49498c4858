import SpecRuntime

/// A gesture on a component of a row (a view model's `view:`, CellsPass+View.swift), addressed
/// by the row's identity as `send:` to a row is: `tap: { cart.plusButton: { row: 2 } }` taps the
/// plus button of the row of `cart` whose identity is 2. It is the row's input that the event
/// fires, sent to that row (`sendRow`) with the ``RowGesture`` it is, so the engine plays it as
/// the same gesture on a control of the screen: ignored while the component's `enabled` is false
/// on that row. A row that is not there when it plays is a runtime error of the scenario at the
/// step.
///
/// `step:` on a row's stepper (`step: { cart.quantityStepper: { row: 2, value: 3 } }`) gives its
/// new value, checked against its bounds and whole steps as on the screen, and so do the other
/// gestures that change what a row's control shows: `toggle:` a switch, `slide:` a slider,
/// `pick:` a segmented control or picker view, `type:` into a text field.
extension StepChecker {
    /// The `cells:` entry and component of a row that `name` (`cart.plusButton`) names, if it
    /// names an entry whose view model has a `view:`.
    func rowComponent(_ name: String) -> (cells: Int, component: Int?)? {
        guard let dot = name.firstIndex(of: ".") else { return nil }
        let entry = String(name[..<dot]), member = String(name[name.index(after: dot)...])
        guard let c = cells.firstIndex(where: { $0.name == entry }), let view = cells[c].view else { return nil }
        return (c, view.firstIndex { $0.name == member })
    }

    /// The plan of gesture `verb` on component `k` of the rows of entry `c`, or nil (reported).
    mutating func rowGesture(_ verb: Located<String>, _ c: Int, _ k: Int?, _ target: Located<String>, _ node: YAMLNode?,
                             _ values: ValueReader) -> StepPlan? {
        let plan = cells[c]
        let view = plan.view ?? []
        guard let k else {
            let member = String(target.value.dropFirst(plan.name.count + 1))
            cx.diagnostics.error(.unknownName, "the row of '\(plan.name)' has no component '\(member)'"
                                 + cx.diagnostics.didYouMean(member, in: view.map(\.name)), at: target.range,
                                 notes: [DiagnosticNote("view model '\(plan.model)' has " + view.map { "'\($0.name)'" }.joined(separator: ", "))])
            return nil
        }
        let component = view[k]
        guard let entry = ComponentCatalog.entry(named: component.kind) else { return nil }
        // The property a gesture changes is the component's value property (CellsPass+RowValue.swift).
        if let property = entry.properties.first(where: { $0.verb?.name == verb.value && $0.name == component.valueProperty }) {
            return rowValueGesture(verb, c, k, property, target, node, values)
        }
        guard let event = entry.events.first(where: { $0.verb?.name == verb.value }) else {
            let verbs = entry.verbs.map(\.name)
            cx.diagnostics.error(.invalidStepTarget, "'\(target.value)' is a \(entry.name); '\(verb.value):' \(GestureVerb.named(verb.value)?.what ?? "")",
                                 at: target.range, notes: [DiagnosticNote(verbs.isEmpty ? "a \(entry.name) in a row takes no gestures"
                                                                          : "a \(entry.name) in a row takes " + verbs.map { "'\($0):'" }.joined(separator: ", "))])
            return nil
        }
        guard let e = component.events.firstIndex(where: { $0.name == event.name }), let input = component.events[e].input else {
            cx.diagnostics.error(.invalidStepTarget, "'\(event.name)' of '\(target.value)' fires none of the row's inputs, so '\(verb.value):' does nothing",
                                 at: target.range, fixIt: "wire it in view model '\(plan.model)': '\(component.name): { \(entry.name): { \(event.name): <input> } }'")
            return nil
        }
        let carries: SpecType? = if case .value(let type) = event.payload { type } else { nil }
        let address = RowAddress(verb: verb.value, target: target.value, what: "a component of a row", carries: carries)
        guard let read = readRow(c, address, target, node, values) else { return nil }
        // An input event drops the gesture's value, as `.map { _ in () }` would.
        let value = plan.inputs[input].type == .void ? Value.void : read.value
        let text = carries == nil ? "\(verb.value) \(target.value)\(rowText(c, "of", read.row))" : "\(verb.value) \(target.value)(\(read.value))\(rowText(c, "of", read.row))"
        let gesture = RowGesture(component: k, events: [e], verb: verb.value)
        return StepPlan(kind: .sendRow(cells: c, input: input, row: read.row, value: value, gesture: gesture), text: text, range: target.range)
    }

    /// `step: { cart.quantityStepper: { row: 2, value: 3 } }`, `toggle: { settings.wifiSwitch: {
    /// row: wifi, value: true } }`, `slide:`, `pick:`, `type:`: the new value of the property a
    /// row's control shows, of its type and among the values it takes (a slider's or stepper's
    /// bounds, a stepper's whole steps from its minimum, a segment that exists), as on the screen;
    /// it writes the control's two-way input and fires its `valueChanged` (or `editingChanged`)
    /// input, either of which it needs.
    private mutating func rowValueGesture(_ verb: Located<String>, _ c: Int, _ k: Int, _ property: ComponentProperty, _ target: Located<String>,
                                          _ node: YAMLNode?, _ values: ValueReader) -> StepPlan? {
        let plan = cells[c]
        let component = (plan.view ?? [])[k]
        guard let type = property.type else { return nil }
        let fired = component.events.indices.filter { e in
            component.events[e].input != nil
                && ComponentCatalog.entry(named: component.kind)?.events.first { $0.name == component.events[e].name }?.payload == .property(property.name)
        }
        guard component.twoWay != nil || !fired.isEmpty else {
            let event = ComponentCatalog.entry(named: component.kind)?.events.first { $0.payload == .property(property.name) }?.name ?? "valueChanged"
            cx.diagnostics.error(.invalidStepTarget, "'\(target.value)' writes none of the row's inputs, so '\(verb.value):' does nothing",
                                 at: target.range,
                                 fixIt: "bind it in view model '\(plan.model)': '\(property.name): { twoWay: <input>, get: ..., set: ... }', or wire '\(event): <input>'")
            return nil
        }
        guard component.property(property.name) != nil else {
            cx.diagnostics.error(.invalidStepTarget, "'\(target.value).\(property.name)' is not bound, so a row's \(component.kind) shows no value to change",
                                 at: target.range, fixIt: "bind it in view model '\(plan.model)': '\(property.name): { twoWay: <input>, get: ... }'")
            return nil
        }
        let address = RowAddress(verb: verb.value, target: target.value, what: "a component of a row", carries: type)
        guard let read = readRow(c, address, target, node, values) else { return nil }
        if let constraint = component.constraint(property.range), !constraint.allows(read.value) {
            cx.diagnostics.error(.bindingRange, "'\(target.value).\(property.name)' cannot take \(read.value); it takes \(constraint.range)", at: target.range)
            return nil
        }
        if let step = component.step, let minimum = component.minimum, case .double(let d) = read.value {
            let steps = (d - minimum) / step
            if abs(steps - steps.rounded()) > 1e-9 {
                cx.diagnostics.error(.bindingRange, "a person cannot step '\(target.value)' to \(ValueFormatter.formatDouble(d)); it goes from \(ValueFormatter.formatDouble(minimum)) in steps of \(ValueFormatter.formatDouble(step))",
                                     at: target.range)
                return nil
            }
        }
        let input = component.twoWay?.input ?? component.events[fired[0]].input ?? 0
        let gesture = RowGesture(component: k, events: fired, writes: true, verb: verb.value)
        let text = "\(verb.value) \(target.value)\(rowText(c, "of", read.row)) to \(read.value)"
        return StepPlan(kind: .sendRow(cells: c, input: input, row: read.row, value: read.value, gesture: gesture), text: text, range: target.range)
    }
}
