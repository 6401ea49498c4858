/// Text: `String(x)`, `uppercased()`, `lowercased()`, `contains(_:)` and a list's `joined(_:)`.
extension BuiltinCatalog {
    static let text: [BuiltinEntry] = [
        BuiltinEntry("describe", [.function("String", [.any], .string)]) { fs in
            let f0 = fs[0]
            return { ctx throws(EvalError) in
                let s = try ExpressionCompiler.describe(try f0(ctx), ctx)
                if s.utf8.count > ctx.maximumValueSize { throw ctx.tooLarge("string", s.utf8.count) }
                return .string(s)
            }
        },
        BuiltinEntry("uppercased", [.method("uppercased", on: .string, [], .string)]) { changeCase($0, upper: true) },
        BuiltinEntry("lowercased", [.method("lowercased", on: .string, [], .string)]) { changeCase($0, upper: false) },
        BuiltinEntry("stringContains", [.method("contains", on: .string, [.string], .bool)]) { fs in
            let (f0, f1) = (fs[0], fs[1])
            return { ctx throws(EvalError) in
                guard case .string(let s) = try f0(ctx), case .string(let t) = try f1(ctx) else { return .bool(false) }
                try ctx.spend(s.utf8.count)
                return .bool(t.isEmpty || s.contains(t))
            }
        },
        BuiltinEntry("joined", [
            .method("joined", on: .list(.string), [], appending: [.string("")], .string),
            .method("joined", on: .list(.string), [.string], .string),
        ]) { fs in
            let (f0, f1) = (fs[0], fs[1])
            return { ctx throws(EvalError) in
                guard case .list(let l) = try f0(ctx), case .string(let sep) = try f1(ctx) else { return .none }
                var out = ""
                for (k, item) in l.enumerated() {
                    if k > 0 { out += sep }
                    out += try ExpressionCompiler.describe(item, ctx)
                    if out.utf8.count > ctx.maximumValueSize { throw ctx.tooLarge("string", out.utf8.count) }
                }
                return .string(out)
            }
        },
    ]

    private static func changeCase(_ fs: [CompiledExpr], upper: Bool) -> CompiledExpr {
        let f0 = fs[0]
        return { ctx throws(EvalError) in
            guard case .string(let s) = try f0(ctx) else { return .none }
            try ctx.spend(s.utf8.count)
            return .string(upper ? s.uppercased() : s.lowercased())
        }
    }
}
