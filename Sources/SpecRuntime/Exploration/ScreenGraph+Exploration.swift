@_spi(Engine) import SpecProgram

/// What exploration needs of the graph's internals: its state saved and restored, and a digest
/// of it. What a state is (which cells count, which mirror others, which moves can be predicted)
/// is the explorer's analysis of the program, in SpecTools (`DigestCells`).
extension ScreenGraph {
    /// Everything a step changes, between transactions: values, which nodes emitted, service-call
    /// counters, the clock and its timers, and every stream operator's state (``OperatorState``).
    /// A plain value: it holds no reference into the graph that took it, so it may be restored into
    /// another graph of the same ``ScreenProgram`` (and sent to another thread to do so).
    package struct State: Sendable {
        var values: [Value]
        var hasEmitted: [Bool]
        var serviceCalls: [Int]
        var ends: [StreamEnd?]
        var clock: VirtualClock.State
        var pipelines: [PipelineState]
        /// Each pipeline state's hash, taken when it was saved: a pipeline restored into a state
        /// and not run again needs no hashing for the digest.
        var pipelineHashes: [Int]

        /// The bytes of the arrays this state alone owns (``state`` copies them), freed with it;
        /// exploration's memory budget counts them (see `HeldBytes`).
        package var ownBytes: Int {
            6 * HeldBytes.header + pipelines.count * (MemoryLayout<PipelineState>.stride + MemoryLayout<Int>.stride) + values.count * MemoryLayout<Value>.stride + hasEmitted.count
                + serviceCalls.count * MemoryLayout<Int>.stride + ends.count * MemoryLayout<StreamEnd?>.stride
        }

        /// The heap bytes of the values and the clock's queue that `parent`, the state this one was
        /// reached from, does not share: a value a step did not replace is the parent's storage.
        package func addedBytes(beyond parent: State?) -> Int {
            var bytes = clock.bytes(beyond: parent?.clock)
            guard let parent, parent.values.count == values.count else {
                for value in values { bytes += HeldBytes.of(value) }
                return bytes
            }
            for i in values.indices { bytes += HeldBytes.added(values[i], over: parent.values[i]) }
            return bytes
        }
    }

    /// The graph's state between transactions; setting it restores one taken from this graph or
    /// from another graph of the same program (with the same services), between transactions.
    /// The graph's clock must hold only graph timers (``VirtualClock/holdsOnlyGraphTimers``): a
    /// scenario recorder's or a live call's closures are no state.
    ///
    /// Both directions copy element by element, so the graph's arrays never share storage with a
    /// saved state: restoring then stepping, as exploration does for every move it tries, writes
    /// into storage the graph owns instead of allocating a copy of every array on its first write.
    package var state: State {
        get {
            State(values: context.values.withUnsafeBufferPointer { Array($0) }, hasEmitted: hasEmitted.withUnsafeBufferPointer { Array($0) },
                  serviceCalls: serviceCalls.withUnsafeBufferPointer { Array($0) }, ends: ends.withUnsafeBufferPointer { Array($0) },
                  clock: clock.state, pipelines: pipelines.map(\.state), pipelineHashes: pipelines.map(\.stateHash))
        }
        set {
            Self.copyChanged(newValue.values, into: &context.values)
            Self.copy(newValue.hasEmitted, into: &hasEmitted)
            Self.copy(newValue.serviceCalls, into: &serviceCalls)
            Self.copyChanged(newValue.ends, into: &ends)
            // The clock first: operators read the time back (a `throttle`'s window).
            clock.state = newValue.clock
            for (p, pipeline) in pipelines.enumerated() where newValue.pipelines.indices.contains(p) {
                pipeline.restore(newValue.pipelines[p], hash: newValue.pipelineHashes.indices.contains(p) ? newValue.pipelineHashes[p] : nil)
            }
        }
    }

    /// ``copy(_:into:)`` leaving alone the elements that already have the same bits (for a type
    /// whose copy retains: values, ends holding an error): a step changes few of them, and each
    /// left alone saves a retain and a release.
    static func copyChanged<T>(_ source: [T], into target: inout [T]) {
        guard source.count == target.count else {
            target = source
            return
        }
        target.withUnsafeMutableBufferPointer { dst in
            source.withUnsafeBufferPointer { src in
                for i in src.indices where !Self.sameBytes(src.baseAddress! + i, dst.baseAddress! + i, MemoryLayout<T>.size) { dst[i] = src[i] }
            }
        }
    }

    /// Whether `count` bytes at `a` and `b` are the same (different bytes, padding among them,
    /// only cost an assignment).
    @inline(__always)
    static func sameBytes(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, _ count: Int) -> Bool {
        var at = 0
        while at + 8 <= count {
            guard a.loadUnaligned(fromByteOffset: at, as: UInt64.self) == b.loadUnaligned(fromByteOffset: at, as: UInt64.self) else { return false }
            at += 8
        }
        while at < count {
            guard a.load(fromByteOffset: at, as: UInt8.self) == b.load(fromByteOffset: at, as: UInt8.self) else { return false }
            at += 1
        }
        return true
    }

    static func copy<T>(_ source: [T], into target: inout [T]) {
        guard source.count == target.count else {
            target = source
            return
        }
        target.withUnsafeMutableBufferPointer { dst in
            source.withUnsafeBufferPointer { src in
                for i in src.indices { dst[i] = src[i] }
            }
        }
    }

    /// A 64-bit digest of the state: the values of `nodes` (every node when nil), service-call
    /// counters, how streams ended, the pending timers relative to now and what each does, and
    /// every stream operator's state: two states with equal digests (barring a collision) have
    /// the same future. Not `Hasher`: this
    /// runs once per explored transition, and a multiply-xor mix of the values' words costs a
    /// fraction of SipHash through `Value`'s generic `hash(into:)`. Strings mix their UTF-8 bytes
    /// (canonically equal strings with other bytes only count as two states); rare kinds of values
    /// go through `Hasher`.
    ///
    /// The digest is a sum of one term per node (``digestTerm(of:_:)``), per emitted node, per
    /// pipeline, per counter, per end, and one for the timers, so exploration can tell what a step
    /// that changes one input (and only derived values after it) reaches without taking it: the
    /// digest minus the input's old term plus its new one (see
    /// `DigestCells.changesOnlyDerivedValues(_:)` in SpecTools); and take out the part of the
    /// screen one input alone drives (``digestPart(nodes:pipelines:)``).
    package func stateDigest(over nodes: [Int]? = nil) -> UInt64 {
        var sum: UInt64 = 0
        sum &+= digestTerms.sum(nodes ?? allNodes, context.values, cache: clock.digestCache)
        if !pipelines.isEmpty {
            // Operators read streams' latest values (`withLatestFrom`), so with stream outputs
            // every node counts, and which nodes emitted.
            for i in hasEmitted.indices where hasEmitted[i] { sum &+= Self.emittedTerm(i) }
            for (p, pipeline) in pipelines.enumerated() { sum &+= Self.pipelineTerm(p, pipeline.stateHash) }
        }
        for (k, c) in serviceCalls.enumerated() {
            // A fake answers its n-th call with result n, the last one repeating: calls past
            // the last result change nothing.
            let counted = min(c, serviceCallsCounted[k])
            if counted != 0 { sum &+= Self.mixed(UInt64(bitPattern: Int64(counted)), UInt64(k) &+ 0x3_0000_0000) }
        }
        for i in ends.indices {
            guard let end = ends[i] else { continue }
            sum &+= Self.endTerm(i, end)
        }
        return sum &+ clock.pendingDigest()
    }

    /// How many calls the services have answered or are answering, in all: a conformance check
    /// tells apart two paths to one state of the screen when one made more calls, which a view
    /// model might not have cancelled.
    package var serviceCallsMade: Int { serviceCalls.reduce(0, &+) }

    /// The terms of ``stateDigest(over:)`` that `nodes` and `pipelines` give (their values, whether
    /// they emitted and how they ended; the pipelines' states): exploration takes a part of the
    /// screen that one input alone drives out of the digest with it (`DigestCells.sinkPart(of:)`
    /// in SpecTools). Read right after ``stateDigest(over:)`` of the same state, whose terms it reuses.
    package func digestPart(nodes: [Int], pipelines: [Int]) -> UInt64 {
        var sum: UInt64 = 0
        for n in nodes {
            sum &+= digestTerms.term(n)
            if !self.pipelines.isEmpty && hasEmitted[n] { sum &+= Self.emittedTerm(n) }
            if let end = ends[n] { sum &+= Self.endTerm(n, end) }
        }
        for p in pipelines { sum &+= Self.pipelineTerm(p, self.pipelines[p].stateHash) }
        return sum
    }

    /// The terms of ``stateDigest(over:)`` that giving input `node` to pipeline `p` overwrites when
    /// it restarts the pipeline's request (`DigestCells.restartedRequest(by:)` in SpecTools): the
    /// input's, the pipeline's and the timers' (`pending`, ``VirtualClock/pendingDigest()`` now).
    /// Nil unless every pending timer is the request's (the pipeline's first operator) and the
    /// pipeline has not ended. Read right after
    /// ``stateDigest(over:)`` of the same state.
    package func restartTerms(node: Int, pipeline p: Int, pending: UInt64) -> UInt64? {
        guard pipelines.indices.contains(p), !pipelines[p].ended else { return nil }
        let owned = clock.allPending { timer in
            if case .stream(let t) = timer { return t.address.pipeline == p && t.address.op == 0 }
            return false
        }
        return owned ? digestPart(nodes: [node], pipelines: [p]) &+ pending : nil
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
    package static func digestTerm(of node: Int, _ value: Value, cache: ValueDigestCache? = nil) -> UInt64 {
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

    /// Node `node`'s term in the last ``stateDigest(over:)``.
    package func digestTerm(_ node: Int) -> UInt64 { digestTerms.term(node) }

    /// The current value of a node ``stateDigest(over:)`` covers (exploration reads an input's old
    /// term with it).
    package func storedValue(of node: Int) -> Value { context.values[node] }
}

/// A multiply-xor mix of 64-bit words, for ``ScreenGraph/stateDigest()``.
struct Digest {
    private(set) var value: UInt64 = 0x243F_6A88_85A3_08D3
    /// Where lists' and records' digests are kept, if anywhere (see ``ValueDigestCache``); not
    /// retained: a digest lives within one call on the graph that owns the cache.
    unowned(unsafe) var cache: ValueDigestCache?

    /// The value with a final avalanche, so that sums of digests stay well mixed.
    var finished: UInt64 {
        var x = value
        x = (x ^ x >> 31) &* 0xBF58_476D_1CE4_E5B9
        return x ^ x >> 29
    }

    @inline(__always)
    mutating func mix(_ x: UInt64) {
        value = (value ^ x) &* 0x9E37_79B9_7F4A_7C15
        value ^= value >> 29
    }

    /// Eight bytes at a time, then the rest with the length in the top byte.
    @inline(__always)
    mutating func mix(bytes raw: UnsafeRawBufferPointer) {
        var at = 0
        while at + 8 <= raw.count {
            mix(raw.loadUnaligned(fromByteOffset: at, as: UInt64.self))
            at += 8
        }
        var tail: UInt64 = 0
        while at < raw.count {
            tail = tail << 8 | UInt64(raw[at])
            at += 1
        }
        mix(tail ^ UInt64(raw.count & 0xFF) << 56)
    }
}
