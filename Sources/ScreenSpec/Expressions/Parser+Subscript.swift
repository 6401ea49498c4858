extension ExpressionParser {
    /// `xs[i]`: Swift's subscript, read as a call of the member ``Expr/subscriptMember`` (a name no
    /// one can write after a dot) with the index its one argument, so every walker of expressions
    /// handles it as the call it is. The checker types it (`ExpressionChecker+Subscript.swift`);
    /// past the end it is a run-time error where Swift traps.
    mutating func subscripted(_ expr: Expr) -> Expr {
        let open = advance()
        guard !isSymbol("]") else {
            let close = advance()
            diagnostics.append(Diagnostic(id: .expectedExpression, "a subscript takes an index, as in 'xs[0]'", at: range(open).union(range(close))))
            return Expr(.invalid, expr.range.union(range(close)))
        }
        let index = expression()
        let close = current
        if isSymbol(",") {
            diagnostics.append(Diagnostic(id: .expectedSymbol, "a list's subscript takes one index, as in 'xs[0]'", at: range(current)))
            var level = 1, last = current
            while level > 0 && current.kind != .end {
                if isSymbol("[") { level += 1 } else if isSymbol("]") { level -= 1 }
                last = advance()
            }
            return Expr(.invalid, expr.range.union(range(last)))
        }
        expect("]", closing: open)
        let brackets = range(open).union(range(close))
        let callee = Expr(.member(expr, Expr.subscriptMember, optional: false, nameRange: brackets), expr.range.union(brackets))
        return Expr(.call(callee, [index]), expr.range.union(brackets))
    }
}

extension Expr {
    /// The member name `xs[i]` is read as, a call `xs.[](i)` that no one can write (the lexer
    /// reads no such name).
    package static let subscriptMember = "[]"
}
