/// Text: `String(x)`, `uppercased()`, `lowercased()`, `trimmed()`, `contains(_:)`, `hasPrefix(_:)`,
/// `hasSuffix(_:)` and a list's `joined(_:)`.
extension BuiltinCatalog {
    static let text: [BuiltinEntry] = [
        BuiltinEntry("describe", [.function("String", [.any], .string)]) { fs in
            let f0 = fs[0]
            return { ctx throws(EvalError) in
                let s = try ctx.describe(try f0(ctx))
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
        // Foundation spells it `trimmingCharacters(in: .whitespacesAndNewlines)`, over a
        // `CharacterSet` the language does not have; `trimmed()` is the name Swift code gives it
        // in an extension (and Kotlin's `trim()`, JavaScript's `trim()`): spaces, tabs and line
        // breaks at both ends.
        BuiltinEntry("trimmed", [.method("trimmed", on: .string, [], .string)]) { fs in
            let f0 = fs[0]
            return { ctx throws(EvalError) in
                guard case .string(let s) = try f0(ctx) else { return .none }
                try ctx.spend(s.utf8.count)
                guard let first = s.firstIndex(where: { !$0.isWhitespace }), let last = s.lastIndex(where: { !$0.isWhitespace }) else {
                    return .string("")
                }
                return .string(String(s[first...last]))
            }
        },
        // A string's characters, each a one-character string: what a string's closure methods
        // (`code.allSatisfy(\.isNumber)`) go through, as Swift's String is a collection of
        // Characters. The checker writes it; it has no spelling.
        BuiltinEntry("characters", [], arguments: [1]) { fs in
            let f0 = fs[0]
            return { ctx throws(EvalError) in
                guard case .string(let s) = try f0(ctx) else { return .none }
                try ctx.spend(s.utf8.count)
                return .list(s.map { .string(String($0)) })
            }
        },
        BuiltinEntry("hasPrefix", [.method("hasPrefix", on: .string, [.string], .bool)]) { affix($0, prefix: true) },
        BuiltinEntry("hasSuffix", [.method("hasSuffix", on: .string, [.string], .bool)]) { affix($0, prefix: false) },
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
                    out += try ctx.describe(item)
                    if out.utf8.count > ctx.maximumValueSize { throw ctx.tooLarge("string", out.utf8.count) }
                }
                return .string(out)
            }
        },
    ]

    private static func affix(_ fs: [CompiledExpr], prefix: Bool) -> CompiledExpr {
        let (f0, f1) = (fs[0], fs[1])
        return { ctx throws(EvalError) in
            guard case .string(let s) = try f0(ctx), case .string(let t) = try f1(ctx) else { return .bool(false) }
            try ctx.spend(t.utf8.count)
            return .bool(prefix ? s.hasPrefix(t) : s.hasSuffix(t))
        }
    }

    private static func changeCase(_ fs: [CompiledExpr], upper: Bool) -> CompiledExpr {
        let f0 = fs[0]
        return { ctx throws(EvalError) in
            guard case .string(let s) = try f0(ctx) else { return .none }
            try ctx.spend(s.utf8.count)
            return .string(upper ? s.uppercased() : s.lowercased())
        }
    }
}
