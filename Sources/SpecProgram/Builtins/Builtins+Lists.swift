/// Lists: `contains(_:)` with an element (the closure methods are the checker's, see
/// ``TypedExpr/ClosureBuiltin``).
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
    ]
}
