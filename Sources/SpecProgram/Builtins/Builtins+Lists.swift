/// Lists: `contains(_:)` with an element and the subscript `xs[i]` (the closure methods are the
/// checker's, see ``TypedExpr/ClosureBuiltin``).
extension BuiltinCatalog {
    static let lists: [BuiltinEntry] = [
        BuiltinEntry("contains", [.method("contains", on: .list(.element), [.element], .bool)]) { fs in
            let (f0, f1) = (fs[0], fs[1])
            return { ctx throws(EvalError) in
                guard case .list(let l) = try f0(ctx) else { return .bool(false) }
                try ctx.spend(l.count)
                return .bool(l.contains(try f1(ctx)))
            }
        },
        // `xs[i]`, typed by the checker (`ExpressionChecker+Subscript.swift`), so no spelling: an
        // index past either end is an evaluation error where Swift traps ("Index out of range").
        BuiltinEntry(TypedExpr.Builtin.subscripted.id, [], arguments: [2]) { fs in
            let (f0, f1) = (fs[0], fs[1])
            return { ctx throws(EvalError) in
                guard case .list(let l) = try f0(ctx), case .int(let i) = try f1(ctx) else { return .none }
                guard i >= 0, i < l.count else {
                    let indices = l.isEmpty ? "an empty list has none" : l.count == 1 ? "its only index is 0" : "its indices are 0 to \(l.count - 1)"
                    throw EvalError(message: "index \(i) is out of range for a list of \(l.count) element\(l.count == 1 ? "" : "s"): \(indices)")
                }
                return l[i]
            }
        },
    ]
}

extension TypedExpr.Builtin {
    /// `xs[i]`: the list, then the index.
    package static let subscripted = TypedExpr.Builtin("subscripted")
}
