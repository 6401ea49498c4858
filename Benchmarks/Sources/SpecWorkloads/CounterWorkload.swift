import ScreenSpec
import SpecRuntime
import SpecTools

/// `Benchmarks/Specs/counter.yaml`: every `tap` runs a handler (`count: count + step`) and two
/// outputs follow: an event stream, a handler, Int and Bool cells. Used to count allocations per event.
public final class CounterWorkload {
    public let graph: ScreenGraph
    private let tap: InputHandle
    private let counter = Counter()

    final class Counter { var count = 0 }

    public init(spec: CheckedSpec) {
        graph = ScreenGraph(spec: spec)
        guard let tap = spec.input(named: "tap") else { preconditionFailure("the counter spec has no 'tap'") }
        self.tap = tap
        let counter = self.counter
        graph.onEmit = { _ in counter.count += 1 }
        graph.start()
        // Warm up: the first events size the graph's reusable buffers.
        for _ in 0..<4 { graph.send(tap) }
        counter.count = 0
    }

    /// Sends `taps` taps; returns the emissions (three per tap: count, doubled, isEven).
    public func run(taps: Int) -> Int {
        let before = counter.count
        for _ in 0..<taps { graph.send(tap) }
        return counter.count - before
    }
}
