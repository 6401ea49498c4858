/// Sets of numbers and strings, as Swift's `Set` of them: `Set(ids)` is the distinct elements,
/// `a.union(b)` and `a.subtracting(b)` give a set. A set is written as a list of its elements in
/// ascending order, each once (the language has no `Set` type yet), so a set's `count`,
/// `isEmpty`, `contains(_:)`, `sorted()` and `==` are the list's, and `==` of two sets is
/// order-free, as Swift's: `Set(ids).count == ids.count` holds when no id repeats.
extension BuiltinCatalog {
    static let sets: [BuiltinEntry] = [
        BuiltinEntry("setOf", comparableTypes.map { t in .function("Set", [.list(.exact(t))], .list(.exact(t))) }) { fs in
            let f0 = fs[0]
            return { ctx throws(EvalError) in
                guard case .list(let l) = try f0(ctx) else { return .none }
                return .list(try distinctSorted(l, ctx))
            }
        },
        BuiltinEntry("setUnion", comparableTypes.map { t in .method("union", on: .list(.exact(t)), [.list(.exact(t))], .list(.exact(t))) }) { fs in
            let (f0, f1) = (fs[0], fs[1])
            return { ctx throws(EvalError) in
                guard case .list(let a) = try f0(ctx), case .list(let b) = try f1(ctx) else { return .none }
                if a.count + b.count > ctx.maximumValueSize { throw ctx.tooLarge("list", a.count + b.count) }
                return .list(try distinctSorted(a + b, ctx))
            }
        },
        BuiltinEntry("setSubtracting", comparableTypes.map { t in .method("subtracting", on: .list(.exact(t)), [.list(.exact(t))], .list(.exact(t))) }) { fs in
            let (f0, f1) = (fs[0], fs[1])
            return { ctx throws(EvalError) in
                guard case .list(let a) = try f0(ctx), case .list(let b) = try f1(ctx) else { return .none }
                try ctx.spend(b.count)
                let removed = Set(b)
                return .list(try distinctSorted(a.filter { !removed.contains($0) }, ctx))
            }
        },
    ]

    /// The distinct elements of `items` in ascending order: a set as the language writes it.
    private static func distinctSorted(_ items: [Value], _ ctx: EvalContext) throws(EvalError) -> [Value] {
        try ctx.spend(items.count)
        var seen: Set<Value> = []
        let distinct = items.filter { seen.insert($0).inserted }
        return try mergeSorted(distinct, ctx) { a, b throws(EvalError) in ascending(a, b) }
    }
}
