import SpecRuntime

/// What a checked spec's derived outputs were type-checked against (its names and types), kept
/// so that one changed derived expression can be checked alone: `specrun mutate` makes thousands
/// of variants that each change one expression, and checking the whole spec again for each made
/// it quadratic in the spec's size.
package struct DerivedRecheck: Sendable {
    let symbols: [String: Symbol]
    let table: TypeTable

    /// `changed` typed as the derived output `node` of `checked` would be, were its expression
    /// `original` (as written) replaced by it; nil when the whole spec must be checked again to
    /// know: `changed` has an error, or its type or the nodes it reads differ from `original`'s
    /// (its type is what its readers were checked against, and its reads decide the ranks).
    package func retype(_ changed: Expr, replacing original: Expr, asOutput node: Int, of checked: CheckedSpec) -> TypedExpr? {
        guard case .derived = checked.nodes[node].kind else { return nil }
        var before = ExpressionChecker(symbols: symbols, table: table, diagnostics: DiagnosticBag())
        var after = ExpressionChecker(symbols: symbols, table: table, diagnostics: DiagnosticBag())
        guard before.infer(original) != nil, !before.diagnostics.hasErrors,
              let typed = after.infer(changed), !after.diagnostics.hasErrors, typed.type == checked.nodes[node].type,
              Set(after.reads) == Set(before.reads) else { return nil }
        return typed.expr
    }
}
