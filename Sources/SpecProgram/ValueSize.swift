extension Value {
    /// The value's size for the runtime's budgets: one per value, plus the UTF-8 bytes of every
    /// string in it, counted through lists, records, navigation parameters, error messages and error bodies.
    /// Counting stops once it passes `limit` (the result is then `limit + 1`), so measuring a
    /// value built from shared parts that would print as terabytes costs at most `limit` steps.
    package func size(upTo limit: Int) -> Int {
        var total = 0
        _ = add(to: &total, limit: limit)
        return total > limit ? limit + 1 : total
    }

    /// False once `total` passed `limit`.
    private func add(to total: inout Int, limit: Int) -> Bool {
        total += 1
        switch self {
        case .void, .bool, .int, .double, .none, .enumCase, .color: break
        case .string(let s): total += s.utf8.count
        case .error(let e):
            total += e.message?.utf8.count ?? 0
            if let body = e.body, !body.add(to: &total, limit: limit) { return false }
        case .list(let items):
            for item in items where !item.add(to: &total, limit: limit) { return false }
        case .record(let r):
            for field in r.fields where !field.add(to: &total, limit: limit) { return false }
        case .navigation(let n):
            for param in n.params where !param.add(to: &total, limit: limit) { return false }
        }
        return total <= limit
    }
}
