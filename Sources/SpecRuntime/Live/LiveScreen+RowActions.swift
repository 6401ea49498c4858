/// A row's own action executed directly (`settings.save`), as RxSwift's
/// `cellViewModel.save.execute(true)` does from code and a scenario's `send: { settings.save: {
/// row: wifi, value: true } }` does (docs/spec-language.md, "A row's own actions").
extension LiveScreen {
    /// The action `name` of the rows of a `cells:` entry (`settings.save`: the entry's name, a
    /// dot, the view model's action), resolved once, for
    /// ``executeRow(_:row:_:)-(RowAction,_,_)``.
    public func rowAction(_ name: String) throws -> RowAction {
        for (c, plan) in spec.cells.enumerated() where name.hasPrefix(plan.name + ".") {
            if let a = plan.actions?.firstIndex(where: { plan.name + "." + $0.name == name }), plan.inputs.indices.contains(plan.actions![a].trigger) {
                return RowAction(spec: spec, cells: c, action: a)
            }
        }
        let names = spec.cells.flatMap { plan in (plan.actions ?? []).map { plan.name + "." + $0.name } }
        throw LiveScreenError.unknown("action of a row", name, among: names)
    }

    /// Executes the action `name` (`settings.save`) of the row whose identity is `row` with
    /// `value`, its input (of its trigger's type, `()` when the trigger is an event), in one
    /// transaction. The action decides on that row as its trigger would have it decide, but the
    /// trigger does not fire: its handlers do not run and its field keeps its value. While the row
    /// executes, or its `enabledIf:` is false, it is refused: `notEnabled` goes to that row's
    /// `errors`. A row not there throws ``LiveScreenError`` and changes nothing.
    public func executeRow(_ name: String, row: Value, _ value: Value = .void) throws {
        try executeRow(rowAction(name), row: row, value)
    }

    /// Executes a row's action resolved with ``rowAction(_:)``. The identity and the value are
    /// conformed to their types first; called by an observer, the execution runs after the
    /// current transaction, and a row not there is reported to ``onRuntimeError(_:)``'s handler.
    public func executeRow(_ action: RowAction, row: Value, _ value: Value = .void) throws {
        guard action.isOf(spec) else {
            throw LiveScreenError("'\(action.name)' is an action of the rows of another screen's spec; resolve it with this screen's 'rowAction(_:)'")
        }
        let key = try Self.conformed(row, to: action.identity, of: "\(action.name)'s row", spec.types)
        let value = try Self.conformed(value, to: action.input, of: action.name, spec.types)
        let graph = self.graph
        let (cells, a) = (action.cells, action.action)
        try runOnRow { graph.executeRow(cells: cells, action: a, row: key, value: value) }
    }
}

/// An action of the rows of a `cells:` entry (`settings.save`) resolved by name once, with
/// ``LiveScreen/rowAction(_:)``: its name, the type of the identity that picks a row, the type of
/// its input (its trigger's).
public struct RowAction: Sendable, Hashable {
    /// The entry's name and the action's: `settings.save`.
    public let name: String
    /// The type of a row's identity: the `id:` field of the list's elements.
    public let identity: SpecType
    /// The action's input, its trigger's type: `Void` when the trigger is an event.
    public let input: SpecType
    let cells: Int
    let action: Int

    init(spec: CheckedSpec, cells c: Int, action a: Int) {
        let plan = spec.cells[c]
        let action = plan.actions![a]
        name = plan.name + "." + action.name
        input = plan.inputs[action.trigger].type
        identity = RowInput.identityType(spec, plan)
        cells = c
        self.action = a
    }

    /// Whether `spec` has this action at its indices (the spec it was resolved on, or one equal
    /// to it there).
    func isOf(_ spec: CheckedSpec) -> Bool {
        guard cells < spec.cells.count, let actions = spec.cells[cells].actions, action < actions.count else { return false }
        let plan = spec.cells[cells]
        guard plan.inputs.indices.contains(actions[action].trigger) else { return false }
        return plan.name + "." + actions[action].name == name && plan.inputs[actions[action].trigger].type == input && RowInput.identityType(spec, plan) == identity
    }
}
