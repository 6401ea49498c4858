import SpecRuntime

/// `send:` to a row's input: `send: { cart.remove: { row: 2 } }` fires input `remove` of the row
/// of `cart` whose identity is 2, `send: { cart.quantity: { row: 2, value: 3 } }` one that carries
/// a value. The row is looked up when the step plays: a row that is not there then is a runtime
/// error of the scenario.
extension StepChecker {
    /// The `cells:` entry and input that `name` (`cart.remove`) fires, if it names one.
    func rowInput(_ name: String) -> (cells: Int, input: Int)? {
        for (c, plan) in cells.enumerated() where name.hasPrefix(plan.name + ".") {
            if let k = plan.inputs.firstIndex(where: { plan.name + "." + $0.name == name }) { return (c, k) }
        }
        return nil
    }

    /// Whether `name` (`cart.remove`) would be an input of `cells:` entry whose declaration failed
    /// (reported already): the step says nothing more.
    func sendsToFailedCells(_ name: String) -> Bool {
        guard cx.symbols[name] == nil, let dot = name.firstIndex(of: ".") else { return false }
        let entry = String(name[..<dot])
        return cx.poisoned.contains(entry) && spec.cells.contains { $0.name.value == entry }
    }

    /// The plan of `send:` to row input `input` of entry `c`, or nil (reported).
    mutating func rowStep(_ c: Int, _ input: Int, _ target: Located<String>, _ node: YAMLNode?, _ values: ValueReader) -> StepPlan? {
        let plan = cells[c]
        let declared = plan.inputs[input]
        let example = declared.type == .void ? "{ \(target.value): { row: 1 } }" : "{ \(target.value): { row: 1, value: ... } }"
        guard let node, let pairs = node.mapping else {
            cx.diagnostics.error(.missingValue, "'\(target.value)' is the input of a row: say which row, by its identity", at: node?.range ?? target.range,
                                 fixIt: "write 'send: \(example)'")
            return nil
        }
        var rowNode: YAMLNode?
        var valueNode: YAMLNode?
        for (key, value) in pairs {
            switch key.string {
            case "row": rowNode = value
            case "value": valueNode = value
            default:
                cx.diagnostics.error(.unknownKey, "unknown key '\(key.string ?? key.kindName)' in a row's input; it takes 'row:' and, for a value, 'value:'",
                                     at: key.range, fixIt: "write 'send: \(example)'")
                return nil
            }
        }
        guard let rowNode else {
            cx.diagnostics.error(.missingValue, "'\(target.value)' is the input of a row: say which row, by its identity", at: node.range,
                                 fixIt: "write 'send: \(example)'")
            return nil
        }
        guard case .record(let element)? = cx.table.records[plan.model]?.first?.type,
              let keyField = cx.table.records[element], keyField.indices.contains(plan.key),
              let row = values.read(rowNode, as: keyField[plan.key].type, diagnostics: &cx.diagnostics) else { return nil }
        if declared.type == .void {
            if let valueNode {
                cx.diagnostics.error(.unexpectedValue, "'\(target.value)' is an event and carries no value", at: valueNode.range,
                                     fixIt: "write 'send: \(example)'")
                return nil
            }
            return StepPlan(kind: .sendRow(cells: c, input: input, row: row, value: .void), text: "send \(target.value) to row \(row)", range: target.range)
        }
        guard let valueNode else {
            cx.diagnostics.error(.missingValue, "'\(target.value)' carries a value of type '\(declared.type)'", at: node.range,
                                 fixIt: "write 'send: \(example)'")
            return nil
        }
        guard let value = values.read(valueNode, as: declared.type, diagnostics: &cx.diagnostics) else { return nil }
        return StepPlan(kind: .sendRow(cells: c, input: input, row: row, value: value), text: "send \(target.value) = \(value) to row \(row)",
                        range: target.range)
    }
}
