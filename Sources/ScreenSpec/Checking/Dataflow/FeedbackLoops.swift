/// Feedback loops in the dataflow: a loop that passes through a read that samples is not a cycle.
///
/// `send.withLatestFrom(draft)` with a handler that clears `draft` when the message goes out, a
/// `map` reading a counter that a handler then bumps, a tap filtered by the `executing` state its
/// own action sets: each is a loop in the graph, but one that runs in order — the sampling read
/// sees the value before the write, and the write propagates after it, as a subscriber's `accept`
/// does in RxSwift. Only a loop with no sampling read in it (outputs computed from each other at
/// the same instant) is a cycle.
enum FeedbackLoops {
    /// `edges` without the sampling edges that lie on a loop. Only the nodes still unranked
    /// (`unresolved` positive: in a loop, or after one) are searched, so a spec with no loop costs
    /// nothing and one with a loop costs the size of the region the loop holds up.
    static func withoutSamplingReadsInLoops(_ edges: [[Int]], sampling: [(from: Int, to: Int)], unresolved: [Int]) -> [[Int]] {
        var edges = edges
        for edge in sampling where unresolved[edge.from] > 0 && unresolved[edge.to] > 0 {
            // The edge is on a loop when its target leads back to its source.
            guard reaches(from: edge.to, to: edge.from, edges, within: unresolved),
                  let k = edges[edge.from].firstIndex(of: edge.to) else { continue }
            edges[edge.from].remove(at: k)
        }
        return edges
    }

    private static func reaches(from start: Int, to goal: Int, _ edges: [[Int]], within unresolved: [Int]) -> Bool {
        var seen: Set<Int> = [start]
        var stack = [start]
        while let node = stack.popLast() {
            if node == goal { return true }
            for next in edges[node] where unresolved[next] > 0 && seen.insert(next).inserted { stack.append(next) }
        }
        return false
    }
}
