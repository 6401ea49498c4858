import SpecRuntime

/// Steps on a view model used by itself (`children:`, CellsPass+Children.swift): its one row
/// always exists, so a step names its input, action or component with no `row:`, as a step on
/// the screen's own does: `send: shipping.submit`, `send: { shipping.postcode: "10115" }`,
/// `set: { shipping.postcode: "10115" }` (a value input), `tap: shipping.saveButton`, `type: {
/// shipping.postcodeField: "10115" }`.
extension StepChecker {
    /// The text a step on a row of entry `c` ends with: ` to row 2`, nothing for a child.
    func rowText(_ c: Int, _ preposition: String, _ row: Value) -> String {
        cells[c].instance != nil ? "" : " \(preposition) row \(row)"
    }

    /// The value (`()` for none) of a step on child `c`, its row's identity with it, or nil
    /// (reported). `row:` is refused: the child is one.
    mutating func readInstanceStep(_ c: Int, _ address: RowAddress, _ target: Located<String>, _ node: YAMLNode?,
                                   _ values: ValueReader) -> (row: Value, value: Value)? {
        let plan = cells[c]
        let fix = address.carries == nil ? "write '\(address.verb): \(target.value)'" : "write '\(address.verb): { \(target.value): ... }'"
        // A record value may have a field `row`; only a mapping that cannot be one is refused.
        if let pairs = node?.mapping, let row = pairs.first(where: { $0.key.string == "row" })?.key,
           !carriesField("row", address.carries) {
            cx.diagnostics.error(.unexpectedValue, "'\(plan.name)' is view model '\(plan.model)' used by itself: a step names '\(target.value)' with no 'row:'",
                                 at: row.range, fixIt: fix)
            return nil
        }
        guard let type = address.carries else {
            if let node, !node.isNull, node.string != "()" {
                cx.diagnostics.error(.unexpectedValue, "'\(target.value)' \(address.takesNone)", at: node.range, fixIt: fix)
                return nil
            }
            return (CellsPass.instanceRow, .void)
        }
        guard let node, !node.isNull else {
            cx.diagnostics.error(.missingValue, "'\(target.value)' carries a value of type '\(type)'", at: node?.range ?? target.range, fixIt: fix)
            return nil
        }
        guard let value = values.read(node, as: type, diagnostics: &cx.diagnostics) else { return nil }
        return (CellsPass.instanceRow, value)
    }

    /// Whether `type` is a record with a field `name`.
    private func carriesField(_ name: String, _ type: SpecType?) -> Bool {
        guard case .record(let record)? = type else { return false }
        return cx.table.records[record]?.contains { $0.name == name } == true
    }

    /// `set: { shipping.postcode: "10115" }`: a value input of a child, as a screen's input
    /// property is set; nil when `target` names none.
    mutating func instanceSet(_ target: Located<String>, _ node: YAMLNode, _ values: ValueReader) -> StepPlan?? {
        guard let (c, k) = rowInput(target.value), cells[c].instance != nil else { return nil }
        guard cells[c].inputs[k].type != .void else {
            cx.diagnostics.error(.invalidStepTarget, "'set:' writes a value, but '\(target.value)' is an event of '\(cells[c].name)'", at: target.range,
                                 fixIt: "write 'send: \(target.value)'")
            return .some(nil)
        }
        return .some(rowStep(c, k, target, node, values))
    }
}
