import SpecRuntime

/// `send:` to a row's action executes it directly on that row, as `send: save` executes a
/// screen's action and RxSwift's `cellViewModel.save.execute(true)` does from code: `send: {
/// settings.save: { row: wifi, value: true } }`, or `send: { list.reload: { row: 2 } }` for an
/// action whose trigger is an event. The value is the action's input, of its trigger's type; the
/// trigger does not fire (its handlers do not run), and a row executing or whose `enabledIf:` is
/// false refuses with `notEnabled` on its `errors` (ScreenGraph+RowExecute.swift).
extension StepChecker {
    /// The `cells:` entry and action that `name` (`settings.save`) names, if it names one.
    func rowAction(_ name: String) -> (cells: Int, action: Int)? {
        for (c, plan) in cells.enumerated() where name.hasPrefix(plan.name + ".") {
            if let a = plan.actions?.firstIndex(where: { plan.name + "." + $0.name == name }) { return (c, a) }
        }
        return nil
    }

    /// The plan of `send:` executing action `a` of entry `c` on a row, or nil (reported).
    mutating func executeRowStep(_ c: Int, _ a: Int, _ target: Located<String>, _ node: YAMLNode?, _ values: ValueReader) -> StepPlan? {
        let plan = cells[c]
        guard let action = plan.actions?[a], plan.inputs.indices.contains(action.trigger) else { return nil }
        let input = plan.inputs[action.trigger].type
        var address = RowAddress(verb: "send", target: target.value, what: "the action of a row", carries: input == .void ? nil : input)
        address.takesNone = "takes no input: its trigger '\(plan.inputs[action.trigger].name)' is an event"
        guard let read = readRow(c, address, target, node, values) else { return nil }
        let text = input == .void ? "send \(target.value)\(rowText(c, "to", read.row))" : "send \(target.value) = \(read.value)\(rowText(c, "to", read.row))"
        return StepPlan(kind: .executeRow(cells: c, action: a, row: read.row, value: read.value), text: text, range: target.range)
    }
}
