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

/// The actions of `cells:` rows for generated code: a row's action executed directly on the row
/// with a given identity (`screen.settings.executeSave(true, row: "wifi")`), typed.
extension TypedScreenCore {
    /// The action `name` of a `cells:` entry's rows (`settings.save`), checked to have the
    /// identity and input types the generated code was written for (the spec's spellings: `row`
    /// is the `id:` field's type, `type` the trigger's, `Void` for an event).
    public func rowAction(_ name: String, row: String, type: String) throws -> RowAction {
        let action = try screen.rowAction(name)
        guard action.identity.description == row, action.input.description == type else {
            throw LiveScreenError(
                "'\(name)' takes '\(action.input)' for a row of identity '\(action.identity)' in the program, the generated code expects '\(type)' for '\(row)': generate the code again")
        }
        return action
    }

    /// Executes a row's action whose trigger is an event on the row whose identity is `row`
    /// (``LiveScreen/executeRow(_:row:_:)-(RowAction,_,_)``); a row not there, or an execution the
    /// screen refuses (before `start()`), is reported.
    public func execute<Row: Encodable>(_ action: RowAction, row: Row) {
        do {
            try screen.executeRow(action, row: try Self.encode(row, as: action.identity, of: action.name, screen.spec.types))
        } catch {
            report("\(action.name).execute(row: \(row)): \(error)")
        }
    }

    /// Executes a row's action with `input` on the row whose identity is `row`; a row not there
    /// is reported.
    public func execute<Row: Encodable, T: Encodable>(_ action: RowAction, row: Row, _ input: T) {
        do {
            let types = screen.spec.types
            try screen.executeRow(action, row: try Self.encode(row, as: action.identity, of: action.name, types), try Self.encode(input, as: action.input, of: action.name, types))
        } catch {
            report("\(action.name).execute(…, row: \(row)): \(error)")
        }
    }
}
