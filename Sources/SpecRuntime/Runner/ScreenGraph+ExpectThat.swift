/// `expect: messages.count == 4`: a scenario's `Bool` expression, judged against current values.
extension ScreenGraph {
    /// Why `expr` does not hold now, or nil when it does. A comparison at the top says what each
    /// side was (`got 3 == 4`), as a test framework's assertion does.
    package func failure(of expr: TypedExpr, written: String) -> String? {
        do throws(EvalError) {
            if case .bool(true) = try ExpressionCompiler.compile(expr)(context) { return nil }
            return "expected \(written), got \(try sides(of: expr.unprobed) ?? "false")"
        } catch {
            return "expected \(written), got a run-time error: \(error.message)"
        }
    }

    private func sides(of expr: TypedExpr) throws(EvalError) -> String? {
        let (op, lhs, rhs): (String, TypedExpr, TypedExpr)
        switch expr {
        case .equal(let l, let r, let negated): (op, lhs, rhs) = (negated ? "!=" : "==", l, r)
        case .order(let o, let l, let r):
            let text = switch o {
            case .less: "<"
            case .lessOrEqual: "<="
            case .greater: ">"
            case .greaterOrEqual: ">="
            }
            (op, lhs, rhs) = (text, l, r)
        default: return nil
        }
        let left = try ExpressionCompiler.compile(lhs)(context), right = try ExpressionCompiler.compile(rhs)(context)
        return "\(ValueFormatter.text(left)) \(op) \(ValueFormatter.text(right))"
    }
}
