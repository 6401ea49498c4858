import SpecRuntime

/// What a checked spec was checked with, kept beside it so that the tools check one more thing
/// against it without checking the whole spec again: `specrun mutate` retypes one changed derived
/// expression (thousands of variants, each changing one, made checking every variant whole
/// quadratic in the spec's size), and the preview checks a person's gesture as the scenario step
/// it is, with the scenarios' own step checks (no text spliced into the spec, nothing read again).
package struct CheckScope: Sendable {
    /// Checks steps as the scenarios pass does.
    let steps: StepChecker
    /// The nodes, names and types as the check left them.
    let context: CheckContext
    /// The names and types derived outputs were checked against.
    let expressions: ExpressionScope

    /// `changed` typed as the derived output `node` of `checked` would be, were its expression
    /// `original` (as written) replaced by it; nil when the whole spec must be checked again to
    /// know: `changed` has an error, or its type or the nodes it reads differ from `original`'s
    /// (its type is what its readers were checked against, and its reads decide the ranks).
    package func retype(_ changed: Expr, replacing original: Expr, asOutput node: Int, of checked: CheckedSpec) -> TypedExpr? {
        guard case .derived = checked.nodes[node].kind else { return nil }
        var before = ExpressionChecker(symbols: expressions.symbols, table: expressions.table, diagnostics: DiagnosticBag())
        var after = ExpressionChecker(symbols: expressions.symbols, table: expressions.table, diagnostics: DiagnosticBag())
        (before.functions, after.functions) = (context.functions, context.functions)
        guard before.infer(original) != nil, !before.diagnostics.hasErrors,
              let typed = after.infer(changed), !after.diagnostics.hasErrors, typed.type == checked.nodes[node].type,
              Set(after.reads) == Set(before.reads) else { return nil }
        return typed.expr
    }

    /// The plans `step` makes as a step of one of the spec's scenarios, and what is wrong with it
    /// (the plans are only those of its parts that check).
    package func check(step: StepDecl) -> (plans: [StepPlan], diagnostics: [Diagnostic]) {
        check([step], diagnostics: DiagnosticBag(suggestionBudget: Suggestion.Budget()))
    }

    /// ``check(step:)`` for a step written as a scenario writes it, one YAML list item such as
    /// `- type: { email: "a@b.c" }`, read by the spec reader; its diagnostics name `path`.
    package func check(stepText text: String, path: String) -> (plans: [StepPlan], diagnostics: [Diagnostic]) {
        var bag = DiagnosticBag(suggestionBudget: Suggestion.Budget())
        let source = SourceFile(path: path, text: text)
        guard let root = YAMLParser.parse(source, diagnostics: &bag) else { return ([], bag.all) }
        guard let items = root.sequence, items.count == 1 else {
            bag.error(.invalidStep, "a step is one list item, as in '- tap: confirm', found \(root.kindName)", at: root.range)
            return ([], bag.all)
        }
        var reader = SpecReader(source: source, diagnostics: bag)
        let step = reader.readStep(items[0])
        guard let step, !reader.diagnostics.hasErrors else { return ([], reader.diagnostics.all) }
        return check([step], diagnostics: reader.diagnostics)
    }

    private func check(_ steps: [StepDecl], diagnostics: DiagnosticBag) -> (plans: [StepPlan], diagnostics: [Diagnostic]) {
        var cx = context
        cx.diagnostics = diagnostics
        let plans = self.steps.check(steps, ValueReader(table: cx.table), over: &cx)
        return (plans, cx.diagnostics.all)
    }
}

/// The names and types an expression of the view model is checked against.
struct ExpressionScope: Sendable {
    let symbols: [String: Symbol]
    let table: TypeTable
}
