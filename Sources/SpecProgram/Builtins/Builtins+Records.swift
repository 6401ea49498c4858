/// Records: `message.with(status: .sent)`, a copy with some fields changed (Swift writes the
/// same with a `var` copy and assignments; a spec's expressions have no statements). The checker
/// types the call itself, as a record construction, so this entry has no spelling: its compiled
/// arguments are the record, then pairs of a field's index (a constant) and its new value.
extension BuiltinCatalog {
    static let records: [BuiltinEntry] = [
        BuiltinEntry(TypedExpr.Builtin.recordWith.id, [], validate: validateRecords, implementation: { fs in
            let base = fs[0]
            let changes = stride(from: 1, to: fs.count - 1, by: 2).map { (index: fs[$0], value: fs[$0 + 1]) }
            return { ctx throws(EvalError) in
                guard case .record(var record) = try base(ctx) else { return .none }
                for change in changes {
                    guard case .int(let i) = try change.index(ctx), record.fields.indices.contains(i) else { continue }
                    record.fields[i] = try change.value(ctx)
                }
                return .record(record)
            }
        }),
    ]

    private static func validateRecords(_ arguments: [TypedExpr]) -> String? {
        guard arguments.count >= 3, arguments.count % 2 == 1 else {
            return "with \(arguments.count) arguments, which takes a record then pairs of a field index and a value"
        }
        for k in stride(from: 1, to: arguments.count, by: 2) {
            guard case .constant(.int(let i)) = arguments[k], i >= 0 else { return "with argument \(k), which is not a field index" }
        }
        return nil
    }
}

extension TypedExpr.Builtin {
    /// `record.with(field: value, …)`: the record, then a field index and its value per change.
    package static let recordWith = TypedExpr.Builtin("recordWith")
}
