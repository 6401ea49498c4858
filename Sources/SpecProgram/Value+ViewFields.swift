/// A row's view fields (`titleLabel.text`, ``CellsPlan/Output``) are derived: the engine
/// computes them from the row, and no value a spec writes has to say them. A value written to an
/// input carries none (``Value/withoutViewFields(_:)``), and an expected value compares only
/// those it gives (``Value/matches(_:)``).
extension CheckedSpec {
    /// For each row's record type (a view model's name), the index of its first view field:
    /// they come after the row's other fields. A row without a view has no entry.
    package var rowViewFieldStarts: [String: Int] {
        var starts: [String: Int] = [:]
        for plan in cells where nodes.indices.contains(plan.node) {
            guard case .list(.record(let name)) = nodes[plan.node].type,
                  let first = plan.fieldNames.indices.first(where: plan.isViewField) else { continue }
            starts[name] = first
        }
        return starts
    }
}

extension Value {
    /// The value with each row record in it (a row's type a key of `starts`, as
    /// ``CheckedSpec/rowViewFieldStarts`` gives them) cut before its view fields: what a row
    /// shows is computed by its rows, never carried by a value written to an input.
    package func withoutViewFields(_ starts: [String: Int]) -> Value {
        switch self {
        case .record(var r):
            if let start = starts[r.type], start < r.fields.count {
                r.fields.removeSubrange(start...)
                r.fieldNames.removeSubrange(min(start, r.fieldNames.count)...)
            }
            r.fields = r.fields.map { $0.withoutViewFields(starts) }
            return .record(r)
        case .list(let items):
            return .list(items.map { $0.withoutViewFields(starts) })
        default:
            return self
        }
    }

    /// Whether the value is `expected`, a value a scenario's `expect:` wrote: a record there
    /// may leave out a row's view fields (its field names are then fewer), and is compared on
    /// the fields it gives, by name. Any other value is compared whole.
    package func matches(_ expected: Value) -> Bool {
        switch (self, expected) {
        case (.list(let items), .list(let wanted)):
            return items.count == wanted.count && zip(items, wanted).allSatisfy { $0.matches($1) }
        case (.record(let r), .record(let e)):
            guard r.type == e.type else { return false }
            if r.fieldNames.count == e.fieldNames.count, r.fields.count == e.fields.count, r.fieldNames == e.fieldNames {
                return zip(r.fields, e.fields).allSatisfy { $0.matches($1) }
            }
            for (k, name) in e.fieldNames.enumerated() where k < e.fields.count {
                guard let i = r.fieldNames.firstIndex(of: name), i < r.fields.count, r.fields[i].matches(e.fields[k]) else { return false }
            }
            return true
        default:
            return self == expected
        }
    }
}
