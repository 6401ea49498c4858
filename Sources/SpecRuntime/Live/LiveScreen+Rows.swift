/// The rows of `cells:`: an input of a row's view model (`cart.remove`, `cart.quantity`) sent to
/// one row, picked by its identity, as a scenario's `send: { cart.remove: { row: 2 } }` does
/// (docs/spec-language.md, "Cell view models: a view model per row").
extension LiveScreen {
    /// The input `name` of the rows of a `cells:` entry (`cart.remove`: the entry's name, a dot,
    /// the view model's input), resolved once, for ``sendRow(_:row:_:)-(RowInput,_,_)``.
    public func rowInput(_ name: String) throws -> RowInput {
        for (c, plan) in spec.cells.enumerated() where name.hasPrefix(plan.name + ".") {
            // The streams a row's action feeds (`settings.save.errors`) are its action's to fire.
            if let k = plan.inputs.firstIndex(where: { plan.name + "." + $0.name == name }), !plan.isActionStream(k) {
                return RowInput(spec: spec, cells: c, input: k)
            }
        }
        let names = spec.cells.flatMap { plan in plan.inputs.indices.filter { !plan.isActionStream($0) }.map { plan.name + "." + plan.inputs[$0].name } }
        throw LiveScreenError.unknown("input of a row", name, among: names)
    }

    /// Fires the input `name` (`cart.remove`) of the row whose identity (its element's `id:`
    /// field) is `row`, with its value (`()` for an event), as the row's cell would: the row's
    /// handlers run, its outputs are computed again, the rows are written and `cart.remove` fires
    /// with the new row, all in one transaction. A row not there throws ``LiveScreenError``
    /// (`'cart' has no row 7: its 2 rows have other identities`) and changes nothing.
    public func sendRow(_ name: String, row: Value, _ value: Value = .void) throws {
        try sendRow(rowInput(name), row: row, value)
    }

    /// Fires an input of a row resolved with ``rowInput(_:)``. The identity and the value are
    /// conformed to their types first, as ``send(_:_:)-(String,_)`` conforms a value. Called by
    /// an observer (see the type's threads), the input runs after the current transaction, so a
    /// row not there is not thrown: it is reported to ``onRuntimeError(_:)``'s handler.
    public func sendRow(_ input: RowInput, row: Value, _ value: Value = .void) throws {
        guard input.isOf(spec) else {
            throw LiveScreenError("'\(input.name)' is an input of the rows of another screen's spec; resolve it with this screen's 'rowInput(_:)'")
        }
        let key = try Self.conformed(row, to: input.identity, of: "\(input.name)'s row", spec.types)
        let value = try Self.conformed(value, to: input.type, of: input.name, spec.types)
        let graph = self.graph
        let (cells, k) = (input.cells, input.input)
        try runOnRow { graph.sendRow(cells: cells, input: k, row: key, value: value) }
    }

    /// Runs `call`, a step on one row that returns what went wrong (a row not there), now, and
    /// throws what it returns; called by an observer, after the current transaction, reporting
    /// it to ``onRuntimeError(_:)``'s handler instead.
    func runOnRow(_ call: @escaping () -> String?) throws {
        var problem: String?
        if try ranNow({ problem = call() }) {
            if let problem { throw LiveScreenError(problem) }
        } else {
            let graph = self.graph
            clock.run {
                if let problem = call() { graph.report(problem) }
            }
        }
    }

    /// Why `send` refuses `node`, which is no input: for the stream of a row's input, where to
    /// send it instead.
    func refusalToSend(_ node: ScreenNode) -> LiveScreenError {
        if spec.cells.contains(where: { plan in plan.inputs.contains { $0.node == node.index && $0.action != nil } }) {
            return LiveScreenError("'\(node.name)' is fed by a row's action; send the action's trigger to a row with 'sendRow(_:row:_:)'")
        }
        if let plan = spec.cells.first(where: { plan in plan.inputs.indices.contains { plan.inputs[$0].node == node.index && plan.isActionStream($0) } }) {
            return LiveScreenError("'\(node.name)' is fed by each row of '\(plan.name)' itself (a row's stream, or its 'created'); send the row's inputs with 'sendRow(_:row:_:)'")
        }
        if spec.cells.contains(where: { plan in plan.inputs.contains { $0.node == node.index } }) {
            return LiveScreenError("'\(node.name)' is the input of a row; send it to a row with 'sendRow(_:row:_:)'")
        }
        return LiveScreenError("'\(node.name)' is \(node.role.article); only event and value inputs can be sent")
    }
}

/// An input of the rows of a `cells:` entry (`cart.remove`) resolved by name once, with
/// ``LiveScreen/rowInput(_:)``: its name, the type of the identity that picks a row, the type of
/// its value.
public struct RowInput: Sendable, Hashable {
    /// The entry's name and the input's, as a scenario sends it: `cart.remove`.
    public let name: String
    /// The type of a row's identity: the `id:` field of the list's elements.
    public let identity: SpecType
    /// The input's type: `Void` for an event.
    public let type: SpecType
    let cells: Int
    let input: Int

    init(spec: CheckedSpec, cells c: Int, input k: Int) {
        let plan = spec.cells[c]
        name = plan.name + "." + plan.inputs[k].name
        type = plan.inputs[k].type
        identity = Self.identityType(spec, plan)
        cells = c
        input = k
    }

    /// Whether `spec` has this input at its indices (the spec it was resolved on, or one equal to
    /// it there).
    func isOf(_ spec: CheckedSpec) -> Bool {
        guard cells < spec.cells.count, input < spec.cells[cells].inputs.count else { return false }
        let plan = spec.cells[cells]
        return plan.name + "." + plan.inputs[input].name == name && plan.inputs[input].type == type && Self.identityType(spec, plan) == identity
    }

    /// The type of the `id:` field of the entry's elements; `Void` when the list is no list of
    /// records (the checker allows none).
    static func identityType(_ spec: CheckedSpec, _ plan: CellsPlan) -> SpecType {
        var list = spec.nodes[plan.source].type
        if case .optional(let wrapped) = list { list = wrapped }
        guard case .list(.record(let element)) = list, let fields = spec.types.records[element], plan.key < fields.count else { return .void }
        return fields[plan.key].type
    }
}
