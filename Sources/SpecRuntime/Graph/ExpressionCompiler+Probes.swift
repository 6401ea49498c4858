@_spi(Engine) import SpecProgram

extension ExpressionCompiler {
    /// `inner` compiled with a probe that reports which way it went. Only called when compiling
    /// with an ``ScreenInstrumentation``; otherwise a probe compiles to `inner` alone.
    static func probe(_ site: ProbeSite, _ inner: TypedExpr, _ instrumentation: any ScreenInstrumentation) -> CompiledExpr {
        // Nested probes report to the same instrumentation.
        func compile(_ e: TypedExpr) -> CompiledExpr { ExpressionCompiler.compile(e, instrumentation: instrumentation) }
        let ids = instrumentation.probeItems(site)
        guard !ids.isEmpty else { return compile(inner) }
        switch (site.kind, inner) {
        case (.ternary, .conditional(let c, let a, let b)) where ids.count == 2:
            let fc = compile(c), fa = compile(a), fb = compile(b)
            let (then, otherwise) = (ids[0], ids[1])
            return { ctx throws(EvalError) in
                if (try fc(ctx)).boolValue { instrumentation.hit(then); return try fa(ctx) }
                instrumentation.hit(otherwise)
                return try fb(ctx)
            }
        case (.and, .and(let a, let b)) where ids.count == 2:
            let fa = compile(a), fb = compile(b)
            let (left, right) = (ids[0], ids[1])
            return { ctx throws(EvalError) in
                guard (try fa(ctx)).boolValue else { instrumentation.hit(left); return .bool(false) }
                instrumentation.hit(right)
                return .bool((try fb(ctx)).boolValue)
            }
        case (.or, .or(let a, let b)) where ids.count == 2:
            let fa = compile(a), fb = compile(b)
            let (left, right) = (ids[0], ids[1])
            return { ctx throws(EvalError) in
                if (try fa(ctx)).boolValue { instrumentation.hit(left); return .bool(true) }
                instrumentation.hit(right)
                return .bool((try fb(ctx)).boolValue)
            }
        case (.coalesce, .coalesce(let a, let b)):
            let fa = compile(a), fb = compile(b)
            let fallback = ids[0]
            return { ctx throws(EvalError) in
                let v = try fa(ctx)
                if case .none = v { instrumentation.hit(fallback); return try fb(ctx) }
                return v
            }
        case (.tableRow, .conditional(let c, let a, let b)):
            let fc = compile(c), fa = compile(a), fb = compile(b)
            let row = ids[0]
            return { ctx throws(EvalError) in
                if (try fc(ctx)).boolValue { instrumentation.hit(row); return try fa(ctx) }
                return try fb(ctx)
            }
        case (.guard, _) where ids.count == 2, (.choice, _) where ids.count == 2:
            let f = compile(inner)
            let (holds, fails) = (ids[0], ids[1])
            return { ctx throws(EvalError) in
                let v = try f(ctx)
                instrumentation.hit(v.boolValue ? holds : fails)
                return v
            }
        default:
            // A table's default, or a site whose expression has another shape: reached means taken.
            let f = compile(inner)
            let reached = ids[0]
            return { ctx throws(EvalError) in
                instrumentation.hit(reached)
                return try f(ctx)
            }
        }
    }
}
