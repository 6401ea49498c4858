/// What exploration needs of the graph: its state saved and restored, and digests of it.
extension ScreenGraph {
    /// Everything a step changes, between transactions: values, which nodes emitted, service-call
    /// counters and the clock. Stream operators keep state of their own that this does not hold,
    /// so a graph with stream outputs cannot be restored (see ``canRestoreState``).
    package struct State {
        var values: [Value]
        var hasEmitted: [Bool]
        var serviceCalls: [Int]
        var ends: [StreamEnd?]
        var clock: VirtualClock.State

        /// The bytes of the arrays this state alone owns (``state`` copies them), freed with it;
        /// exploration's memory budget counts them (see `HeldBytes`).
        package var ownBytes: Int {
            4 * HeldBytes.header + values.count * MemoryLayout<Value>.stride + hasEmitted.count
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

    /// True when ``state`` captures everything: the graph has no stream outputs.
    package var canRestoreState: Bool { pipelines.isEmpty }

    /// The graph's state between transactions; setting it restores one taken from this graph.
    ///
    /// Both directions copy element by element, so the graph's arrays never share storage with a
    /// saved state: restoring then stepping, as exploration does for every move it tries, writes
    /// into storage the graph owns instead of allocating a copy of every array on its first write.
    package var state: State {
        get {
            State(values: context.values.withUnsafeBufferPointer { Array($0) }, hasEmitted: hasEmitted.withUnsafeBufferPointer { Array($0) },
                  serviceCalls: serviceCalls.withUnsafeBufferPointer { Array($0) }, ends: ends.withUnsafeBufferPointer { Array($0) },
                  clock: clock.state)
        }
        set {
            Self.copy(newValue.values, into: &context.values)
            Self.copy(newValue.hasEmitted, into: &hasEmitted)
            Self.copy(newValue.serviceCalls, into: &serviceCalls)
            Self.copy(newValue.ends, into: &ends)
            clock.state = newValue.clock
        }
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

    /// Back to how `init` left the graph, with fresh stream operators built from the compiled
    /// plans, so that ``start()`` runs again: `unstarted` must be a ``state`` taken before the
    /// first start. Cheaper than a new graph: only the pipelines are built again.
    package func rewind(to unstarted: State) {
        state = unstarted
        pipelines = spec.streams.enumerated().map { p, stream in StreamPipeline(plan: stream, environment: makeEnvironment(p, stream)) }
        started = false
    }

    /// A 64-bit digest of the state: the values of the nodes in ``digestNodes``, service-call
    /// counters, how streams ended and the pending timers relative to now. Not `Hasher`: this
    /// runs once per explored transition, and a multiply-xor mix of the values' words costs a
    /// fraction of SipHash through `Value`'s generic `hash(into:)`. Strings mix their UTF-8 bytes
    /// (canonically equal strings with other bytes only count as two states); rare kinds of values
    /// go through `Hasher`.
    ///
    /// The digest is a sum of one term per node (``digestTerm(of:_:)``), per counter, per end and
    /// per timer, so exploration can tell what a step that changes one input (and only derived
    /// values after it) reaches without taking it: the digest minus the input's old term plus its
    /// new one (see ``changesOnlyDerivedValues(_:)``).
    package func stateDigest() -> UInt64 {
        var sum: UInt64 = 0
        for i in digestNodes { sum &+= Self.digestTerm(of: i, context.values[i]) }
        if !pipelines.isEmpty {
            // Operators read streams' latest values (`withLatestFrom`), so with stream outputs
            // every node counts, and which nodes emitted.
            var bits: UInt64 = 0
            for i in hasEmitted.indices {
                if hasEmitted[i] { bits |= 1 << UInt64(i & 63) }
                if i & 63 == 63 || i == hasEmitted.count - 1 {
                    sum &+= Self.mixed(bits, UInt64(i >> 6) &+ 0x2_0000_0000)
                    bits = 0
                }
            }
        }
        for (k, c) in serviceCalls.enumerated() {
            // A fake answers its n-th call with result n, the last one repeating: calls past
            // the last result change nothing.
            let counted = min(c, serviceCallsCounted[k])
            if counted != 0 { sum &+= Self.mixed(UInt64(bitPattern: Int64(counted)), UInt64(k) &+ 0x3_0000_0000) }
        }
        for i in ends.indices {
            guard let end = ends[i] else { continue }
            sum &+= Self.mixed(UInt64(bitPattern: Int64(end.hashValue)), UInt64(i) &+ 0x1_0000_0000)
        }
        return sum &+ clock.pendingDigest()
    }

    /// Narrows ``stateDigest()`` to what a state is, for exploration, whose steps write the
    /// nodes in `written` (`set` steps) and those `gestures` write or clear, and nothing else. Without stream outputs, a state is its cells (inputs with a current value
    /// and state) that something writes: a step, a gesture, a handler or an action. A derived
    /// value is a function of the cells: an expression reads only nodes with a current value, and
    /// a failing expression is a finding that ends the exploration. A cell a binding alone writes
    /// from a node with a current value (a button's `enabled` mirroring `login.enabled`) always
    /// holds that node's value, and so does one a gesture writes too when it binds back (a text
    /// field's text and the `email` it is bound to both ways). An event's or a stream's latest
    /// value is read by nothing but stream operators, and a cell nothing writes never changes.
    /// With stream outputs every node counts, and which nodes emitted.
    package func digestOnlyCells(writtenByMoves written: Set<Int>, gestures: [GesturePlan] = []) {
        var gestured = Set<Int>()
        for g in gestures { gestured.formUnion(g.writes + g.clears) }
        let n = spec.nodes.count
        var writers = [[Int]](repeating: [], count: n)
        for (h, handler) in spec.handlers.enumerated() {
            for t in handler.targets { writers[t].append(h) }
        }
        var byAction = [Bool](repeating: false, count: n)
        for action in spec.actions { byAction[action.executing] = true }
        var mirror = [Int](repeating: -1, count: n)
        for c in 0..<n {
            guard case .source = behaviors[c], !written.contains(c), !byAction[c], writers[c].count == 1 else { continue }
            let h = writers[c][0]
            let handler = spec.handlers[h]
            let m = handler.on
            guard handlerForwards[h] == c, handler.startValue == m, spec.nodes[m].hasCurrentValue else { continue }
            if gestured.contains(c) {
                // A gesture writes `c` and, through the binding back (from `c` or from the
                // edit the gesture fires), `m` with the same value, in one transaction: still equal.
                guard case .source = behaviors[m] else { continue }
                let forwardsToM = { (node: Int) in self.handlersOn[node].contains { self.handlerForwards[$0] == m } }
                let balanced = gestures.allSatisfy { g in
                    guard g.writes.contains(c) || g.clears.contains(c) else { return true }
                    guard case .value = g.payload, !g.clears.contains(c) else { return false }
                    return forwardsToM(c) || g.events.contains(where: forwardsToM)
                }
                guard balanced else { continue }
            }
            mirror[c] = m
        }
        // Cells mirroring each other in a ring hold whatever they started with: not mirrors.
        for c in 0..<n where mirror[c] >= 0 {
            var m = mirror[c]
            var steps = 0
            while m >= 0 && m != c && steps <= n {
                m = mirror[m]
                steps += 1
            }
            if m == c { mirror[c] = -1 }
        }
        mirrorOf = mirror
        guard pipelines.isEmpty else { return }
        digestNodes = (0..<n).filter { c in
            guard case .source = behaviors[c], mirror[c] < 0 else { return false }
            return written.contains(c) || gestured.contains(c) || byAction[c] || !writers[c].isEmpty
        }
    }

    /// The node a mirror cell finally mirrors: `node` itself when it mirrors nothing.
    func mirrorRoot(_ node: Int) -> Int {
        var m = node
        var steps = 0
        while mirrorOf.indices.contains(m), mirrorOf[m] >= 0, steps <= mirrorOf.count {
            m = mirrorOf[m]
            steps += 1
        }
        return m
    }

    /// Node `node`'s term of ``stateDigest()`` when its value is `value`.
    package static func digestTerm(of node: Int, _ value: Value) -> UInt64 {
        var d = Digest()
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
            var hasher = Hasher()
            hasher.combine(value)
            d.mix(UInt64(bitPattern: Int64(hasher.finalize())))
        }
        return d.finished
    }

    static func mixed(_ x: UInt64, _ salt: UInt64) -> UInt64 {
        var d = Digest()
        d.mix(salt)
        d.mix(x)
        return d.finished
    }

    /// The current value of a node ``stateDigest()`` covers (exploration reads an input's old
    /// term with it).
    package func storedValue(of node: Int) -> Value { context.values[node] }

    /// The cell a gesture amounts to writing with its payload, when that is all it does: it
    /// writes only cells mirroring that cell, fires only events whose handlers forward the payload
    /// into it or its mirrors, runs no action, clears nothing, and the cell itself changes only
    /// derived values (``changesOnlyDerivedValues(_:)``). Typing into a text field bound both ways
    /// to `email` amounts to writing `email`. Nil for any other gesture.
    package func cellWritten(by gesture: GesturePlan) -> Int? {
        guard pipelines.isEmpty, gesture.actions.isEmpty, gesture.clears.isEmpty, gesture.shownWhile == nil, !gesture.writes.isEmpty,
              case .value = gesture.payload else { return nil }
        let root = mirrorRoot(gesture.writes[0])
        guard root != gesture.writes[0], changesOnlyDerivedValues(root) else { return nil }
        for w in gesture.writes where mirrorRoot(w) != root || w == root { return nil }
        for e in gesture.events {
            guard actionsOn[e].isEmpty, pipelineInputs[e].isEmpty else { return nil }
            for h in handlersOn[e] {
                guard let target = handlerForwards[h], mirrorRoot(target) == root else { return nil }
            }
        }
        return root
    }

    /// True when writing `node` can change nothing but derived values and the cells mirroring
    /// them, none of which ``stateDigest()`` covers: no handler (but a binding into a mirror),
    /// action or stream operator listens to it or to anything computed from it. Such a write's
    /// state is the old one with `node`'s term replaced. False until
    /// ``digestOnlyCells(writtenByMoves:gestures:)``.
    package func changesOnlyDerivedValues(_ node: Int) -> Bool {
        guard case .source = behaviors[node], pipelines.isEmpty, mirrorOf.indices.contains(node), mirrorOf[node] < 0 else { return false }
        var seen = Set([node])
        var stack = [node]
        while let n = stack.popLast() {
            guard actionsOn[n].isEmpty, pipelineInputs[n].isEmpty else { return false }
            for h in handlersOn[n] {
                guard let target = handlerForwards[h] else { return false }
                if mirrorOf[target] >= 0 {
                    if seen.insert(target).inserted { stack.append(target) }
                } else if mirrorRoot(n) != target {
                    // A binding back into the cell `n` mirrors writes the value it has; into
                    // another cell, it changes a cell.
                    return false
                }
            }
            for r in readers[n] where seen.insert(r).inserted { stack.append(r) }
        }
        return true
    }
}

/// A multiply-xor mix of 64-bit words, for ``ScreenGraph/stateDigest()``.
struct Digest {
    private(set) var value: UInt64 = 0x243F_6A88_85A3_08D3

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
