@_spi(Engine) import SpecProgram

/// A spec's invariants, compiled for checking between steps.
///
/// An invariant must hold after every step, and nothing inside a transaction reads it, so the graph
/// compiles it like a derived output but makes it no node's reader: propagation never schedules
/// it, and a change costs the same with or without invariants. A check runs the compiled
/// expression on the graph's current values instead. An invariant may read earlier ones: they
/// are evaluated first and hold their value in the context only during the check, so the graph's
/// state (what exploration saves and hashes) never holds an invariant's value.
struct CompiledInvariants {
    private struct Entry {
        /// A struct field, not an array element, so that calling it needs no reabstraction thunk.
        let expr: CompiledExpr
        let node: Int
        /// The earlier invariants it reads, directly or through another, in declaration order.
        let earlier: [Int]
        let readsEarlier: Bool
    }

    private let entries: [Entry]
    /// Every invariant in declaration order as one closure, the index of the first that does not
    /// hold or -1: one call per check, each invariant's closure a capture of the next.
    private let firstBrokenCheck: (EvalContext) -> Int
    /// Invariants some later one reads: their nodes hold a value during a check only.
    private let readByLater: [Int]

    /// `expression(node)` is the compiled expression of the invariant at `node`, `reads(node)` the
    /// nodes it reads. (Not an array of closures: its elements would be called through a thunk.)
    init(_ plans: [InvariantPlan], expression: (Int) -> CompiledExpr, reads: (Int) -> [Int]) {
        var entries: [Entry] = []
        var readByLater = Set<Int>()
        for (k, plan) in plans.enumerated() {
            var earlier = Set<Int>()
            for read in reads(plan.node) {
                guard let j = plans[..<k].firstIndex(where: { $0.node == read }) else { continue }
                earlier.insert(j)
                earlier.formUnion(entries[j].earlier)
            }
            readByLater.formUnion(earlier)
            entries.append(Entry(expr: expression(plan.node), node: plan.node, earlier: earlier.sorted(), readsEarlier: !earlier.isEmpty))
        }
        var check: (EvalContext) -> Int = { _ in -1 }
        for k in entries.indices.reversed() {
            let f = entries[k].expr, node = entries[k].node, keeps = readByLater.contains(k), next = check
            check = { ctx in
                let value: Value
                do throws(EvalError) { value = try f(ctx) } catch { return k }
                guard case .bool(true) = value else { return k }
                if keeps { ctx.values[node] = value }
                return next(ctx)
            }
        }
        self.entries = entries
        self.firstBrokenCheck = check
        self.readByLater = readByLater.sorted().map { entries[$0].node }
    }

    var isEmpty: Bool { entries.isEmpty }

    /// Invariant `k`'s value on the context's values. Throws when its expression fails or reads a
    /// node with no value.
    func evaluate(_ k: Int, _ ctx: EvalContext) throws(EvalError) -> Value {
        guard entries[k].readsEarlier else { return try entries[k].expr(ctx) }
        return try evaluateAfterEarlier(k, ctx)
    }

    @inline(never)
    private func evaluateAfterEarlier(_ k: Int, _ ctx: EvalContext) throws(EvalError) -> Value {
        let earlier = entries[k].earlier
        defer { for j in earlier { ctx.values[entries[j].node] = .none } }
        for j in earlier { ctx.values[entries[j].node] = try entries[j].expr(ctx) }
        return try entries[k].expr(ctx)
    }

    /// The first invariant that does not hold (its value is not `true`, or its expression fails),
    /// nil when all hold.
    func firstBroken(_ ctx: EvalContext) -> Int? {
        let k = firstBrokenCheck(ctx)
        if !readByLater.isEmpty { for node in readByLater { ctx.values[node] = .none } }
        return k < 0 ? nil : k
    }
}
