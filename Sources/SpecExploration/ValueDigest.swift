import SpecRuntime

/// Values and timers mixed into a ``Digest`` word by word, for exploration's state digest: a
/// list of records (a screen's items, a page of a service's answer) is hashed after most steps
/// that change it, and `Hasher` (SipHash, through `Value`'s generic `hash(into:)`) costs several
/// times this. Equal values mix equally: strings by their UTF-8 bytes (canonically equal strings
/// with other bytes only count as two states, as at the top level of a node's term), `-0.0` as
/// `0.0`; the rare kinds (errors, navigations, colours) go through `Hasher`.
extension Digest {
    /// A list of two or more items and a record mix their own digest (``whole(_:cache:)``), which
    /// `cache` keeps by storage: a list of records is hashed once, not after every step.
    mutating func mix(value: Value) {
        switch value {
        case .list(let items) where items.count >= 2:
            mix(15)
            mix(cache?.digest(of: value) ?? Self.whole(value, cache: nil))
        case .record:
            mix(16)
            mix(cache?.digest(of: value) ?? Self.whole(value, cache: nil))
        default:
            mix(part: value)
        }
    }

    /// The digest of a list or record as ``mix(value:)`` takes it.
    static func whole(_ value: Value, cache: ValueDigestCache?) -> UInt64 {
        var d = Digest()
        d.cache = cache
        d.mix(part: value)
        return d.finished
    }

    private mutating func mix(part value: Value) {
        switch value {
        case .void: mix(4)
        case .bool(let b): mix(b ? 1 : 2)
        case .int(let n):
            mix(3)
            mix(UInt64(bitPattern: Int64(n)))
        case .double(let x):
            mix(7)
            mix(x == 0 ? 0 : x.bitPattern)
        case .string(let s): mix(string: s, tag: 6)
        case .none: mix(5)
        case .list(let items):
            mix(8)
            mix(UInt64(items.count))
            for item in items { mix(value: item) }
        case .record(let r):
            mix(string: r.type, tag: 9)
            mix(UInt64(r.fields.count))
            for field in r.fields { mix(value: field) }
        case .enumCase(let e):
            mix(string: e.type, tag: 10)
            mix(string: e.caseName, tag: 11)
        default:
            var hasher = Hasher()
            hasher.combine(value)
            mix(12)
            mix(UInt64(bitPattern: Int64(hasher.finalize())))
        }
    }

    /// The string's whole length goes first, with its tag: inside a list or a record, where one
    /// string's bytes are followed by the next one's, two different lists of strings would
    /// otherwise be able to mix the same words (a string of NUL bytes that reads as another's
    /// tail).
    mutating func mix(string: String, tag: UInt64) {
        var s = string
        s.withUTF8 { bytes in
            mix(tag | UInt64(truncatingIfNeeded: bytes.count) << 8)
            mix(bytes: UnsafeRawBufferPointer(bytes))
        }
    }

    /// A pending timer: what it will do. A stream operator's timer carrying events (a request's
    /// answer, a `delay`'s element) mixes them; the others go through `Hasher`.
    mutating func mix(timer: GraphTimer) {
        guard case .stream(let t) = timer, case .events(let events) = t.payload else {
            mix(13)
            mix(UInt64(bitPattern: Int64(timer.hashValue)))
            return
        }
        mix(14)
        // The address's fields, not its `hashValue` (SipHash, on every timer of every digest).
        mix(UInt64(bitPattern: Int64(t.address.pipeline)))
        mix(UInt64(bitPattern: Int64(t.address.op)))
        mix(UInt64(bitPattern: Int64(t.address.inner)))
        mix(UInt64(bitPattern: Int64(t.address.innerOp)))
        if t.address.nested >= 0 {
            // A nested request's inner stream (NestedRequests.swift): only then, so that the
            // digest of every other timer costs what it did.
            mix(UInt64(bitPattern: Int64(t.address.nested)))
            mix(UInt64(bitPattern: Int64(t.address.nestedOp)))
        }
        mix(UInt64(events.count))
        for event in events {
            switch event {
            case .next(let v):
                mix(1)
                mix(value: v)
            case .completed: mix(2)
            case .failure(let e):
                mix(3)
                mix(UInt64(bitPattern: Int64(e.hashValue)))
            case .error(let e):
                mix(4)
                mix(UInt64(bitPattern: Int64(e.hashValue)))
            }
        }
    }
}

extension Digest {
    /// A pipeline's state (``StreamPipeline/stateHash``): what `==` compares, but an inner
    /// stream's subscription time (not part of a state's digest, see ``InnerStreamState``).
    mutating func mix(pipeline state: PipelineState) {
        mix(UInt64(state.operators.count))
        for op in state.operators { mix(operator: op) }
        mix(UInt64(state.gates.count))
        for closed in state.gates { mix(closed ? 1 : 2) }
        mix(state.ended ? 1 : 2)
        mix(state.disposed ? 1 : 2)
    }

    mutating func mix(operator state: OperatorState) {
        switch state {
        case .stateless: mix(20)
        case .count(let n):
            mix(21)
            mix(UInt64(bitPattern: Int64(n)))
        case .flag(let b): mix(b ? 22 : 23)
        case .element(let v):
            mix(24)
            if let v { mix(value: v) } else { mix(25) }
        case .elements(let vs):
            mix(26)
            mix(UInt64(vs.count))
            for v in vs { mix(value: v) }
        case .parts(let parts):
            mix(27)
            mix(UInt64(parts.count))
            for part in parts { mix(operator: part) }
        case .requests(let r):
            mix(28)
            mix(UInt64(r.active.count))
            for inner in r.active {
                mix(UInt64(bitPattern: Int64(inner.id)))
                mix(values: inner.arguments)
                if let e = inner.element { mix(value: e) } else { mix(25) }
                mix(UInt64(inner.operators.count))
                for op in inner.operators { mix(operator: op) }
                mix(UInt64(inner.gates.count))
                for closed in inner.gates { mix(closed ? 1 : 2) }
                mix(inner.answerEnded ? 1 : 2)
                mix(UInt64(inner.branch))
            }
            mix(UInt64(r.waiting.count))
            for call in r.waiting {
                mix(values: call.arguments)
                if let e = call.element { mix(value: e) } else { mix(25) }
                mix(UInt64(call.branch))
            }
            mix(r.upstreamDone ? 1 : 2)
        }
    }

    mutating func mix(values: [Value]) {
        mix(UInt64(values.count))
        for v in values { mix(value: v) }
    }
}

/// Digests of lists and records by their storage, for ``Digest/mix(value:)``: a state's lists (a
/// screen's items, a service's answer on its way, a request's arguments) are mostly the very
/// storage a digest before hashed, restored from a saved state or handed on unchanged. An entry
/// holds its value, so the storage it is keyed by can be neither freed and reused nor changed in
/// place while it is cached (a change copies it). One per ``GraphDigest``, so one per graph and thread.
package final class ValueDigestCache {
    // `@exclusivity(unchecked)`, as the graph's per-node state (see ScreenGraph.swift): every step of
    // exploration runs this code, and no access to these properties spans a call into other code.
    @exclusivity(unchecked) private var values: [Value]
    @exclusivity(unchecked) private var digests: [UInt64]
    private let mask: Int

    /// `size` entries, a power of two.
    package init(size: Int = 512) {
        values = Array(repeating: .none, count: size)
        digests = Array(repeating: 0, count: size)
        mask = size - 1
    }

    /// `value`'s digest as ``Digest/whole(_:cache:)`` gives it.
    func digest(of value: Value) -> UInt64 {
        var value = value
        let word = withUnsafeBytes(of: &value) { $0.load(as: UInt64.self) }
        let slot = Int(truncatingIfNeeded: (word >> 4) ^ (word >> 13)) & mask
        let hit = values.withUnsafeBufferPointer { cached in
            withUnsafePointer(to: &value) { Value.sameBits(cached.baseAddress! + slot, $0) }
        }
        if hit { return digests[slot] }
        let d = Digest.whole(value, cache: self)
        values[slot] = value
        digests[slot] = d
        return d
    }
}
