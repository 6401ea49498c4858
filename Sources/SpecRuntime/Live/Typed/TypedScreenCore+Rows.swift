/// The rows of `cells:` for generated code: an input of a row's view model sent to the row with
/// a given identity (`screen.cart.remove(row: 2)`), typed.
extension TypedScreenCore {
    /// The input `name` of a `cells:` entry's rows (`cart.remove`), checked to have the identity
    /// and value types the generated code was written for (the spec's spellings: `row` is the
    /// `id:` field's type, `type` the input's, `Void` for an event).
    public func rowInput(_ name: String, row: String, type: String) throws -> RowInput {
        let input = try screen.rowInput(name)
        guard input.identity.description == row, input.type.description == type else {
            throw LiveScreenError(
                "'\(name)' takes '\(input.type)' for a row of identity '\(input.identity)' in the program, the generated code expects '\(type)' for '\(row)': generate the code again")
        }
        return input
    }

    /// Fires an event of a row's view model on the row whose identity is `row`
    /// (``LiveScreen/sendRow(_:row:_:)-(RowInput,_,_)``); a row not there, or a send the screen
    /// refuses (before `start()`), is reported.
    public func fire<Row: Encodable>(_ input: RowInput, row: Row) {
        do {
            try screen.sendRow(input, row: try Self.encode(row, as: input.identity, of: input.name, screen.spec.types))
        } catch {
            report("\(input.name)(row: \(row)): \(error)")
        }
    }

    /// Fires a value input of a row's view model with `value` on the row whose identity is `row`;
    /// a row not there is reported.
    public func fire<Row: Encodable, T: Encodable>(_ input: RowInput, row: Row, _ value: T) {
        do {
            let types = screen.spec.types
            try screen.sendRow(input, row: try Self.encode(row, as: input.identity, of: input.name, types), try Self.encode(value, as: input.type, of: input.name, types))
        } catch {
            report("\(input.name)(…, row: \(row)): \(error)")
        }
    }
}
