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
        /// The entry is a view model used by itself (`children:`): its one row is named by no
        /// argument (``ScreenShape/childRow``), as a scenario's `send: { shipping.postcode: "12345" }`.
        var isChild = false
    }

    /// An action of the rows of a `cells:` entry (`settings.save`): a member of the entry's group
    /// that executes it directly on one row, picked by its identity, as a scenario's `send: {
    /// settings.save: { row: wifi, value: true } }` does.
    struct RowAction {
        /// `settings.save`.
        var specName: String
        /// The member's name: `execute` and the action's name (`executeSave`).
        var swiftName: String
        var identityField: String
        var identity: SwiftType
        /// The spec's spellings of the identity's type and the trigger's, checked against the
        /// program when the screen is made.
        var identitySpecType: String
        var inputSpecType: String
        /// The input it takes, its trigger's type; nil when the trigger is an event.
        var input: SwiftType?
        /// The entry is a view model used by itself: its one row is named by no argument.
        var isChild = false
    }

    /// The identity of a child's one row (a view model used by itself, `children:`), which the
    /// generated members pass for it: CellsPass+Children.swift's `instanceRow`.
    static let childRow = "0"

    /// Every row input of every group, in order.
    var allRowInputs: [RowInput] { groups.flatMap(\.rowInputs) }

    /// Every row action of every group, in order.
    var allRowActions: [RowAction] { groups.flatMap(\.rowActions) }

    /// Unique Swift names for the row inputs' and row actions' handles in `Nodes`
    /// (`cartRemoveRow`, `settingsSaveRow`), none of them a node's.
    func rowInputPropertyNames() -> [String: String] {
        var names: [String: String] = [:]
        var used = Set(nodeNames.values)
        for specName in allRowInputs.map(\.specName) + allRowActions.map(\.specName) where names[specName] == nil {
            let name = (SwiftNames.member(specName) ?? "input") + "Row"
            var candidate = name
            var n = 2
            while used.contains(candidate) {
                candidate = name + String(n)
                n += 1
            }
            used.insert(candidate)
            names[specName] = candidate
        }
        return names
    }
}
