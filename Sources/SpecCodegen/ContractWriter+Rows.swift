/// The contract's members for the inputs of rows (`cells:`) and children (`children:`, no row
/// argument): a method of the protocol per input,
/// by the model's name, and the contract's `rowEvent`/`rowInput` that `SpecConformance` sends a
/// step's `send: { cart.remove: { row: 2 } }` through.
extension ContractWriter {
    /// The model's name of a row input and the Swift spellings of its identity and value.
    private var rowInputs: [(input: ScreenShape.RowInput, method: String, row: String, value: String?)] {
        shape.groups.flatMap { group in
            group.rowInputs.map { input in
                (input, SwiftNames.bare(group.swiftName) + SwiftNames.upperFirst(input.swiftName), input.identity.qualified(in: shape.screenType),
                 input.value?.qualified(in: shape.screenType))
            }
        }
    }

    /// `func cartRemove(row: Int)`, `func cartQuantity(_ value: Int, row: Int)`.
    func writeRowRequirements(into out: inout SwiftSource) {
        for (input, method, row, value) in rowInputs {
            if input.isChild {
                if let value {
                    out.doc("The input `\(input.specName)` of the child, sent `value`.")
                    out.line("func \(method)(_ value: \(value))")
                } else {
                    out.doc("The event `\(input.specName)` of the child.")
                    out.line("func \(method)()")
                }
                continue
            }
            if let value {
                out.doc("The input `\(input.specName)` of the row whose `\(input.identityField)` is `row`, sent `value`.")
                out.line("func \(method)(_ value: \(value), row: \(row))")
            } else {
                out.doc("The event `\(input.specName)` of the row whose `\(input.identityField)` is `row`.")
                out.line("func \(method)(row: \(row))")
            }
        }
    }

    /// `.rowEvent("cart.remove") { (model, row: Int) in model.cartRemove(row: row) }`.
    func writeRowMembers(into out: inout SwiftSource) {
        for (input, method, row, value) in rowInputs {
            let name = SwiftSource.literal(input.specName)
            if input.isChild {
                // A child's one row, identity 0, reaches a method that names none.
                if let value {
                    out.line("    .rowInput(\(name)) { (model, _: \(row), value: \(value)) in model.\(method)(value) }")
                } else {
                    out.line("    .rowEvent(\(name)) { (model, _: \(row)) in model.\(method)() }")
                }
                continue
            }
            if let value {
                out.line("    .rowInput(\(name)) { (model, row: \(row), value: \(value)) in model.\(method)(value, row: row) }")
            } else {
                out.line("    .rowEvent(\(name)) { (model, row: \(row)) in model.\(method)(row: row) }")
            }
        }
    }
}
