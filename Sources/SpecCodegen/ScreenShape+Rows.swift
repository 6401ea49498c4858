extension ScreenShape {
    /// An input of the rows of a `cells:` entry (`cart.remove`, `cart.quantity`): a member of the
    /// entry's group that sends it to one row, picked by its identity, as a scenario's
    /// `send: { cart.remove: { row: 2 } }` does.
    struct RowInput {
        /// `cart.remove`.
        var specName: String
        /// The member's name, the same as the stream of the input's rows (`remove`).
        var swiftName: String
        /// The `id:` field of the list's elements, which picks the row.
        var identityField: String
        var identity: SwiftType
        /// The spec's spellings of the identity's type and the input's, checked against the
        /// program when the screen is made.
        var identitySpecType: String
        var valueSpecType: String
        /// The value the input takes; nil for an event.
        var value: SwiftType?
    }

    /// Every row input of every group, in order.
    var allRowInputs: [RowInput] { groups.flatMap(\.rowInputs) }

    /// Unique Swift names for the row inputs' handles in `Nodes` (`cartRemoveRow`), none of them
    /// a node's.
    func rowInputPropertyNames() -> [String: String] {
        var names: [String: String] = [:]
        var used = Set(nodeNames.values)
        for input in allRowInputs where names[input.specName] == nil {
            let name = (SwiftNames.member(input.specName) ?? "input") + "Row"
            var candidate = name
            var n = 2
            while used.contains(candidate) {
                candidate = name + String(n)
                n += 1
            }
            used.insert(candidate)
            names[input.specName] = candidate
        }
        return names
    }
}
