extension ExpressionParser {
    /// `xs[i]`: Swift's subscript, which traps out of range, is not in the language (an expression
    /// has a value or an error). One diagnostic with the forms that are, the brackets skipped.
    mutating func subscriptNotInTheLanguage(_ expr: Expr) -> Expr {
        let open = current
        var level = 0, close = open
        repeat {
            if isSymbol("[") { level += 1 } else if isSymbol("]") { level -= 1 }
            close = advance()
        } while level > 0 && current.kind != .end
        diagnostics.append(Diagnostic(id: .expectedEnd, "a subscript such as 'xs[i]' is not in the language", at: range(open).union(range(close)),
                                      fixIt: "take an element by its position with 'xs.enumerated().first { $0.offset == i }?.element' (nil past the end), "
                                          + "or the ends with 'xs.first' and 'xs.last'"))
        return Expr(.invalid, expr.range.union(range(close)))
    }
}
