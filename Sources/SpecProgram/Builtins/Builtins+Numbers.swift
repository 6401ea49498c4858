/// Numbers: `min`, `max`, `abs` and the conversions `Double(_:)` and `Int(_:)`.
extension BuiltinCatalog {
    static let numbers: [BuiltinEntry] = [
        BuiltinEntry("minInt", [.function("min", [.int, .int], .int)]) { minMax($0, isMin: true) },
        BuiltinEntry("maxInt", [.function("max", [.int, .int], .int)]) { minMax($0, isMin: false) },
        BuiltinEntry("minDouble", [.function("min", [.double, .double], .double)]) { minMax($0, isMin: true) },
        BuiltinEntry("maxDouble", [.function("max", [.double, .double], .double)]) { minMax($0, isMin: false) },
        BuiltinEntry("absInt", [.function("abs", [.int], .int)]) { fs in
            let f0 = fs[0]
            return { ctx throws(EvalError) in
                guard case .int(let i) = try f0(ctx) else { return .none }
                if i == Int.min { throw EvalError(message: "integer overflow in 'abs(\(i))'") }
                return .int(Swift.abs(i))
            }
        },
        BuiltinEntry("absDouble", [.function("abs", [.double], .double)]) { fs in
            let f0 = fs[0]
            return { ctx throws(EvalError) in
                guard case .double(let d) = try f0(ctx) else { return .none }
                return .double(Swift.abs(d))
            }
        },
        BuiltinEntry(TypedExpr.Builtin.intToDouble.id, [.function("Double", [.int], .double)]) { fs in
            let f0 = fs[0]
            return { ctx throws(EvalError) in
                guard case .int(let i) = try f0(ctx) else { return .none }
                return .double(Double(i))
            }
        },
        BuiltinEntry("doubleToInt", [.function("Int", [.double], .int)]) { fs in
            let f0 = fs[0]
            return { ctx throws(EvalError) in
                guard case .double(let d) = try f0(ctx) else { return .none }
                guard let i = Int(exactly: d.rounded(.towardZero)) else {
                    throw EvalError(message: "'Int(\(ValueFormatter.formatDouble(d)))' does not fit in Int")
                }
                return .int(i)
            }
        },
        // `Double(1.5)`, `Int(3)`: a conversion to the type the value has; the checker keeps the
        // argument as it is, so this is never compiled.
        BuiltinEntry(TypedExpr.Builtin.identity.id, [.function("Double", [.double], .double), .function("Int", [.int], .int)]) { fs in fs[0] },
    ]

    private static func minMax(_ fs: [CompiledExpr], isMin: Bool) -> CompiledExpr {
        let (f0, f1) = (fs[0], fs[1])
        return { ctx throws(EvalError) in
            switch (try f0(ctx), try f1(ctx)) {
            case (.int(let a), .int(let b)): return .int(isMin ? Swift.min(a, b) : Swift.max(a, b))
            case (.double(let a), .double(let b)): return .double(isMin ? Swift.min(a, b) : Swift.max(a, b))
            default: return .none
            }
        }
    }
}

extension TypedExpr.Builtin {
    /// `Double(i)`: the checker also inserts it where a `Double` is expected and an `Int` given.
    package static let intToDouble = TypedExpr.Builtin("intToDouble")
    /// A conversion to the type the value already has: the argument itself.
    package static let identity = TypedExpr.Builtin("identity")
}

extension BuiltinType {
    static let int = BuiltinType.exact(.int)
    static let double = BuiltinType.exact(.double)
    static let string = BuiltinType.exact(.string)
    static let bool = BuiltinType.exact(.bool)
}
