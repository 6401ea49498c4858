@_spi(Engine) import SpecProgram

/// Conditions and integer arithmetic compiled to closures returning `Bool` and `Int?` instead of
/// ``Value``: `email.count >= 10 && password.count >= 4` then builds no `Value` between its
/// leaves and its result, so evaluating it copies no enum with a payload (for an `Int` or `Bool`
/// it retains nothing). Each closure computes exactly what the `Value` closure of the same
/// expression (``ExpressionCompiler/compile(_:instrumentation:)``) gives, read the way its consumer reads it:
///
/// - a *condition* is that value's ``Value/boolValue`` (false for anything but `.bool(true)`);
/// - an *integer* is the `Int` of an `.int`, nil for any other value (`.none` of an optional, a
///   failed `count` of something that is not a string).
///
/// Sub-expressions are evaluated in the same order and under the same conditions as there (`&&`
/// short-circuits, `a + b` skips `b` when `a` is no integer), so they fail the same way.
typealias CompiledCondition = (EvalContext) throws(EvalError) -> Bool
typealias CompiledInteger = (EvalContext) throws(EvalError) -> Int?

extension ExpressionCompiler {
    /// Whether `expr` always gives a `.bool`: a negation, `&&`, `||` or an ordering.
    static func isCondition(_ expr: TypedExpr) -> Bool {
        switch expr {
        case .not, .and, .or, .order: return true
        default: return false
        }
    }

    /// `expr.boolValue` as a closure.
    static func compileCondition(_ expr: TypedExpr, instrumentation: (any ScreenInstrumentation)?) -> CompiledCondition {
        switch expr {
        case .constant(let v):
            let b = v.boolValue
            return { _ in b }
        case .node(let i):
            return { ctx throws(EvalError) in
                switch ctx.values[i] {
                case .bool(let b): return b
                case .none:
                    if !ctx.valueless.isEmpty { try ctx.checkHasValue(i) }
                    return false
                default: return false
                }
            }
        case .not(let e):
            if let f = negatedNode(e, instrumentation: instrumentation) { return f }
            let f = compileCondition(e, instrumentation: instrumentation)
            return { ctx throws(EvalError) in !(try f(ctx)) }
        case .and(let a, let b):
            let fa = compileCondition(a, instrumentation: instrumentation), fb = compileCondition(b, instrumentation: instrumentation)
            return { ctx throws(EvalError) in try fa(ctx) ? try fb(ctx) : false }
        case .or(let a, let b):
            let fa = compileCondition(a, instrumentation: instrumentation), fb = compileCondition(b, instrumentation: instrumentation)
            return { ctx throws(EvalError) in try fa(ctx) ? true : try fb(ctx) }
        case .order(let op, let a, let b):
            // Both sides integers when either is one statically: the other is then an integer or
            // a `.none`, and any pair but two `.int`s orders as false, as `order` has it.
            if isStaticInteger(a, instrumentation: instrumentation) || isStaticInteger(b, instrumentation: instrumentation) {
                // `count >= 10`, the usual form: the constant side is compared inline, one closure
                // call fewer per evaluation (the constant's closure returns it and cannot fail).
                if let k = integerConstant(b, instrumentation: instrumentation) {
                    if let f = nodeOrder(op, a, k, instrumentation: instrumentation) { return f }
                    return integerOrder(op, compileInteger(a, instrumentation: instrumentation), k)
                }
                return integerOrder(op, compileInteger(a, instrumentation: instrumentation), compileInteger(b, instrumentation: instrumentation))
            }
            // Not through `compile(expr)`, which comes back here for an ordering.
            let f = order(op, compile(a, instrumentation: instrumentation), compile(b, instrumentation: instrumentation))
            return { ctx throws(EvalError) in (try f(ctx)).boolValue }
        case .probe(_, let inner) where instrumentation == nil:
            return compileCondition(inner, instrumentation: nil)
        default:
            let f = compile(expr, instrumentation: instrumentation)
            return { ctx throws(EvalError) in (try f(ctx)).boolValue }
        }
    }

    /// Whether `expr` always gives an `.int` or `.none`, and ``compileInteger(_:instrumentation:)``
    /// compiles it without a `Value` in between.
    static func isStaticInteger(_ expr: TypedExpr, instrumentation: (any ScreenInstrumentation)?) -> Bool {
        switch expr {
        case .constant(.int): return true
        case .member(_, .stringCount, _), .member(_, .listCount, _): return true
        case .arithmetic(_, .int, _, _), .negate(_, .int): return true
        case .probe(_, let inner) where instrumentation == nil: return isStaticInteger(inner, instrumentation: nil)
        default: return false
        }
    }

    /// The `Int` of `expr`'s value, nil for any other value.
    static func compileInteger(_ expr: TypedExpr, instrumentation: (any ScreenInstrumentation)?) -> CompiledInteger {
        switch expr {
        case .constant(let v):
            guard case .int(let k) = v else { return { _ in nil } }
            return { _ in k }
        case .node(let i):
            return { ctx throws(EvalError) in
                switch ctx.values[i] {
                case .int(let x): return x
                case .none:
                    if !ctx.valueless.isEmpty { try ctx.checkHasValue(i) }
                    return nil
                default: return nil
                }
            }
        case .member(.node(let i), .stringCount, _):
            // The node read and the count in one closure, with no `Value` returned between them.
            return { ctx throws(EvalError) in
                switch ctx.values[i] {
                case .string(let s): return characterCount(s)
                case .none:
                    if !ctx.valueless.isEmpty { try ctx.checkHasValue(i) }
                    return nil
                default: return nil
                }
            }
        case .member(let base, .stringCount, _):
            let f = compile(base, instrumentation: instrumentation)
            return { ctx throws(EvalError) in
                guard case .string(let s) = try f(ctx) else { return nil }
                return characterCount(s)
            }
        case .member(let base, .listCount, _):
            let f = compile(base, instrumentation: instrumentation)
            return { ctx throws(EvalError) in
                guard case .list(let l) = try f(ctx) else { return nil }
                return l.count
            }
        case .negate(let e, .int):
            let f = compileInteger(e, instrumentation: instrumentation)
            return { ctx throws(EvalError) in
                guard let i = try f(ctx) else { return nil }
                let (r, o) = Int(0).subtractingReportingOverflow(i)
                if o { throw EvalError(message: "integer overflow negating \(i)") }
                return r
            }
        case .arithmetic(let op, .int, let a, let b):
            if let f = integerLeaves(op, a, b, instrumentation: instrumentation) { return f }
            return integerArithmetic(op, compileInteger(a, instrumentation: instrumentation), compileInteger(b, instrumentation: instrumentation))
        case .probe(_, let inner) where instrumentation == nil:
            return compileInteger(inner, instrumentation: nil)
        default:
            return genericInteger(expr, instrumentation: instrumentation)
        }
    }

    /// Any expression's integer, through its `Value` closure.
    private static func genericInteger(_ expr: TypedExpr, instrumentation: (any ScreenInstrumentation)?) -> CompiledInteger {
        let f = compile(expr, instrumentation: instrumentation)
        return { ctx throws(EvalError) in
            guard case .int(let x) = try f(ctx) else { return nil }
            return x
        }
    }

    /// The integer `expr` is when it is a constant (through probes that compile to what they
    /// wrap), else nil.
    static func integerConstant(_ expr: TypedExpr, instrumentation: (any ScreenInstrumentation)?) -> Int? {
        switch expr {
        case .constant(.int(let k)): return k
        case .probe(_, let inner) where instrumentation == nil: return integerConstant(inner, instrumentation: nil)
        default: return nil
        }
    }

    /// ``integerOrder(_:_:_:)`` with a constant right side `k`: `a` is evaluated as there.
    private static func integerOrder(_ op: TypedExpr.OrderOperator, _ fa: @escaping CompiledInteger, _ k: Int) -> CompiledCondition {
        switch op {
        case .less:
            return { ctx throws(EvalError) in
                guard let x = try fa(ctx) else { return false }
                return x < k
            }
        case .lessOrEqual:
            return { ctx throws(EvalError) in
                guard let x = try fa(ctx) else { return false }
                return x <= k
            }
        case .greater:
            return { ctx throws(EvalError) in
                guard let x = try fa(ctx) else { return false }
                return x > k
            }
        case .greaterOrEqual:
            return { ctx throws(EvalError) in
                guard let x = try fa(ctx) else { return false }
                return x >= k
            }
        }
    }

    private static func integerOrder(_ op: TypedExpr.OrderOperator, _ fa: @escaping CompiledInteger, _ fb: @escaping CompiledInteger) -> CompiledCondition {
        switch op {
        case .less:
            return { ctx throws(EvalError) in
                let a = try fa(ctx), b = try fb(ctx)
                guard let x = a, let y = b else { return false }
                return x < y
            }
        case .lessOrEqual:
            return { ctx throws(EvalError) in
                let a = try fa(ctx), b = try fb(ctx)
                guard let x = a, let y = b else { return false }
                return x <= y
            }
        case .greater:
            return { ctx throws(EvalError) in
                let a = try fa(ctx), b = try fb(ctx)
                guard let x = a, let y = b else { return false }
                return x > y
            }
        case .greaterOrEqual:
            return { ctx throws(EvalError) in
                let a = try fa(ctx), b = try fb(ctx)
                guard let x = a, let y = b else { return false }
                return x >= y
            }
        }
    }

    /// As `arithmetic` for `.int`: `b` is evaluated only when `a` is an integer, overflow and
    /// division by zero throw with the same messages.
    private static func integerArithmetic(_ op: TypedExpr.ArithmeticOperator, _ fa: @escaping CompiledInteger, _ fb: @escaping CompiledInteger) -> CompiledInteger {
        { ctx throws(EvalError) in
            guard let x = try fa(ctx), let y = try fb(ctx) else { return nil }
            return try integerResult(op, x, y)
        }
    }

    /// `x OP y`, throwing on overflow and division by zero.
    @inline(__always)
    static func integerResult(_ op: TypedExpr.ArithmeticOperator, _ x: Int, _ y: Int) throws(EvalError) -> Int {
        let r: (partialValue: Int, overflow: Bool)
        switch op {
        case .add: r = x.addingReportingOverflow(y)
        case .subtract: r = x.subtractingReportingOverflow(y)
        case .multiply: r = x.multipliedReportingOverflow(by: y)
        case .divide:
            if y == 0 { throw EvalError(message: "division by zero in '\(x) / 0'") }
            r = x.dividedReportingOverflow(by: y)
        case .remainder:
            if y == 0 { throw EvalError(message: "division by zero in '\(x) % 0'") }
            r = x.remainderReportingOverflow(dividingBy: y)
        }
        if r.overflow { throw EvalError(message: "integer overflow in arithmetic on \(x) and \(y)") }
        return r.partialValue
    }
}
