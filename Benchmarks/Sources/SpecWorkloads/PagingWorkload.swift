import ScreenSpec
import SpecRuntime

/// `Benchmarks/Specs/paging.yaml` driven through its load-more action: each `loadMore` calls the
/// feed service (300ms, a page of 20) and a handler appends the page to `items`.
public enum PagingWorkload {
    public static let pageSize = 20
    public static let latency = 300

    /// Plays load-more until the list holds `items` items; returns the emissions seen.
    public static func run(_ spec: CheckedSpec, items: Int) -> Int {
        guard let loadMore = spec.node(named: "loadMore"), let count = spec.node(named: "count") else {
            preconditionFailure("the paging spec has no 'loadMore' or 'count'")
        }
        let graph = ScreenGraph(spec: spec)
        final class Counter { var count = 0 }
        let counter = Counter()
        graph.onEmit = { _ in counter.count += 1 }
        graph.start()
        for _ in 0..<(items / pageSize) {
            graph.send(loadMore)
            do { try graph.advance(by: latency) } catch { preconditionFailure("the clock stopped: \(error)") }
        }
        precondition(graph.value(of: count) == .int(items), "paging ended at \(String(describing: graph.value(of: count))) items")
        return counter.count
    }
}
