import ScreenSpec

/// Checks a spec's `invariants:` on a running graph. Each invariant is a hidden Bool node the graph
/// keeps up to date, so a check reads one value per invariant and allocates nothing.
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

    /// Whether invariant `k` holds now; an invariant whose expression failed does not.
    @inline(__always)
    package func holds(_ k: Int, in graph: ScreenGraph) -> Bool {
        graph.value(of: invariants[k].node) == .bool(true)
    }

    /// The first invariant that does not hold, nil when all hold.
    package func firstBroken(in graph: ScreenGraph) -> Int? {
        for k in invariants.indices where !holds(k, in: graph) { return k }
        return nil
    }

    /// The values the invariant reads, as `name = value, ...`.
    package func values(_ k: Int, in graph: ScreenGraph) -> String {
        reads[k].map { node in "\(names[node]) = \(graph.value(of: node).map(ValueFormatter.text) ?? "no value yet")" }
            .joined(separator: ", ")
    }

    /// `invariant 'name' does not hold after <what>: a = 1, b = true`.
    package func message(_ k: Int, after what: String?, in graph: ScreenGraph) -> String {
        let shown = values(k, in: graph)
        return "invariant '\(invariants[k].name)' does not hold" + (what.map { " after \($0)" } ?? "") + (shown.isEmpty ? "" : ": " + shown)
    }
}
