import SpecRuntime

/// A table's `itemMoved`: RxCocoa's `ItemMovedEvent` is the tuple `(sourceIndex:, destinationIndex:)`
/// of index paths, which an app maps into a type of its own; here the event carries a record the
/// spec declares with the fields `from: Int` and `to: Int` (the row's old and new index), the type
/// of the input or action it feeds.
extension ViewPass {
    /// The record type of the first input or action `event` of `decl` feeds that is a move (its
    /// fields `from: Int` and `to: Int`, no others), nil when none is.
    func moveRecord(_ decl: ComponentDecl, _ event: String, _ viewModel: [String: Symbol]) -> SpecType? {
        guard let wiring = decl.events.first(where: { $0.name.value == event }) else { return nil }
        for target in wiring.targets {
            let type = actions.first { $0.name == target.value }?.input ?? viewModel[target.value]?.type
            if let type, Self.isMove(type, cx.table) { return type }
        }
        return nil
    }

    /// Whether `type` is a record of exactly the fields `from: Int` and `to: Int`, in either order.
    static func isMove(_ type: SpecType, _ table: TypeTable) -> Bool {
        guard case .record(let name) = type, let fields = table.records[name], fields.count == 2 else { return false }
        return Set(fields.map(\.name)) == ["from", "to"] && fields.allSatisfy { $0.type == .int }
    }

    /// Whether `event` is a table's `itemMoved` that found no move type to carry.
    func isUntypedMove(_ event: ViewRegistry.Event) -> Bool {
        event.isMove && event.payload == .void
    }

    /// `itemMoved: moved` where `moved` takes something else than a move.
    mutating func movedRecordNeeded(_ event: ViewRegistry.Event, _ target: Located<String>, _ type: SpecType) {
        cx.diagnostics.error(.typeMismatch, "'\(event.name)' carries a move, a record with 'from: Int' and 'to: Int', but '\(target.value)' takes '\(type)'",
                             at: target.range, notes: [DiagnosticNote("declare one under 'types:', as 'Move: { from: Int, to: Int }', and give '\(target.value)' that type")])
    }
}
