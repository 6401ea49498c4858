import ScreenSpec
import SpecRuntime

/// Checks each mutant of one spec. A change in a derived output's expression (most mutants of a
/// large spec) is checked alone, against the names and types the original was checked with, and
/// its program is the original's with that one expression replaced: its readers, ranks and
/// scenarios are unchanged when its type and reads are. Any other change, or one that changes
/// the expression's type or reads, checks the whole changed spec. Checking the whole spec for
/// every mutant made `specrun mutate` quadratic in the spec's size.
struct MutantChecker: Sendable {
    private let draft: SpecDraft
    /// The original as the draft checks it.
    private let checked: CheckedSpec
    private let scope: CheckScope?
    /// Expression slots (see `Spec.rewriteExpressions`) that are a derived output's expression:
    /// the output's index in `spec.outputs` and its node.
    private let derivedSlots: [Int: (output: Int, node: Int)]

    /// Nil when the draft's spec does not check.
    init?(draft: SpecDraft) {
        var checking = draft
        let (checked, _, scope) = checking.checkKeepingScope(draft.spec)
        guard let checked else { return nil }
        // Checked once here, the draft has read its sibling specs (navigation targets): each
        // mutant's copy starts from that and checks only itself.
        self.draft = checking
        self.checked = checked
        self.scope = scope
        program = ScreenProgram(checked)
        var derived: [String: (output: Int, range: SpecRange)] = [:]
        for (o, output) in draft.spec.outputs.enumerated() {
            if case .derived(let expr) = output.kind { derived[output.name.value] = (o, expr.range) }
        }
        var slots: [Int: (output: Int, node: Int)] = [:]
        var scratch = draft.spec
        scratch.rewriteExpressions { slot, declaration, expr in
            guard let target = derived[declaration], target.range == expr.range, let node = checked.node(named: declaration) else { return }
            // Only the output's own expression: a later slot of the same name is something else's.
            derived[declaration] = nil
            slots[slot] = (target.output, node)
        }
        derivedSlots = slots
    }

    /// The original compiled once: a mutant of a derived expression compiles only that expression.
    let program: ScreenProgram

    /// For a change in one derived output's expression that type-checks, the changed node and
    /// its new expression, without a checked spec or program of its own (what ``ConeReplay``
    /// judges a mutant by); nil for any other mutant.
    func derivedExpression(_ mutant: Mutant) -> (node: Int, expression: TypedExpr)? {
        derivedChange(mutant).map { (node: $0.1, expression: $0.0) }
    }

    /// The mutant's compiled program; nil when it does not check (the mutant is not type-correct).
    func program(_ mutant: Mutant) -> ScreenProgram? {
        if let (typed, node) = derivedChange(mutant) {
            var spec = checked
            spec.nodes[node].kind = .derived(typed)
            return ScreenProgram(spec, changing: node, of: program)
        }
        var local = draft
        return local.check(mutant.apply(to: draft.spec)).spec.map { ScreenProgram($0) }
    }

    /// For a change in a derived output's expression that keeps its type and reads, the new
    /// typed expression and the changed node (a copy of the checked spec costs as much as the
    /// spec: it is made only for a program that plays).
    private func derivedChange(_ mutant: Mutant) -> (TypedExpr, Int)? {
        if case .expression(let slot, let node, let replacement) = mutant.edit, let scope, let target = derivedSlots[slot],
           case .derived(let original) = draft.spec.outputs[target.output].kind {
            var counter = 0
            let changed = original.replacing(node: node, with: replacement, counter: &counter)
            if let typed = scope.retype(changed, replacing: original, asOutput: target.node, of: checked) {
                // An output with `every:` reads its tick around its value (DataflowPass+Every.swift).
                if case .derived(.call(.recomputedEvery, let arguments)) = checked.nodes[target.node].kind, arguments.count == 2 {
                    return (.call(.recomputedEvery, [arguments[0], typed]), target.node)
                }
                return (typed, target.node)
            }
        }
        return nil
    }
}
