/// Collections and optionals, as Swift writes them: `min()`, `max()`, `sorted()` on lists of
/// numbers or strings; `reduce(_:_:)`, `sorted(by:)`, `count(where:)` and `Optional.map` /
/// `flatMap`, whose closures the checker types (their entries have no spellings; the closure
/// body is a compiled argument, run once per element); and the conversions `Int(_:)` and
/// `Double(_:)` from a string, nil when the text is not a number.
extension BuiltinCatalog {
    static let collections: [BuiltinEntry] = [
        BuiltinEntry("minElement", comparableSpellings("min", optional: true)) { extreme($0, isMin: true) },
        BuiltinEntry("maxElement", comparableSpellings("max", optional: true)) { extreme($0, isMin: false) },
        BuiltinEntry("sorted", comparableSpellings("sorted", optional: false)) { fs in
            let f0 = fs[0]
            return { ctx throws(EvalError) in
                guard case .list(let l) = try f0(ctx) else { return .none }
                try ctx.spend(l.count)
                return .list(try mergeSorted(l, ctx) { a, b throws(EvalError) in ascending(a, b) })
            }
        },
        // `items.reduce(0) { $0 + $1.price }`: the receiver, the initial value and the closure,
        // whose `$0` (the result so far) and `$1` (the element) are the operator arguments while
        // it runs. Integer overflow is the arithmetic's own run-time error.
        BuiltinEntry(TypedExpr.Builtin.reduce.id, [], arguments: [3]) { fs in
            let (f0, f1, body) = (fs[0], fs[1], fs[2])
            return { ctx throws(EvalError) in
                guard case .list(let l) = try f0(ctx) else { return .none }
                var result = try f1(ctx)
                try ctx.spend(l.count)
                let saved = ctx.operatorArguments
                defer { ctx.operatorArguments = saved }
                for item in l {
                    ctx.operatorArguments = [result, item]
                    result = try body(ctx)
                }
                return result
            }
        },
        // `items.sorted(by: { $0.price < $1.price })`: a stable merge sort (Swift's `sort` is
        // stable too, though it does not promise it), `$0` and `$1` the two elements compared.
        BuiltinEntry(TypedExpr.Builtin.sortedBy.id, [], arguments: [2]) { fs in
            let (f0, body) = (fs[0], fs[1])
            return { ctx throws(EvalError) in
                guard case .list(let l) = try f0(ctx) else { return .none }
                let saved = ctx.operatorArguments
                defer { ctx.operatorArguments = saved }
                return .list(try mergeSorted(l, ctx) { a, b throws(EvalError) in
                    ctx.operatorArguments = [a, b]
                    return try body(ctx).boolValue
                })
            }
        },
        // `items.count(where: { $0.done })`: `$0` the element, as in `filter`.
        BuiltinEntry(TypedExpr.Builtin.countWhere.id, [], arguments: [2]) { fs in
            let (f0, body) = (fs[0], fs[1])
            return { ctx throws(EvalError) in
                guard case .list(let l) = try f0(ctx) else { return .none }
                try ctx.spend(l.count)
                defer { ctx.closureArguments.removeLast() }
                ctx.closureArguments.append(.none)
                var n = 0
                for item in l {
                    ctx.closureArguments[ctx.closureArguments.count - 1] = item
                    if try body(ctx).boolValue { n += 1 }
                }
                return .int(n)
            }
        },
        // `x.map { $0 + 1 }` and `x.flatMap { … }` on an optional: nil stays nil, the closure
        // runs on a value. The two differ in their typing only (an optional holds no optional).
        BuiltinEntry(TypedExpr.Builtin.optionalMap.id, [], arguments: [2]) { fs in
            let (f0, body) = (fs[0], fs[1])
            return { ctx throws(EvalError) in
                let v = try f0(ctx)
                if case .none = v { return .none }
                defer { ctx.closureArguments.removeLast() }
                ctx.closureArguments.append(v)
                return try body(ctx)
            }
        },
        // `items.enumerated()`: Swift's `(offset:, element:)` pairs, as records that carry no type
        // name (as `enumerated`'s pairs), so a timeline prints them as Swift prints a tuple.
        BuiltinEntry(TypedExpr.Builtin.enumerated.id, [], arguments: [1]) { fs in
            let f0 = fs[0]
            return { ctx throws(EvalError) in
                guard case .list(let l) = try f0(ctx) else { return .none }
                try ctx.spend(l.count)
                return .list(l.enumerated().map { .record(RecordValue(type: "", fieldNames: offsetAndElement, fields: [.int($0.offset), $0.element])) })
            }
        },
        BuiltinEntry("intFromString", [.function("Int", [.string], .optional(.int))]) { fs in
            let f0 = fs[0]
            return { ctx throws(EvalError) in
                guard case .string(let s) = try f0(ctx) else { return .none }
                try ctx.spend(s.utf8.count)
                return Int(s).map(Value.int) ?? .none
            }
        },
        BuiltinEntry("doubleFromString", [.function("Double", [.string], .optional(.double))]) { fs in
            let f0 = fs[0]
            return { ctx throws(EvalError) in
                guard case .string(let s) = try f0(ctx) else { return .none }
                try ctx.spend(s.utf8.count)
                return Double(s).map(Value.double) ?? .none
            }
        },
    ]

    /// The fields of an `enumerated()` pair.
    private static let offsetAndElement = ["offset", "element"]

    /// The types `<` orders: `Int`, `Double`, `String`.
    package static let comparableTypes: [SpecType] = [.int, .double, .string]

    private static func comparableSpellings(_ name: String, optional: Bool) -> [BuiltinSpelling] {
        comparableTypes.map { t in .method(name, on: .list(.exact(t)), [], optional ? .optional(.exact(t)) : .list(.exact(t))) }
    }

    static func ascending(_ a: Value, _ b: Value) -> Bool {
        switch (a, b) {
        case (.int(let x), .int(let y)): return x < y
        case (.double(let x), .double(let y)): return x < y
        case (.string(let x), .string(let y)): return x < y
        default: return false
        }
    }

    private static func extreme(_ fs: [CompiledExpr], isMin: Bool) -> CompiledExpr {
        let f0 = fs[0]
        return { ctx throws(EvalError) in
            guard case .list(let l) = try f0(ctx), var best = l.first else { return .none }
            try ctx.spend(l.count)
            // As Swift's `min()` and `max()`: the first of equal elements.
            for item in l.dropFirst() where isMin ? ascending(item, best) : ascending(best, item) {
                best = item
            }
            return best
        }
    }

    /// `items` in the order `less` gives, equal elements in their order (a merge sort: n log n
    /// comparisons, each counted as work).
    static func mergeSorted(_ items: [Value], _ ctx: EvalContext,
                            _ less: (Value, Value) throws(EvalError) -> Bool) throws(EvalError) -> [Value] {
        guard items.count > 1 else { return items }
        var a = items
        var b = items
        var width = 1
        while width < a.count {
            try ctx.spend(a.count)
            var start = 0
            while start < a.count {
                let mid = Swift.min(start + width, a.count), end = Swift.min(start + 2 * width, a.count)
                var (i, j, k) = (start, mid, start)
                while i < mid && j < end {
                    // The right element goes first only when strictly less: equal ones keep their order.
                    if try less(a[j], a[i]) { b[k] = a[j]; j += 1 } else { b[k] = a[i]; i += 1 }
                    k += 1
                }
                while i < mid { b[k] = a[i]; i += 1; k += 1 }
                while j < end { b[k] = a[j]; j += 1; k += 1 }
                start = end
            }
            swap(&a, &b)
            width *= 2
        }
        return a
    }
}

extension TypedExpr.Builtin {
    /// `list.reduce(initial) { $0 … $1 }`: the list, the initial value, the closure.
    package static let reduce = TypedExpr.Builtin("reduce")
    /// `list.sorted(by: { $0 … $1 })`: the list, the closure.
    package static let sortedBy = TypedExpr.Builtin("sortedBy")
    /// `list.count(where: { $0 … })`: the list, the closure.
    package static let countWhere = TypedExpr.Builtin("countWhere")
    /// `optional.map { $0 … }` and `optional.flatMap { $0 … }`: the optional, the closure.
    package static let optionalMap = TypedExpr.Builtin("optionalMap")
    /// A string's characters, each a one-character string (a string's closure methods).
    package static let characters = TypedExpr.Builtin("characters")
    /// `list.joined(separator)`.
    package static let joined = TypedExpr.Builtin("joined")
    /// `list.enumerated()`: the list.
    package static let enumerated = TypedExpr.Builtin("enumerated")
}
