import SpecRuntime

/// The cases of ``ExpressionChecker/infer(_:expected:)`` with locals of their own, each a
/// function of its own: a debug build gives a function one frame for the locals of every case,
/// and `infer` recurses once per operator of a chain (512 at most), so its frame is kept small.
extension ExpressionChecker {
    mutating func interpolation(_ parts: [InterpolationPart]) -> Typed? {
        var typed: [TypedInterpolationPart] = []
        var ok = true
        for part in parts {
            switch part {
            case .text(let t): typed.append(.text(t))
            case .expr(let e):
                if let t = infer(e) { typed.append(.value(t.expr)) } else { ok = false }
            }
        }
        return ok ? (.interpolation(typed), .string) : nil
    }

    mutating func dollarArgument(_ index: Int, _ expr: Expr) -> Typed? {
        if let named = closureScopes.last, !named.names.isEmpty { return anonymousArgument(index, in: named, expr) }
        if let t = closureArguments.last {
            guard index == 0 else {
                return error(.closureArgument, "a list closure has one argument, '$0'; found '$\(index)'", expr.range)
            }
            return (.closureArgument, t)
        }
        if inputUnresolved { return nil }
        if let input = actionInput {
            guard input.type != .void else {
                var notes = [DiagnosticNote("declare what it takes with 'input: TYPE' on the action, and pass it with 'send: { \(input.action): VALUE }'")]
                if let trigger = input.trigger, trigger.type != .void {
                    notes = [DiagnosticNote("its trigger '\(trigger.name)' carries '\(trigger.type)': read it as '\(trigger.name)', or declare 'input: \(trigger.type)' to make it the action's input")]
                }
                return error(.closureArgument, "action '\(input.action)' takes no input, so '$\(index)' has nothing to read", expr.range, notes: notes)
            }
            guard index == 0 else {
                return error(.closureArgument, "an action's work has one argument, '$0', its input; found '$\(index)'", expr.range)
            }
            if let field = actionInputField { return (.member(.eventPayload, .field(field), chained: false), input.type) }
            return (.eventPayload, input.type)
        }
        guard index < operatorArguments.count else {
            let message = operatorArguments.isEmpty
                ? "'$\(index)' can only be used inside a closure such as 'items.map { $0.name }' or an operator's expression"
                : "this expression has \(operatorArguments.count) argument\(operatorArguments.count == 1 ? "" : "s") ("
                    + operatorArguments.indices.map { "'$\($0)'" }.joined(separator: ", ") + "); found '$\(index)'"
            return error(.closureArgument, message, expr.range)
        }
        return (.operatorArgument(index), operatorArguments[index])
    }

    mutating func ternary(_ c: Expr, _ a: Expr, _ b: Expr, expected: SpecType?, _ range: SpecRange) -> Typed? {
        let cond = check(c, expecting: .bool)
        let ta: Typed?, tb: Typed?
        // `i == 1 ? .active : Filter.done`, `ok ? fail(.decode) : x` or `on ? nil : xs.first`:
        // the other branch gives the first its type.
        if (expected == nil && (a.isFailCall || (a.isImplicitMember && !b.isImplicitMember))) || (a.isNil && !b.isNil) {
            tb = infer(b, expected: expected)
            ta = tb.flatMap { infer(a, expected: Self.branchContext(a, expected: expected, other: $0.type)) }
        } else {
            ta = infer(a, expected: expected)
            tb = ta.flatMap { infer(b, expected: Self.branchContext(b, expected: expected, other: $0.type)) }
        }
        guard let ta, let tb else { return nil }
        guard let cond else { return nil }
        guard let type = unify(ta.type, tb.type) else {
            return error(.typeMismatch, "the branches of '? :' must have one type, found '\(ta.type)' and '\(tb.type)'", range)
        }
        return (.probe(ProbeSite(.ternary, range), .conditional(cond, ta.expr, tb.expr)), type)
    }

    /// The type a branch of `? :` is inferred with, `other` being the other branch's: the
    /// context's, else the other branch's. `nil` takes an optional one, as in Swift: the other
    /// branch's made optional when the context is not (`a ?? (on ? xs.first : nil)`, whose right
    /// side may be `Int?`; `on ? 1 : nil` is an `Int?`).
    static func branchContext(_ branch: Expr, expected: SpecType?, other: SpecType) -> SpecType {
        if branch.isNil, expected?.isOptional != true { return .makeOptional(other) }
        return expected ?? other
    }

    mutating func listLiteral(_ items: [Expr], expected: SpecType?, _ range: SpecRange) -> Typed? {
        var element: SpecType? = {
            if case .list(let e)? = expected?.unwrapped { return e }
            return nil
        }()
        var typed: [TypedExpr] = []
        for item in items {
            guard let t = infer(item, expected: element) else { return nil }
            if let e = element {
                guard let u = unify(e, t.type) else {
                    return error(.typeMismatch, "list elements must have one type: expected '\(e)', found '\(t.type)'", item.range)
                }
                element = u
            } else {
                element = t.type
            }
            typed.append(t.expr)
        }
        guard let element else {
            diagnostics.error(.emptyListContext, "an empty list '[]' needs a list type from its context", at: range, fixIt: Self.typedEmptyListHelp)
            return nil
        }
        return (.list(typed), .list(element))
    }
}
