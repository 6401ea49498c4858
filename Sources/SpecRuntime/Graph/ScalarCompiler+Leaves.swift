@_spi(Engine) import SpecProgram

/// Operators over a node and a constant compiled into one closure each: `b * 3`, `a > 5`,
/// `!flag`, `flag ? a : b`.
///
/// Every closure is a heap context, kept as long as its program and freed with it one by one:
/// compiled as the general cases do, `a + b * 3` was six contexts (the node reads and the
/// constant each one of their own), its program kept them all, and freeing them was most of
/// tearing a graph down (docs/performance.md, "Tearing a graph down"). A node operand is read
/// here as its own closure reads it (a `.none` checks whether the node has a value), a constant
/// is compared inline, and the results and failures are those of the general form.
extension ExpressionCompiler {
    /// What `compileInteger(.node(i))`'s closure gives, read in place.
    @inline(__always)
    static func integer(at i: Int, _ ctx: EvalContext) throws(EvalError) -> Int? {
        switch ctx.values[i] {
        case .int(let x): return x
        case .none:
            if !ctx.valueless.isEmpty { try ctx.checkHasValue(i) }
            return nil
        default: return nil
        }
    }

    /// What `compileCondition(.node(i))`'s closure gives, read in place.
    @inline(__always)
    static func condition(at i: Int, _ ctx: EvalContext) throws(EvalError) -> Bool {
        switch ctx.values[i] {
        case .bool(let b): return b
        case .none:
            if !ctx.valueless.isEmpty { try ctx.checkHasValue(i) }
            return false
        default: return false
        }
    }

    /// The node `expr` reads when it is one (through probes that compile to what they wrap).
    static func nodeOperand(_ expr: TypedExpr, instrumentation: (any ScreenInstrumentation)?) -> Int? {
        switch expr {
        case .node(let i): return i
        case .probe(_, let inner) where instrumentation == nil: return nodeOperand(inner, instrumentation: nil)
        default: return nil
        }
    }

    /// `!node` in one closure; nil when `e` is no node.
    static func negatedNode(_ e: TypedExpr, instrumentation: (any ScreenInstrumentation)?) -> CompiledCondition? {
        guard let i = nodeOperand(e, instrumentation: instrumentation) else { return nil }
        return { ctx throws(EvalError) in !(try condition(at: i, ctx)) }
    }

    /// `node OP k` (an ordering) in one closure; nil when `a` is no node.
    static func nodeOrder(_ op: TypedExpr.OrderOperator, _ a: TypedExpr, _ k: Int,
                          instrumentation: (any ScreenInstrumentation)?) -> CompiledCondition? {
        guard let i = nodeOperand(a, instrumentation: instrumentation) else { return nil }
        switch op {
        case .less:
            return { ctx throws(EvalError) in
                guard let x = try integer(at: i, ctx) else { return false }
                return x < k
            }
        case .lessOrEqual:
            return { ctx throws(EvalError) in
                guard let x = try integer(at: i, ctx) else { return false }
                return x <= k
            }
        case .greater:
            return { ctx throws(EvalError) in
                guard let x = try integer(at: i, ctx) else { return false }
                return x > k
            }
        case .greaterOrEqual:
            return { ctx throws(EvalError) in
                guard let x = try integer(at: i, ctx) else { return false }
                return x >= k
            }
        }
    }

    /// Integer `a OP b` where `a` is a node or `b` a constant (or both), with one closure fewer
    /// per such operand; nil when neither is.
    static func integerLeaves(_ op: TypedExpr.ArithmeticOperator, _ a: TypedExpr, _ b: TypedExpr,
                              instrumentation: (any ScreenInstrumentation)?) -> CompiledInteger? {
        let node = nodeOperand(a, instrumentation: instrumentation)
        let k = integerConstant(b, instrumentation: instrumentation)
        switch (node, k) {
        case (let i?, let k?):
            return { ctx throws(EvalError) in
                guard let x = try integer(at: i, ctx) else { return nil }
                return try integerResult(op, x, k)
            }
        case (let i?, nil):
            let fb = compileInteger(b, instrumentation: instrumentation)
            return { ctx throws(EvalError) in
                guard let x = try integer(at: i, ctx), let y = try fb(ctx) else { return nil }
                return try integerResult(op, x, y)
            }
        case (nil, let k?):
            let fa = compileInteger(a, instrumentation: instrumentation)
            return { ctx throws(EvalError) in
                guard let x = try fa(ctx) else { return nil }
                return try integerResult(op, x, k)
            }
        case (nil, nil):
            return nil
        }
    }

    /// `node ? a : b`, the node read in place.
    static func conditional(on i: Int, _ fa: @escaping CompiledExpr, _ fb: @escaping CompiledExpr) -> CompiledExpr {
        return { ctx throws(EvalError) in
            let value = ctx.values[i]
            if case .none = value, !ctx.valueless.isEmpty { try ctx.checkHasValue(i) }
            return value.boolValue ? try fa(ctx) : try fb(ctx)
        }
    }
}
