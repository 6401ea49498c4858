import SpecRuntime

/// The ranking pass: each node's rank, a topological order of the dataflow edges (`from -> to`:
/// `to` is ranked after `from`), ties broken by declaration order. It reads only the nodes and
/// edges the earlier passes built and reports a cycle with its path.
enum NodeRanking {
    /// The rank of each node, or nil when the edges have a cycle (reported into `diagnostics`).
    static func rank(_ nodes: [NodeDecl], edges: [[Int]], diagnostics: inout DiagnosticBag) -> [Int]? {
        let sorted = TopologicalOrder(count: nodes.count, successors: edges)
        var rank = [Int](repeating: -1, count: nodes.count)
        for (position, node) in sorted.order.enumerated() { rank[node] = position }
        guard !sorted.isComplete else { return rank }
        reportCycle(nodes, edges: edges, rank: rank, diagnostics: &diagnostics)
        return nil
    }

    private static func reportCycle(_ nodes: [NodeDecl], edges: [[Int]], rank: [Int], diagnostics: inout DiagnosticBag) {
        // Walk backwards along unranked dependencies until a node repeats: that loop is a cycle.
        var predecessors = [[Int]](repeating: [], count: nodes.count)
        for (from, targets) in edges.enumerated() { for t in targets where rank[from] < 0 { predecessors[t].append(from) } }
        guard var current = rank.firstIndex(of: -1) else { return }
        var seenAt: [Int: Int] = [:]
        var path: [Int] = []
        while seenAt[current] == nil {
            seenAt[current] = path.count
            path.append(current)
            guard let p = predecessors[current].first(where: { rank[$0] < 0 }) else { return }
            current = p
        }
        let cycle = Array(path[seenAt[current]!...].reversed())
        let names = cycle.map { nodes[$0].name } + [nodes[cycle[0]].name]
        diagnostics.error("cycle", "dependency cycle: " + names.map { "'\($0)'" }.joined(separator: " -> "), at: nodes[cycle[0]].range,
                          notes: cycle.dropFirst().map { DiagnosticNote("'\(nodes[$0].name)' is part of the cycle", at: nodes[$0].range) })
    }
}
