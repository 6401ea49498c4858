/// Checks a spec's `invariants:` on a running graph, between steps. The graph does not keep an
/// invariant up to date (see `CompiledInvariants`): a check runs its compiled expression on the
/// current values, which allocates nothing for the usual Bool and Int reads.
package struct InvariantMonitor {
    package let invariants: [InvariantPlan]
    /// Per invariant, the nodes its expression reads, whose values a violation shows.
    private let reads: [[Int]]
    private let names: [String]

    package init(spec: CheckedSpec) {
        invariants = spec.invariants
        reads = spec.invariants.map { plan in
            if case .derived(let expr) = spec.nodes[plan.node].kind { return expr.nodeReads() }
            return []
        }
        names = spec.nodes.map(\.name)
    }

    package var isEmpty: Bool { invariants.isEmpty }

    /// Whether invariant `k` holds now; an invariant whose expression fails does not.
    @inline(__always)
    package func holds(_ k: Int, in graph: ScreenGraph) -> Bool {
        do throws(EvalError) {
            if case .bool(true) = try graph.evaluateInvariant(k) { return true }
        } catch {}
        return false
    }

    /// The first invariant that does not hold, nil when all hold.
    package func firstBroken(in graph: ScreenGraph) -> Int? {
        graph.firstBrokenInvariant()
    }

    /// The values the invariant reads, as `name = value, ...`.
    package func values(_ k: Int, in graph: ScreenGraph) -> String {
        reads[k].map { node in "\(names[node]) = \(graph.value(of: node).map(ValueFormatter.text) ?? "no value yet")" }
            .joined(separator: ", ")
    }

    /// `invariant 'name' does not hold after <what>: a = 1, b = true`, and when its expression
    /// fails, why: `(its expression fails: ...)`.
    package func message(_ k: Int, after what: String?, in graph: ScreenGraph) -> String {
        let shown = values(k, in: graph)
        var failure = ""
        do throws(EvalError) {
            _ = try graph.evaluateInvariant(k)
        } catch {
            failure = " (its expression fails: \(error.message))"
        }
        return "invariant '\(invariants[k].name)' does not hold" + (what.map { " after \($0)" } ?? "") + (shown.isEmpty ? "" : ": " + shown) + failure
    }
}
