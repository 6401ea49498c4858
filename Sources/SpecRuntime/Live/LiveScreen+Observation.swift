/// The observers of each node; touched only under the live clock's lock.
final class LiveObservers: @unchecked Sendable {
    // Unchecked: read for every emission, and every access is under the clock's lock.
    /// Every observer of each node, in the order they came: the table keeps them alive.
    @exclusivity(unchecked) private(set) var lists: [[LiveObserver]]
    /// Each node's observer when it has exactly one, the usual case, unowned: an emission calls it
    /// through `_withUnsafeGuaranteedRef`, its closure lent, not copied (no retain or release), as
    /// the graph calls its `onEmit` (CompiledCalls.swift).
    @exclusivity(unchecked) private var only: [Unmanaged<LiveObserver>?]
    /// Observers removed while an emission was being dispatched (one that cancels itself, or stops
    /// the screen), kept until no dispatch is under way: `dispatch` calls its observer unowned.
    @exclusivity(unchecked) private var retired: [LiveObserver] = []
    @exclusivity(unchecked) private var dispatching = 0

    init(nodes: Int) {
        lists = Array(repeating: [], count: nodes)
        only = Array(repeating: nil, count: nodes)
    }

    /// Adds `observer` to `node`'s, after the others.
    func add(_ observer: LiveObserver, to node: Int) {
        lists[node].append(observer)
        settle(node)
    }

    /// Ends observation `id` of `node`; the graph stops reporting the node once nobody observes it.
    func remove(_ id: Int, of node: Int, in graph: ScreenGraph) {
        if dispatching > 0 { retired.append(contentsOf: lists[node].filter { $0.id == id }) }
        lists[node].removeAll { $0.id == id }
        settle(node)
        if lists[node].isEmpty { graph.visible[node] = false }
    }

    /// Takes every observer of `node` away and returns them, in the order they came.
    func removeAll(of node: Int) -> [LiveObserver] {
        let removed = lists[node]
        guard !removed.isEmpty else { return removed }
        if dispatching > 0 { retired.append(contentsOf: removed) }
        lists[node] = []
        only[node] = nil
        return removed
    }

    /// Points `only` at `node`'s observer when it has exactly one.
    private func settle(_ node: Int) {
        only[node] = lists[node].count == 1 ? Unmanaged.passUnretained(lists[node][0]) : nil
    }
}

/// One observer of a node: what to call with each value, and when the observation ends. A class,
/// owned by ``LiveObservers``, so that a node's one observer is called unowned: each emission
/// then retains and releases nothing (a struct's closure read out of the table's array is copied
/// before it is called, its context retained and released around the call).
final class LiveObserver {
    let id: Int
    let onValue: (Value) -> Void
    let onEnd: () -> Void

    init(id: Int, onValue: @escaping (Value) -> Void, onEnd: @escaping () -> Void) {
        self.id = id
        self.onValue = onValue
        self.onEnd = onEnd
    }
}

extension LiveObservers {
    /// Calls the observers of the emission's node with its value.
    @inline(__always)
    func dispatch(_ emission: Emission) {
        // One observer, the usual case: no copy of the list, no retain. The rest is out of line,
        // so that this path saves few registers.
        guard let one = only[emission.node] else { return dispatchToEach(emission) }
        dispatching &+= 1
        one._withUnsafeGuaranteedRef { $0.onValue(emission.value) }
        dispatching &-= 1
        if dispatching == 0, !retired.isEmpty { releaseRetired() }
    }

    /// Calls each observer of a node that has several (or none).
    @inline(never)
    private func dispatchToEach(_ emission: Emission) {
        // A copy: an observer may cancel itself or another while the list is walked.
        let list = lists[emission.node]
        for o in list { o.onValue(emission.value) }
    }

    @inline(never)
    private func releaseRetired() {
        retired.removeAll()
    }
}

/// Ends an observation made with ``LiveScreen/observe(_:_:)``. Dropping the token does not end
/// it: call ``cancel()``.
public final class ObservationToken: Sendable {
    private let cancellation: @Sendable () -> Void

    init(_ cancellation: @escaping @Sendable () -> Void) {
        self.cancellation = cancellation
    }

    /// Stops the calls; the callback is not called after this returns (unless it runs on another
    /// thread at this moment). Cancelling twice does nothing.
    public func cancel() {
        cancellation()
    }
}

extension LiveScreen {
    /// Calls `onValue` with the node's value now (when the screen started and the node has one:
    /// an input, state or output, not a stream's past element), then with every value it emits: each change of an output or state, each element of a
    /// stream. Called as graph work (see ``LiveScreen``'s threads); until ``ObservationToken/cancel()``
    /// or ``stop()``.
    @discardableResult
    public func observe(_ name: String, _ onValue: @escaping @Sendable (Value) -> Void) throws -> ObservationToken {
        let node = try node(name)
        let id = addObserver(node, onValue: onValue, onEnd: {})
        let (table, clock, graph) = (self.table, self.clock, UncheckedBox(self.graph))
        return ObservationToken { clock.read { table.remove(id, of: node.index, in: graph.value) } }
    }

    /// The node's values as an `AsyncSequence`: its value now (when the screen started and the
    /// node has one: an input, state or output, not a stream's past element), then every value it emits, in order, none dropped. It finishes when the
    /// node's stream ends (`completed` or an error), or the screen stops; cancelling the
    /// iterating task ends the observation.
    public func values(of name: String) throws -> AsyncStream<Value> {
        let node = try node(name)
        let (stream, continuation) = AsyncStream<Value>.makeStream(bufferingPolicy: .unbounded)
        let id = addObserver(node, onValue: { continuation.yield($0) }, onEnd: { continuation.finish() })
        let (table, clock, graph) = (self.table, self.clock, UncheckedBox(self.graph))
        continuation.onTermination = { _ in clock.read { table.remove(id, of: node.index, in: graph.value) } }
        return stream
    }

    /// The node's values (as ``values(of:)``) decoded as a `Codable` type of its shape; a value
    /// that does not decode ends the sequence with a ``LiveScreenError`` that says why.
    public func values<T: Decodable & Sendable>(of name: String, as type: T.Type) throws -> AsyncThrowingStream<T, any Error> {
        let node = try node(name)
        let (stream, continuation) = AsyncThrowingStream<T, any Error>.makeStream(bufferingPolicy: .unbounded)
        let id = addObserver(node, onValue: { value in
            do {
                continuation.yield(try Self.decoded(value, as: T.self, of: name))
            } catch {
                continuation.finish(throwing: error)
            }
        }, onEnd: { continuation.finish() })
        let (table, clock, graph) = (self.table, self.clock, UncheckedBox(self.graph))
        continuation.onTermination = { _ in clock.read { table.remove(id, of: node.index, in: graph.value) } }
        return stream
    }

    /// Records `node`'s emissions and end for a scenario's timeline (``LiveScenarioPlayer``): an
    /// observer that gets no current value, added before ``start()``.
    func addRecorder(_ node: Int, onValue: @escaping (Value) -> Void, onEnd: @escaping () -> Void) {
        _ = addObserver(ScreenNode(spec: spec, index: node, screen: id), onValue: onValue, onEnd: onEnd)
    }

    /// Observes a node resolved with ``node(_:)`` (for ``TypedScreenCore``): as ``values(of:)``
    /// does, with the end told apart by the graph's stream end.
    func addTypedObserver(_ node: ScreenNode, onValue: @escaping (Value) -> Void, onEnd: @escaping () -> Void) -> ObservationToken {
        let id = addObserver(node, onValue: onValue, onEnd: onEnd)
        let (table, clock, graph) = (self.table, self.clock, UncheckedBox(self.graph))
        return ObservationToken { clock.read { table.remove(id, of: node.index, in: graph.value) } }
    }

    private func addObserver(_ node: ScreenNode, onValue: @escaping (Value) -> Void, onEnd: @escaping () -> Void) -> Int {
        clock.read { [self] in
            let id = nextObserverIDAndIncrement()
            guard !clock.stopped else {
                onEnd()
                return id
            }
            table.add(LiveObserver(id: id, onValue: onValue, onEnd: onEnd), to: node.index)
            graph.visible[node.index] = true
            // The value now, under the lock: no emission can come between it and the next ones.
            // A stream's latest element is not replayed: an event that happened before the
            // observation is not one it sees (a `PublishSubject`, not a `BehaviorRelay`).
            if hasStarted, spec.nodes[node.index].hasCurrentValue, let value = graph.value(of: node.index) { onValue(value) }
            if graph.streamEnd(of: node.index) != nil { finishObservers(of: node.index) }
            return id
        }
    }

    /// The node's stream ended, or the screen stops: every observation of it ends.
    func finishObservers(of node: Int) {
        let ending = table.removeAll(of: node)
        guard !ending.isEmpty else { return }
        graph.visible[node] = false
        for o in ending { o.onEnd() }
    }
}
