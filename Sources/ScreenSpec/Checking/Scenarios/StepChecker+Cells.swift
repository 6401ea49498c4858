import SpecRuntime

/// `send:` to a row's input: `send: { cart.remove: { row: 2 } }` fires input `remove` of the row
/// of `cart` whose identity is 2, `send: { cart.quantity: { row: 2, value: 3 } }` one that carries
/// a value. The row is looked up when the step plays: a row that is not there then is a runtime
/// error of the scenario.
extension StepChecker {
    /// The `cells:` entry and input that `name` (`cart.remove`) fires, if it names one.
    func rowInput(_ name: String) -> (cells: Int, input: Int)? {
        for (c, plan) in cells.enumerated() where name.hasPrefix(plan.name + ".") {
            // A stream a row's action feeds is not sent to: its action fires it.
            if let k = plan.inputs.firstIndex(where: { plan.name + "." + $0.name == name }), !plan.isActionStream(k) { return (c, k) }
        }
        return nil
    }

    /// Whether `name` (`cart.remove`) would be an input of `cells:` entry whose declaration failed
    /// (reported already): the step says nothing more.
    func sendsToFailedCells(_ name: String) -> Bool {
        // Its row inputs are names (`cart.remove`), declared before the list failed.
        guard let dot = name.firstIndex(of: ".") else { return false }
        let entry = String(name[..<dot])
        return cx.poisoned.contains(entry) && spec.cells.contains { $0.name.value == entry }
    }

    /// The plan of `send:` to row input `input` of entry `c`, or nil (reported).
    mutating func rowStep(_ c: Int, _ input: Int, _ target: Located<String>, _ node: YAMLNode?, _ values: ValueReader) -> StepPlan? {
        let declared = cells[c].inputs[input]
        let address = RowAddress(verb: "send", target: target.value, what: "the input of a row",
                                 carries: declared.type == .void ? nil : declared.type)
        guard let read = readRow(c, address, target, node, values) else { return nil }
        let text = declared.type == .void ? "send \(target.value)\(rowText(c, "to", read.row))" : "send \(target.value) = \(read.value)\(rowText(c, "to", read.row))"
        return StepPlan(kind: .sendRow(cells: c, input: input, row: read.row, value: read.value), text: text, range: target.range)
    }

    /// How a step addresses a row, for its messages: `send: { cart.remove: { row: 1 } }`,
    /// `tap: { cart.plusButton: { row: 1 } }`.
    struct RowAddress {
        var verb: String
        var target: String
        /// What the target is: "the input of a row", "a component of a row".
        var what: String
        /// The type of the value the step gives, nil for none.
        var carries: SpecType?
        /// What a value given to a target that takes none is told: "is an event and carries no value".
        var takesNone: String = "is an event and carries no value"

        var example: String {
            carries == nil ? "{ \(target): { row: 1 } }" : "{ \(target): { row: 1, value: ... } }"
        }
    }

    /// The row's identity and the value (`()` for none) of a step on a row of entry `c`, or nil (reported).
    mutating func readRow(_ c: Int, _ address: RowAddress, _ target: Located<String>, _ node: YAMLNode?,
                          _ values: ValueReader) -> (row: Value, value: Value)? {
        let plan = cells[c]
        if plan.instance != nil { return readInstanceStep(c, address, target, node, values) }
        let fix = "write '\(address.verb): \(address.example)'"
        guard let node, let pairs = node.mapping else {
            cx.diagnostics.error(.missingValue, "'\(target.value)' is \(address.what): say which row, by its identity", at: node?.range ?? target.range,
                                 fixIt: fix)
            return nil
        }
        var rowNode: YAMLNode?
        var valueNode: YAMLNode?
        for (key, value) in pairs {
            switch key.string {
            case "row": rowNode = value
            case "value": valueNode = value
            default:
                let what = address.verb == "send" ? "a row's input" : "a step on a row"
                cx.diagnostics.error(.unknownKey, "unknown key '\(key.string ?? key.kindName)' in \(what); it takes 'row:' and, for a value, 'value:'",
                                     at: key.range, fixIt: fix)
                return nil
            }
        }
        guard let rowNode else {
            cx.diagnostics.error(.missingValue, "'\(target.value)' is \(address.what): say which row, by its identity", at: node.range,
                                 fixIt: fix)
            return nil
        }
        guard case .record(let element)? = cx.table.records[plan.model]?.first?.type,
              let keyField = cx.table.records[element], keyField.indices.contains(plan.key),
              let row = values.read(rowNode, as: keyField[plan.key].type, diagnostics: &cx.diagnostics) else { return nil }
        guard let type = address.carries else {
            if let valueNode {
                cx.diagnostics.error(.unexpectedValue, "'\(target.value)' \(address.takesNone)", at: valueNode.range, fixIt: fix)
                return nil
            }
            return (row, .void)
        }
        guard let valueNode else {
            cx.diagnostics.error(.missingValue, "'\(target.value)' carries a value of type '\(type)'", at: node.range, fixIt: fix)
            return nil
        }
        guard let value = values.read(valueNode, as: type, diagnostics: &cx.diagnostics) else { return nil }
        return (row, value)
    }
}
