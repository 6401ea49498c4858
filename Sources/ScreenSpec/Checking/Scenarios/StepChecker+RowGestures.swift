import SpecRuntime

/// A gesture on a component of a row (a view model's `view:`, CellsPass+View.swift), addressed
/// by the row's identity as `send:` to a row is: `tap: { cart.plusButton: { row: 2 } }` taps the
/// plus button of the row of `cart` whose identity is 2. It is the row's input that the event
/// fires, sent to that row (`sendRow`), so every host plays it as it plays `send:` to a row, and
/// a row that is not there when it plays is a runtime error of the scenario at the step.
///
/// A gesture that changes a property of the component (`type:`, `toggle:`, `slide:` …) is not
/// played on a row yet: a row's components show the row, bound one way; its value is sent to the
/// row's input with `send:`.
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
        guard let event = entry.events.first(where: { $0.verb?.name == verb.value }) else {
            if entry.properties.contains(where: { $0.verb?.name == verb.value }) {
                cx.diagnostics.error(.invalidStepTarget, "'\(verb.value):' changes what '\(target.value)' shows, which a row's component takes from the row",
                                     at: target.range, notes: [DiagnosticNote("not played on a row yet: send the value to the row's input, as in 'send: { \(plan.name).<input>: { row: 1, value: ... } }'")])
            } else {
                let verbs = entry.events.compactMap(\.verb?.name)
                cx.diagnostics.error(.invalidStepTarget, "'\(target.value)' is a \(entry.name); '\(verb.value):' \(GestureVerb.named(verb.value)?.what ?? "")",
                                     at: target.range, notes: [DiagnosticNote(verbs.isEmpty ? "a \(entry.name) in a row takes no gestures"
                                                                              : "a \(entry.name) in a row takes " + verbs.map { "'\($0):'" }.joined(separator: ", "))])
            }
            return nil
        }
        guard let input = component.events.first(where: { $0.name == event.name })?.input else {
            cx.diagnostics.error(.invalidStepTarget, "'\(event.name)' of '\(target.value)' fires none of the row's inputs, so '\(verb.value):' does nothing",
                                 at: target.range, fixIt: "wire it in view model '\(plan.model)': '\(component.name): { \(entry.name): { \(event.name): <input> } }'")
            return nil
        }
        let carries: SpecType? = if case .value(let type) = event.payload { type } else { nil }
        let address = RowAddress(verb: verb.value, target: target.value, what: "a component of a row", carries: carries)
        guard let read = readRow(c, address, target, node, values) else { return nil }
        // An input event drops the gesture's value, as `.map { _ in () }` would.
        let value = plan.inputs[input].type == .void ? Value.void : read.value
        let text = carries == nil ? "\(verb.value) \(target.value) of row \(read.row)" : "\(verb.value) \(target.value)(\(read.value)) of row \(read.row)"
        return StepPlan(kind: .sendRow(cells: c, input: input, row: read.row, value: value), text: text, range: target.range)
    }
}
