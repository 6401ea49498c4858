import SpecRuntime

/// The ranking pass: each node's rank, a topological order of the dataflow edges (`from -> to`:
/// `to` is ranked after `from`), ties broken by declaration order. It reads only the nodes and
/// edges the earlier passes built and reports a cycle with its path.
enum NodeRanking {
    /// What the pass found.
    struct Ranking {
        /// The rank of each node, or nil when the edges have a cycle (reported).
        var rank: [Int]?
        /// The nodes of the dependency cycle reported, in order; empty without one.
        var cycle: [Int] = []
        /// With a cycle, a rank for drawing the spec anyway: the nodes in or after the cycle
        /// ranked last, in declaration order.
        var drawingRank: [Int] = []
    }

    /// How to break a cycle: every value in it is computed from the others in the same instant.
    static let breakCycleHelp = "each value here is computed from the others at the same instant; break the loop by keeping one "
        + "of them in 'state:' that a handler sets, or by reading it in a stream with 'withLatestFrom', which sees the value before the change"

    /// Ranks the nodes. Feedback is not a cycle: a loop that passes through one of the `sampling`
    /// reads runs in order, the read first (it sees the value before the write), so those reads'
    /// edges are dropped from `edges` where they close a loop. Only the loops left without them
    /// are instantaneous cycles, reported into `diagnostics`.
    static func rank(_ nodes: [NodeDecl], edges: inout [[Int]], sampling: [(from: Int, to: Int)],
                     diagnostics: inout DiagnosticBag) -> Ranking {
        var sorted = TopologicalOrder(count: nodes.count, successors: edges)
        if !sorted.isComplete {
            edges = FeedbackLoops.withoutSamplingReadsInLoops(edges, sampling: sampling, unresolved: sorted.unresolved)
            sorted = TopologicalOrder(count: nodes.count, successors: edges)
        }
        var rank = [Int](repeating: -1, count: nodes.count)
        for (position, node) in sorted.order.enumerated() { rank[node] = position }
        guard !sorted.isComplete else { return Ranking(rank: rank) }
        var drawingRank = rank
        var next = sorted.order.count
        for node in rank.indices where rank[node] < 0 {
            drawingRank[node] = next
            next += 1
        }
        let cycle = reportCycle(nodes, edges: edges, rank: rank, diagnostics: &diagnostics)
        return Ranking(rank: nil, cycle: cycle, drawingRank: drawingRank)
    }

    private static func reportCycle(_ nodes: [NodeDecl], edges: [[Int]], rank: [Int], diagnostics: inout DiagnosticBag) -> [Int] {
        // Walk backwards along unranked dependencies until a node repeats: that loop is a cycle.
        var predecessors = [[Int]](repeating: [], count: nodes.count)
        for (from, targets) in edges.enumerated() { for t in targets where rank[from] < 0 { predecessors[t].append(from) } }
        guard var current = rank.firstIndex(of: -1) else { return [] }
        var seenAt: [Int: Int] = [:]
        var path: [Int] = []
        while seenAt[current] == nil {
            seenAt[current] = path.count
            path.append(current)
            guard let p = predecessors[current].first(where: { rank[$0] < 0 }) else { return [] }
            current = p
        }
        let cycle = Array(path[seenAt[current]!...].reversed())
        let names = cycle.map { nodes[$0].name } + [nodes[cycle[0]].name]
        var notes = cycle.dropFirst().map { DiagnosticNote("'\(nodes[$0].name)' is part of the cycle", at: nodes[$0].range) }
        var help = breakCycleHelp
        if let feedback = reactingStream(cycle, nodes) {
            notes.append(DiagnosticNote(feedback.note))
            help = feedback.help
        }
        diagnostics.error(.cycle, "dependency cycle: " + names.map { "'\($0)'" }.joined(separator: " -> "), at: nodes[cycle[0]].range,
                          notes: notes, fixIt: help)
        return cycle
    }

    /// A cycle through state a handler sets and a stream that reacts to it (`ticks: { stream:
    /// running, … }` and a handler on `ticks` setting `running`): the state is already what the
    /// general help says to keep, so the help says instead to read it without reacting to it. The
    /// loop is refused even when the stream emits from a timer: the handler's write and the
    /// stream's reaction to it fall in the transaction of the element that ran the handler.
    private static func reactingStream(_ cycle: [Int], _ nodes: [NodeDecl]) -> (note: String, help: String)? {
        for (k, node) in cycle.enumerated() {
            let written: Bool = switch (nodes[node].kind, nodes[node].role) {
            case (.state, .state), (.property, _): true
            default: false
            }
            let reader = cycle[(k + 1) % cycle.count], writer = cycle[(k + cycle.count - 1) % cycle.count]
            guard written, case .stream = nodes[reader].kind, reader != node else { continue }
            let (state, stream, handler) = (nodes[node].name, nodes[reader].name, nodes[writer].name)
            return ("'\(stream)' reacts to each change of '\(state)', which a handler on '\(handler)' sets: the write and the reaction fall in the "
                        + "transaction of the element that ran the handler, even when that element comes from a timer",
                    "read '\(state)' without reacting to it: start '\(stream)' from the event that sets '\(state)', and read '\(state)' in "
                        + "an operator's expression, as '{ takeWhile: \(state) }' in the inner stream's 'ops:', or with 'withLatestFrom: \(state)'")
        }
        return nil
    }
}
