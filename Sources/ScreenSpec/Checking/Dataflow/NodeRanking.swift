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
    /// reads runs in order, the read first (it sees the value before the write), and a loop through
    /// the source of a stream whose request answers only later (`streams`: an `interval` inside
    /// `flatMapLatest`, see `StreamPlan.answersLater`) runs the stream's switch in a transaction
    /// of its own, so those edges are dropped from `edges` where they close a loop. Only the loops
    /// left without them are instantaneous cycles, reported into `diagnostics`.
    static func rank(_ nodes: [NodeDecl], edges: inout [[Int]], sampling: [(from: Int, to: Int)], streams: [StreamPlan] = [],
                     diagnostics: inout DiagnosticBag) -> Ranking {
        var sorted = TopologicalOrder(count: nodes.count, successors: edges)
        if !sorted.isComplete {
            let later = streams.filter { $0.source >= 0 && $0.answersLater }.map { (from: $0.source, to: $0.output) }
            edges = FeedbackLoops.withoutSamplingReadsInLoops(edges, sampling: sampling + later, unresolved: sorted.unresolved)
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
        let cycle = reportCycle(nodes, edges: edges, rank: rank, streams: streams, diagnostics: &diagnostics)
        return Ranking(rank: nil, cycle: cycle, drawingRank: drawingRank)
    }

    private static func reportCycle(_ nodes: [NodeDecl], edges: [[Int]], rank: [Int], streams: [StreamPlan],
                                    diagnostics: inout DiagnosticBag) -> [Int] {
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
        if let feedback = reactingStream(cycle, nodes, streams) {
            notes.append(DiagnosticNote(feedback.note))
            help = feedback.help
        }
        diagnostics.error(.cycle, "dependency cycle: " + names.map { "'\($0)'" }.joined(separator: " -> "), at: nodes[cycle[0]].range,
                          notes: notes, fixIt: help)
        return cycle
    }

    /// A cycle through state a handler sets and a stream that reacts to it (`ticks: { stream:
    /// running, … }` and a handler on `ticks` setting `running`), where the stream can answer the
    /// change in the instant it arrives (a `just` inside its request, no request at all): the
    /// state is already what the general help says to keep, so the note says why the stream
    /// answers at once and the help how to make it wait, or to read the state without reacting
    /// to it. A stream whose request answers only later is no cycle (see `StreamPlan.answersLater`).
    private static func reactingStream(_ cycle: [Int], _ nodes: [NodeDecl], _ streams: [StreamPlan]) -> (note: String, help: String)? {
        for (k, node) in cycle.enumerated() {
            let written: Bool = switch (nodes[node].kind, nodes[node].role) {
            case (.state, .state), (.property, _): true
            default: false
            }
            let reader = cycle[(k + 1) % cycle.count], writer = cycle[(k + cycle.count - 1) % cycle.count]
            guard written, case .stream = nodes[reader].kind, reader != node else { continue }
            let (state, stream, handler) = (nodes[node].name, nodes[reader].name, nodes[writer].name)
            let plan = streams.first { $0.output == reader && $0.source == node }
            var why = plan?.sameInstantReason.map { ": \($0)" } ?? ""
            // The stream listens to the state with an operator of its own (`combineLatest: { with: currentId }`),
            // besides its source or instead of it.
            let listening = (plan ?? streams.first { $0.output == reader })?.operators.first { $0.listenedSources.contains { $0.node == node } }
            if let op = listening, why.isEmpty {
                why = plan == nil ? ": it listens to '\(state)' with '\(op.name)'" : ": it also listens to '\(state)' with '\(op.name)'"
            }
            let requests = plan.map { !$0.answersLater && $0.operators.contains { $0.arguments.request != nil } } ?? false
            let wait = requests ? "make its request's inner streams wait before they emit ('interval', a 'timer' with a delay, 'empty', 'never'), or " : ""
            // What the author most likely wanted of `combineLatest` with the state: start over when it
            // changes. A key state the other handlers bump says that without the loop (issue 39, W8).
            let restart = listening == nil ? ""
                : "; or, to start '\(stream)' over when '\(state)' changes, listen to a key state instead, which the handlers that change '\(state)' "
                    + "on purpose bump ('restarts: restarts + 1' beside '\(state):') and the handler on '\(handler)' leaves alone"
            return ("'\(stream)' reacts to each change of '\(state)', which a handler on '\(handler)' sets, and can answer it in the same "
                        + "instant\(why)",
                    wait + "read '\(state)' without reacting to it: start '\(stream)' from the event that sets '\(state)', and read '\(state)' in "
                        + "an operator's expression, as '{ takeWhile: \(state) }' in the inner stream's 'ops:', or with 'withLatestFrom: \(state)'" + restart)
        }
        return nil
    }
}
