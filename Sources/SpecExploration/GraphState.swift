@_spi(Engine) import SpecProgram
import SpecRuntime

/// What exploration needs of the graph's internals: its state saved and restored (and, in
/// ``GraphDigest``, a digest of it). What a state is (which cells count, which mirror others,
/// which moves can be predicted) is the explorer's analysis of the program, in SpecTools
/// (`DigestCells`).
///
/// This module reads the engine's `package` state (values, emitted flags, service-call counters,
/// ends, the clock's state, each pipeline's ``PipelineState``) from outside it: the engine an app
/// links carries no exploration code. Each array is read once per call into a local, since a read
/// of a class's property from another module is a call (and an exclusivity check) each time.
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
            var bytes = ScreenGraph.queueBytes(clock, beyond: parent?.clock)
            guard let parent, parent.values.count == values.count else {
                for value in values { bytes += HeldBytes.of(value) }
                return bytes
            }
            for i in values.indices { bytes += HeldBytes.added(values[i], over: parent.values[i]) }
            return bytes
        }
    }

    /// The bytes of the clock's queue when it is not `parent`'s (shared until written): a
    /// closure's context is a fixed estimate.
    static func queueBytes(_ clock: VirtualClock.State, beyond parent: VirtualClock.State?) -> Int {
        guard clock.pendingCount > 0 else { return 0 }
        if let parent, parent.sharesQueue(with: clock) { return 0 }
        return HeldBytes.header + clock.pendingCount * (VirtualClock.State.entryStride + HeldBytes.closure)
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
            let pipelines = self.pipelines
            return State(values: context.values.withUnsafeBufferPointer { Array($0) }, hasEmitted: hasEmitted.withUnsafeBufferPointer { Array($0) },
                         serviceCalls: serviceCalls.withUnsafeBufferPointer { Array($0) }, ends: ends.withUnsafeBufferPointer { Array($0) },
                         clock: clock.state, pipelines: pipelines.map(\.state), pipelineHashes: pipelines.map { GraphDigest.hash(of: $0, cache: nil) })
        }
        set {
            Self.copyChanged(newValue.values, into: &context.values)
            Self.copy(newValue.hasEmitted, into: &hasEmitted)
            Self.copy(newValue.serviceCalls, into: &serviceCalls)
            Self.copyChanged(newValue.ends, into: &ends)
            // The clock first: operators read the time back (a `throttle`'s window).
            clock.state = newValue.clock
            let hashes = newValue.pipelineHashes
            for (p, pipeline) in pipelines.enumerated() where newValue.pipelines.indices.contains(p) {
                pipeline.restore(newValue.pipelines[p], hash: hashes.indices.contains(p) ? hashes[p] : nil)
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
}
