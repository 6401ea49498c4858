extension ExpressionCompiler {
    /// `inner` compiled with a probe that records which way it went. Only called when compiling
    /// with a ``CoverageRecorder``; otherwise a probe compiles to `inner` alone.
    static func probe(_ site: ProbeSite, _ inner: TypedExpr, _ recorder: CoverageRecorder) -> CompiledExpr {
        // Nested probes report to the same recorder.
        func compile(_ e: TypedExpr) -> CompiledExpr { ExpressionCompiler.compile(e, coverage: recorder) }
        let ids = recorder.probeItems(site)
        guard !ids.isEmpty else { return compile(inner) }
        switch (site.kind, inner) {
        case (.ternary, .conditional(let c, let a, let b)) where ids.count == 2:
            let fc = compile(c), fa = compile(a), fb = compile(b)
            let (then, otherwise) = (ids[0], ids[1])
            return { ctx throws(EvalError) in
                if (try fc(ctx)).boolValue { recorder.hit(then); return try fa(ctx) }
                recorder.hit(otherwise)
                return try fb(ctx)
            }
        case (.and, .and(let a, let b)) where ids.count == 2:
            let fa = compile(a), fb = compile(b)
            let (left, right) = (ids[0], ids[1])
            return { ctx throws(EvalError) in
                guard (try fa(ctx)).boolValue else { recorder.hit(left); return .bool(false) }
                recorder.hit(right)
                return .bool((try fb(ctx)).boolValue)
            }
        case (.or, .or(let a, let b)) where ids.count == 2:
            let fa = compile(a), fb = compile(b)
            let (left, right) = (ids[0], ids[1])
            return { ctx throws(EvalError) in
                if (try fa(ctx)).boolValue { recorder.hit(left); return .bool(true) }
                recorder.hit(right)
                return .bool((try fb(ctx)).boolValue)
            }
        case (.coalesce, .coalesce(let a, let b)):
            let fa = compile(a), fb = compile(b)
            let fallback = ids[0]
            return { ctx throws(EvalError) in
                let v = try fa(ctx)
                if case .none = v { recorder.hit(fallback); return try fb(ctx) }
                return v
            }
        case (.tableRow, .conditional(let c, let a, let b)):
            let fc = compile(c), fa = compile(a), fb = compile(b)
            let row = ids[0]
            return { ctx throws(EvalError) in
                if (try fc(ctx)).boolValue { recorder.hit(row); return try fa(ctx) }
                return try fb(ctx)
            }
        default:
            // A table's default, or a site whose expression has another shape: reached means taken.
            let f = compile(inner)
            let reached = ids[0]
            return { ctx throws(EvalError) in
                recorder.hit(reached)
                return try f(ctx)
            }
        }
    }
}
