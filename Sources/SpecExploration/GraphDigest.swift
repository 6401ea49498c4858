@_spi(Engine) import SpecProgram
import SpecRuntime

/// Exploration's digest of a graph's state: what it reads of the graph, and the caches that make
/// it cheap (each node's last term, lists' and records' digests). One per graph, on the thread
/// that runs it; the graph does not know it exists.
package final class GraphDigest {
    package let graph: ScreenGraph
    private let allNodes: [Int]
    // Unchecked, as the engine's per-node state: every step of exploration runs this code, and no
    // access to these properties spans a call into other code.
    /// Each node's last digest term and the value it was taken of (see ``DigestTerms``).
    @exclusivity(unchecked) private var terms = DigestTerms()
    /// Lists' and records' digests for the state digests of this graph (see ``ValueDigestCache``).
    package let cache = ValueDigestCache()
    /// The pending entries' delays and hashes, kept between calls of ``pendingDigests(after:into:)``.
    @exclusivity(unchecked) private var delays: [Int] = []
    @exclusivity(unchecked) private var timerHashes: [UInt64] = []

    /// Whether an expression of the spec reads the clock (`now`): then the time itself is part of
    /// the state (``clockTerm(after:)``), since what such a screen does next depends on it, and a
    /// wait with nothing scheduled reaches a new state.
    package let readsClock: Bool

    package convenience init(_ graph: ScreenGraph) {
        self.init(graph, readsClock: ClockReads.readsClock(graph.spec))
    }

    /// With ``readsClock`` known already (``ClockReads/readsClock(_:)`` walks the whole program),
    /// for a caller that digests many graphs of one spec.
    package init(_ graph: ScreenGraph, readsClock: Bool) {
        self.graph = graph
        allNodes = Array(graph.spec.nodes.indices)
        self.readsClock = readsClock
    }

    /// The clock's time `wait` milliseconds from now, as a term of the digest, when the spec reads
    /// it; 0 when it does not (two states a wait apart are then one, as the time is never seen).
    private func clockTerm(after wait: Int) -> UInt64 {
        readsClock ? Self.mixed(UInt64(bitPattern: Int64(graph.clock.now &+ wait)), 0x5_0000_0000) : 0
    }

    /// A 64-bit digest of the state: the values of `nodes` (every node when nil), service-call
    /// counters, how streams ended, the pending timers relative to now and what each does (and
    /// the time itself, for a spec that reads `now`), and
    /// every stream operator's state: two states with equal digests (barring a collision) have
    /// the same future. Not `Hasher`: this
    /// runs once per explored transition, and a multiply-xor mix of the values' words costs a
    /// fraction of SipHash through `Value`'s generic `hash(into:)`. Strings mix their UTF-8 bytes
    /// (canonically equal strings with other bytes only count as two states); rare kinds of values
    /// go through `Hasher`.
    ///
    /// The digest is a sum of one term per node (``term(of:_:cache:)``), per emitted node, per
    /// pipeline, per counter, per end, and one for the timers, so exploration can tell what a step
    /// that changes one input (and only derived values after it) reaches without taking it: the
    /// digest minus the input's old term plus its new one (see
    /// `DigestCells.changesOnlyDerivedValues(_:)` in SpecTools); and take out the part of the
    /// screen one input alone drives (``digestPart(nodes:pipelines:)``).
    package func stateDigest(over nodes: [Int]? = nil) -> UInt64 {
        // Each of the graph's arrays is lent once per call (`withUnsafeBufferPointer` through
        // its `_read` accessor): a copy in a local costs a retain and a release, and an access
        // per element a call of the accessor, on every explored transition.
        let graph = self.graph
        var sum: UInt64 = 0
        sum &+= terms.sum(nodes ?? allNodes, graph.context.values, cache: cache)
        let pipelineCount = graph.pipelines.count
        if pipelineCount != 0 {
            // Operators read streams' latest values (`withLatestFrom`), so with stream outputs
            // every node counts, and which nodes emitted.
            graph.hasEmitted.withUnsafeBufferPointer { hasEmitted in
                for i in hasEmitted.indices where hasEmitted[i] { sum &+= Self.emittedTerm(i) }
            }
            let cache = self.cache
            graph.pipelines.withUnsafeBufferPointer { pipelines in
                for p in pipelines.indices {
                    // Not retained: the graph holds its pipelines for as long as it is digested.
                    unowned(unsafe) let pipeline = pipelines[p]
                    sum &+= Self.pipelineTerm(p, Self.hash(of: pipeline, cache: cache))
                }
            }
        }
        graph.serviceCalls.withUnsafeBufferPointer { serviceCalls in
            let serviceCallsCounted = graph.serviceCallsCounted
            for k in serviceCalls.indices {
                // A fake answers its n-th call with result n, the last one repeating: calls past
                // the last result change nothing.
                let counted = min(serviceCalls[k], serviceCallsCounted[k])
                if counted != 0 { sum &+= Self.mixed(UInt64(bitPattern: Int64(counted)), UInt64(k) &+ 0x3_0000_0000) }
            }
        }
        graph.ends.withUnsafeBufferPointer { ends in
            for i in ends.indices {
                guard let end = ends[i] else { continue }
                sum &+= Self.endTerm(i, end)
            }
        }
        return sum &+ pendingDigest()
    }

    /// The terms of ``stateDigest(over:)`` that `nodes` and `pipelines` give (their values, whether
    /// they emitted and how they ended; the pipelines' states): exploration takes a part of the
    /// screen that one input alone drives out of the digest with it (`DigestCells.sinkPart(of:)`
    /// in SpecTools). Read right after ``stateDigest(over:)`` of the same state, whose terms it reuses.
    package func digestPart(nodes: [Int], pipelines parts: [Int]) -> UInt64 {
        let graph = self.graph
        let hasPipelines = !graph.pipelines.isEmpty
        var sum: UInt64 = 0
        graph.hasEmitted.withUnsafeBufferPointer { hasEmitted in
            graph.ends.withUnsafeBufferPointer { ends in
                for n in nodes {
                    sum &+= terms.term(n)
                    if hasPipelines && hasEmitted[n] { sum &+= Self.emittedTerm(n) }
                    if let end = ends[n] { sum &+= Self.endTerm(n, end) }
                }
            }
        }
        if !parts.isEmpty {
            let cache = self.cache
            graph.pipelines.withUnsafeBufferPointer { pipelines in
                for p in parts {
                    unowned(unsafe) let pipeline = pipelines[p]
                    sum &+= Self.pipelineTerm(p, Self.hash(of: pipeline, cache: cache))
                }
            }
        }
        return sum
    }

    /// The terms of ``stateDigest(over:)`` that giving input `node` to pipeline `p` overwrites when
    /// it restarts the pipeline's request (`DigestCells.restartedRequest(by:)` in SpecTools): the
    /// input's, the pipeline's and the timers' (`pending`, ``pendingDigest(after:)`` now).
    /// Nil unless every pending timer is the request's (the pipeline's first operator) and the
    /// pipeline has not ended. Read right after ``stateDigest(over:)`` of the same state.
    package func restartTerms(node: Int, pipeline p: Int, pending: UInt64) -> UInt64? {
        guard graph.pipelines.indices.contains(p), !graph.pipelines[p].ended else { return nil }
        let owned = graph.clock.allPending { timer in
            if case .stream(let t) = timer { return t.address.pipeline == p && t.address.op == 0 }
            return false
        }
        return owned ? digestPart(nodes: [node], pipelines: [p]) &+ pending : nil
    }

    /// Node `node`'s term in the last ``stateDigest(over:)``.
    package func term(_ node: Int) -> UInt64 { terms.term(node) }

    /// A digest of what is pending on the graph's clock as it will be `wait` milliseconds from now
    /// if nothing comes due before then (exploration predicts a wait's state with it): each
    /// entry's delay and what it does (a graph timer's value; a closure counts as unknown), in the
    /// order they will run, since two timers due at the same time run in the order they were set.
    package func pendingDigest(after wait: Int = 0) -> UInt64 {
        let clock = graph.clock
        let count = clock.pendingCount
        guard count != 0 else { return clockTerm(after: wait) }
        var d = Digest()
        d.mix(UInt64(count))
        let cache = self.cache
        clock.forEachPending { delay, timer in
            d.mix(UInt64(bitPattern: Int64(delay &- wait)))
            d.mix(timer.map { UInt64(bitPattern: Int64(Self.hash(of: $0, cache: cache))) } ?? 0)
        }
        return d.finished &+ clockTerm(after: wait)
    }

    /// ``pendingDigest(after:)`` for each of `waits`, into `digests` (storage the caller keeps):
    /// the timers are sorted and hashed once for all of them (exploration asks for every wait of
    /// its alphabet from each state it expands).
    package func pendingDigests(after waits: [Int], into digests: inout [UInt64]) {
        if digests.count != waits.count { digests = Array(repeating: 0, count: waits.count) }
        let clock = graph.clock
        guard clock.pendingCount != 0 else {
            for (k, wait) in waits.enumerated() { digests[k] = clockTerm(after: wait) }
            return
        }
        delays.removeAll(keepingCapacity: true)
        timerHashes.removeAll(keepingCapacity: true)
        let cache = self.cache
        clock.forEachPending { delay, timer in
            delays.append(delay)
            timerHashes.append(timer.map { UInt64(bitPattern: Int64(Self.hash(of: $0, cache: cache))) } ?? 0)
        }
        for (k, wait) in waits.enumerated() {
            var d = Digest()
            d.mix(UInt64(delays.count))
            for (delay, hash) in zip(delays, timerHashes) {
                d.mix(UInt64(bitPattern: Int64(delay &- wait)))
                d.mix(hash)
            }
            digests[k] = d.finished &+ clockTerm(after: wait)
        }
    }

    /// Pipeline `pipeline`'s state's hash: the one it keeps (``StreamPipeline/knownHash``) until
    /// it next runs, else taken now and kept there.
    static func hash(of pipeline: StreamPipeline, cache: ValueDigestCache?) -> Int {
        if let known = pipeline.knownHash { return known }
        // Not `Hasher`: a request's inner streams hold lists of records, hashed faster this way.
        var d = Digest()
        d.cache = cache
        d.mix(pipeline: pipeline.state)
        let h = Int(bitPattern: UInt(d.finished))
        pipeline.knownHash = h
        return h
    }

    /// A pending timer's word in ``pendingDigest(after:)``.
    static func hash(of timer: GraphTimer, cache: ValueDigestCache) -> Int {
        var d = Digest()
        d.cache = cache
        d.mix(timer: timer)
        return Int(bitPattern: UInt(d.finished))
    }

    /// The term of ``stateDigest(over:)`` for node `node`'s stream having ended with `end`.
    static func endTerm(_ node: Int, _ end: StreamEnd) -> UInt64 { mixed(UInt64(bitPattern: Int64(end.hashValue)), UInt64(node) &+ 0x1_0000_0000) }

    /// The term of ``stateDigest(over:)`` for node `node` having emitted (with stream outputs).
    @inline(__always)
    static func emittedTerm(_ node: Int) -> UInt64 { mixed(UInt64(node), 0x2_0000_0000) }

    /// The term of ``stateDigest(over:)`` for pipeline `p` in the state with hash `hash`.
    @inline(__always)
    static func pipelineTerm(_ p: Int, _ hash: Int) -> UInt64 { mixed(UInt64(bitPattern: Int64(hash)), UInt64(p) &+ 0x4_0000_0000) }

    /// Node `node`'s term of ``stateDigest(over:)`` when its value is `value`.
    package static func term(of node: Int, _ value: Value, cache: ValueDigestCache? = nil) -> UInt64 {
        var d = Digest()
        d.cache = cache
        d.mix(UInt64(node))
        switch value {
        case .bool(let b): d.mix(b ? 1 : 2)
        case .int(let n):
            d.mix(3)
            d.mix(UInt64(bitPattern: Int64(n)))
        case .void: d.mix(4)
        case .none: d.mix(5)
        case .string(var s):
            d.mix(6)
            s.withUTF8 { d.mix(bytes: UnsafeRawBufferPointer($0)) }
        default:
            d.mix(value: value)
        }
        return d.finished
    }

    static func mixed(_ x: UInt64, _ salt: UInt64) -> UInt64 {
        var d = Digest()
        d.mix(salt)
        d.mix(x)
        return d.finished
    }
}

extension ScreenGraph {
    /// How many calls the services have answered or are answering, in all: a conformance check
    /// tells apart two paths to one state of the screen when one made more calls, which a view
    /// model might not have cancelled.
    package var serviceCallsMade: Int { serviceCalls.reduce(0, &+) }

    /// The current value of a node ``GraphDigest/stateDigest(over:)`` covers (exploration reads an
    /// input's old term with it).
    package func storedValue(of node: Int) -> Value { context.values[node] }
}

