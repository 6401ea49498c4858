/// Invariants on the graph: evaluated on demand against the current values, never propagated.
extension ScreenGraph {
    /// Out of line, so that `value(of:)` stays a read: nil, or an invariant's value.
    @inline(never)
    func unemittedValue(of node: Int) -> Value? {
        guard isInvariant[node], let k = spec.invariants.firstIndex(where: { $0.node == node }) else { return nil }
        return try? evaluateInvariant(k)
    }

    /// The value of invariant `k` (of ``CheckedSpec/invariants``) now: its compiled expression run
    /// on the current values; propagation never computes it (see `CompiledInvariants`). Throws
    /// when the expression fails or reads a node with no value.
    func evaluateInvariant(_ k: Int) throws(EvalError) -> Value {
        try invariants.evaluate(k, context)
    }

    /// The first invariant that does not hold now (false, or its expression fails), nil when all
    /// hold.
    package func firstBrokenInvariant() -> Int? {
        invariants.isEmpty ? nil : invariants.firstBroken(context)
    }
}
