@_spi(Engine) import SpecProgram

/// A row's view fields (`titleLabel.text`) are derived: its rows compute them, and a row written
/// to an input of the screen (a table's selected row, a scenario's `send: { selection: … }`, a
/// record typed in the preview) carries none, whoever wrote it and whatever it gave of them. So
/// the input holds the same value whether the row came from the rows or from a spec's literal.
extension ScreenGraph {
    /// `value` as input `node` takes it: each row record in it without its view fields
    /// (``Value/withoutViewFields(_:)``). Any other node takes it whole.
    func taken(_ value: Value, by node: Int) -> Value {
        guard let cuts = viewFieldCuts, cuts.inputs.indices.contains(node), cuts.inputs[node] else { return value }
        return value.withoutViewFields(cuts.starts)
    }
}

/// The inputs that cut row records, and where each row type's view fields start: read from the
/// spec once, so that an input's write only looks its node up.
final class ViewFieldCuts {
    let starts: [String: Int]
    /// Per node: an input whose type may hold a row record, in a spec whose rows have view fields.
    let inputs: [Bool]

    init(_ spec: CheckedSpec) {
        starts = spec.cells.isEmpty ? [:] : spec.rowViewFieldStarts
        let cuts = !starts.isEmpty
        inputs = spec.nodes.map { node in
            guard cuts, case .input = node.role else { return false }
            return Self.mayHoldRecord(node.type)
        }
    }

    private static func mayHoldRecord(_ type: SpecType) -> Bool {
        switch type {
        case .record: return true
        case .optional(let t), .list(let t): return mayHoldRecord(t)
        default: return false
        }
    }
}
