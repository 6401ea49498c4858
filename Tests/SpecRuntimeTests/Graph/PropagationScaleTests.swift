import Testing
import ScreenSpec
import SpecRuntime
@testable import SpecRuntime

/// The runtime's hot-path changes of issue 6 (a non-generic rank queue, reused stream and handler
/// storage) keep the recorded timelines exact.
@Suite struct PropagationScaleTests {
    private func load(_ text: String, warned: [String] = []) throws -> CheckedSpec {
        let loaded = SpecLoader.load(text: text, path: "test.yaml")
        #expect(loaded.diagnostics.map(\.id) == warned, "\(loaded.renderDiagnostics())")
        return try #require(loaded.spec)
    }

    private func record(_ graph: ScreenGraph, _ node: Int) -> () -> [(Int, Value)] {
        final class Box { var items: [(Int, Value)] = [] }
        let box = Box()
        graph.onEmit = { if $0.node == node { box.items.append(($0.time, $0.value)) } }
        return { box.items }
    }

    @Test func aChangePropagatesDownAChainOf20000Outputs() throws {
        var s = "screen: Chain\ninputs:\n  start: { type: Int, default: 0 }\noutputs:\n  o0: start\n"
        for i in 1..<20_000 { s += "  o\(i): o\(i - 1) + 1\n" }
        let spec = try load(s)
        let graph = ScreenGraph(spec: spec)
        let last = try #require(spec.node(named: "o19999"))
        let emitted = record(graph, last)
        graph.start()
        graph.set(try #require(spec.node(named: "start")), to: .int(5))
        #expect(emitted().map(\.0) == [0, 0])
        #expect(emitted().map(\.1) == [.int(19_999), .int(20_004)])
    }

    static let counter = """
        screen: Counter
        inputs:
          tap: event
        state:
          count: { type: Int, initial: 0 }
          a: { type: Int, initial: 1 }
          b: { type: Int, initial: 2 }
        outputs:
          doubled: count * 2
        handlers:
          - on: tap
            set: { count: count + 1, a: b, b: a }
        """

    @Test func everyTapRunsTheHandlerOnceAndItsOutputsFollow() throws {
        let spec = try load(Self.counter)
        let graph = ScreenGraph(spec: spec)
        let doubled = record(graph, try #require(spec.node(named: "doubled")))
        graph.start()
        let tap = try #require(spec.node(named: "tap"))
        for _ in 0..<3 { graph.send(tap) }
        try graph.advance(by: 10)
        graph.send(tap)
        #expect(doubled().map(\.0) == [0, 0, 0, 0, 10])
        #expect(doubled().map(\.1) == [.int(0), .int(2), .int(4), .int(6), .int(8)])
    }

    @Test func aHandlerStillReadsTheOldStateForEveryAssignment() throws {
        // `a: b, b: a` swaps only if both values are computed before either is written; the
        // handler's reused result storage must not change that.
        let spec = try load(Self.counter)
        let graph = ScreenGraph(spec: spec)
        let a = try #require(spec.node(named: "a")), b = try #require(spec.node(named: "b"))
        graph.start()
        let tap = try #require(spec.node(named: "tap"))
        graph.send(tap)
        #expect(graph.value(of: a) == .int(2) && graph.value(of: b) == .int(1))
        graph.send(tap)
        #expect(graph.value(of: a) == .int(1) && graph.value(of: b) == .int(2))
    }

    @Test func anEmissionCallbackMayReadTheGraphWhileItPropagates() throws {
        let spec = try load(Self.counter)
        let graph = ScreenGraph(spec: spec)
        let count = try #require(spec.node(named: "count")), doubled = try #require(spec.node(named: "doubled"))
        final class Box { var seen: [Value?] = [] }
        let box = Box()
        graph.onEmit = { [unowned graph] in if $0.node == doubled { box.seen.append(graph.value(of: count)) } }
        graph.start()
        graph.send(try #require(spec.node(named: "tap")))
        #expect(box.seen == [.int(0), .int(1)])
    }

    @Test func theTimerQueuePopsByTimeThenSchedulingOrder() {
        var queue = TimerQueue()
        for (time, sequence) in [(5, 0), (3, 1), (5, 2), (1, 3), (3, 4), (9, 5)] {
            queue.insert(TimerQueue.Entry(time: time, sequence: sequence, work: .closure {}))
        }
        #expect(queue.nextTime == 1)
        var popped: [Int] = []
        while let e = queue.popMin(dueBy: 5) { popped.append(e.sequence) }
        #expect(popped == [3, 1, 4, 0, 2])
        #expect(queue.count == 1 && queue.nextTime == 9)
    }

    @Test func theRankQueuePopsInIncreasingOrder() {
        var queue = MinHeap<Int>()
        let ranks = [5, 3, 9, 1, 7, 3, 0, 8, 2]
        for r in ranks { queue.insert(r) }
        var popped: [Int] = []
        while let r = queue.popMin() { popped.append(r) }
        #expect(popped == ranks.sorted())
        #expect(queue.isEmpty)
    }

    static let appending = """
        screen: Append
        inputs:
          add: event
          skip: event
          twice: event
        state:
          items: { type: "[Int]", initial: [] }
          seen: { type: Int, initial: -1 }
        outputs:
          size: items.count
        handlers:
          - on: add
            set: { seen: items.count, items: "items + [items.count + 1, 0]" }
          - on: skip
            set: { items: "items + items.filter { $0 > 1000 }" }
          - on: twice
            set: { items: "items + [100]" }
          - on: twice
            set: { items: "items + [200]" }
        """

    /// `items: items + page` is written as an in-place append (issue 6): the timeline is the one
    /// the concatenation gives, earlier emissions keep their values, an empty page emits nothing,
    /// the other writes of the handler read the old list and the later of two appends wins.
    @Test func appendingToAListByConcatenationKeepsItsTimeline() throws {
        // The two handlers on `twice` are warned about: the later append replaces the other.
        let spec = try load(Self.appending, warned: ["handlers-one-transaction"])
        let graph = ScreenGraph(spec: spec)
        let items = record(graph, try #require(spec.node(named: "items")))
        graph.start()
        let add = try #require(spec.node(named: "add")), skip = try #require(spec.node(named: "skip"))
        graph.send(add)
        try graph.advance(by: 10)
        graph.send(add)
        graph.send(skip)
        try graph.advance(by: 10)
        graph.send(try #require(spec.node(named: "twice")))
        #expect(items().map(\.0) == [0, 0, 10, 20])
        #expect(items().map(\.1) == [
            .list([]),
            .list([.int(1), .int(0)]),
            .list([.int(1), .int(0), .int(3), .int(0)]),
            .list([.int(1), .int(0), .int(3), .int(0), .int(200)]),
        ])
        #expect(graph.value(of: try #require(spec.node(named: "seen"))) == .int(2))
        #expect(graph.value(of: try #require(spec.node(named: "size"))) == .int(5))
    }
}
