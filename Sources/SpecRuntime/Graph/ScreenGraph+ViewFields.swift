@_spi(Engine) import SpecProgram

/// A row's view fields (`titleLabel.text`) are derived: its rows compute them, and a row written
/// to an input of the screen (a table's selected row, a scenario's `send: { selection: … }`, a
/// record typed in the preview) carries none, whoever wrote it and whatever it gave of them. So
/// the input holds the same value whether the row came from the rows or from a spec's literal.
extension ScreenGraph {
    /// `value` as input `node` takes it: each row record in it without its view fields
    /// (``Value/withoutViewFields(_:)``). Any other node takes it whole.
    func taken(_ value: Value, by node: Int) -> Value {
        guard !spec.cells.isEmpty, spec.nodes.indices.contains(node), case .input = spec.nodes[node].role,
              Self.mayHoldRecord(spec.nodes[node].type) else { return value }
        let starts = spec.rowViewFieldStarts
        return starts.isEmpty ? value : value.withoutViewFields(starts)
    }

    private static func mayHoldRecord(_ type: SpecType) -> Bool {
        switch type {
        case .record: return true
        case .optional(let t), .list(let t): return mayHoldRecord(t)
        default: return false
        }
    }
}
