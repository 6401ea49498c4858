/// What the clock has scheduled: entries ordered by (time, sequence), in a ``MinHeap``.
///
/// Once many entries are pending, the queue also counts them by the stream operator (and the
/// inner stream) that set them (``TimerOwners``), so an operator or an inner stream that ends asks
/// whether it has anything pending without a scan: n requests pending at once that each end cost
/// O(n log n), not O(n²). Small queues (exploration's, a screen's few timers) keep no counts: a scan of
/// a handful of entries is cheaper than a hash per timer.
struct TimerQueue {
    struct Entry: HeapOrdered {
        var time: Int
        var sequence: Int
        var work: ClockWork

        @inline(__always)
        func precedes(_ other: Entry) -> Bool {
            time < other.time || (time == other.time && sequence < other.sequence)
        }
    }

    /// From how many pending entries on the owners are counted.
    static let countingFrom = 64

    private var heap = MinHeap<Entry>()
    /// Pending stream timers by owner, kept from the first question asked of a queue of
    /// ``countingFrom`` entries or more until the queue is emptied.
    private var owners: TimerOwners?

    /// Every entry, in heap order (not sorted).
    var entries: [Entry] { heap.items }
    var count: Int { heap.count }

    /// When the first entry is due, nil when nothing is scheduled.
    var nextTime: Int? { heap.isEmpty ? nil : heap.items[0].time }

    mutating func insert(_ entry: Entry) {
        heap.insert(entry)
        if owners != nil { owners!.add(entry, 1) }
    }

    /// Removes and returns the first entry if it is due by `time`.
    mutating func popMin(dueBy time: Int) -> Entry? {
        guard let next = nextTime, next <= time, let entry = heap.popMin() else { return nil }
        if owners != nil { owners!.add(entry, -1) }
        return entry
    }

    mutating func removeAll() {
        heap.removeAll()
        owners = nil
    }

    /// Whether the owners are counted: from the first question asked of a large queue on.
    var countsOwners: Bool { owners != nil }

    /// Whether a stream timer that `owner` owns (see ``StreamTimer/Address/owns(_:)``) is pending:
    /// a look-up once the queue is large, a scan of a few entries before.
    mutating func holdsTimer(ownedBy owner: StreamTimer.Address) -> Bool {
        guard heap.count >= Self.countingFrom || owners != nil else {
            return heap.items.contains { entry in
                guard case .timer(.stream(let t)) = entry.work else { return false }
                return owner.owns(t.address)
            }
        }
        if owners == nil {
            var counted = TimerOwners()
            for entry in heap.items { counted.add(entry, 1) }
            owners = counted
        }
        return owners!.holds(owner)
    }

    /// Removes the entries `drop` picks, rebuilding the heap when one is found (O(n)).
    mutating func remove(where drop: (Entry) -> Bool) {
        guard heap.items.contains(where: drop) else { return }
        var kept: [Entry] = []
        kept.reserveCapacity(heap.count)
        for entry in heap.items {
            if !drop(entry) {
                kept.append(entry)
            } else if owners != nil {
                owners!.add(entry, -1)
            }
        }
        heap.replaceAll(with: kept)
    }

    /// Whether `other` is a copy of this queue not yet written to.
    func sharesStorage(with other: TimerQueue) -> Bool {
        heap.items.withUnsafeBufferPointer { a in other.heap.items.withUnsafeBufferPointer { b in a.baseAddress == b.baseAddress } }
    }
}

/// How many stream timers are pending per operator and per inner stream (see ``TimerQueue``).
struct TimerOwners {
    private struct Operator: Hashable {
        var pipeline: Int
        var op: Int
    }

    private struct Inner: Hashable {
        var pipeline: Int
        var op: Int
        var inner: Int
    }

    private var byOperator: [Operator: Int] = [:]
    private var byInner: [Inner: Int] = [:]

    /// Counts `entry` in (`by` 1) or out (`by` -1) if it is a stream timer.
    mutating func add(_ entry: TimerQueue.Entry, _ by: Int) {
        guard case .timer(.stream(let t)) = entry.work else { return }
        let a = t.address
        Self.bump(&byOperator, Operator(pipeline: a.pipeline, op: a.op), by)
        if a.inner >= 0 { Self.bump(&byInner, Inner(pipeline: a.pipeline, op: a.op, inner: a.inner), by) }
    }

    /// Whether anything `owner` owns is counted: an inner stream's operator (`innerOp` ≥ 0) is
    /// answered for its whole inner stream, which the caller's own scan then narrows.
    func holds(_ owner: StreamTimer.Address) -> Bool {
        if owner.inner < 0 { return byOperator[Operator(pipeline: owner.pipeline, op: owner.op)] != nil }
        return byInner[Inner(pipeline: owner.pipeline, op: owner.op, inner: owner.inner)] != nil
    }

    private static func bump<Key: Hashable>(_ counts: inout [Key: Int], _ key: Key, _ by: Int) {
        let now = counts[key, default: 0] + by
        counts[key] = now > 0 ? now : nil
    }
}

/// What a clock entry runs: a graph's timer, a plain value the graph dispatches (see
/// ``GraphTimer``), or a closure from outside a graph (a scenario recorder's steps, a live call's
/// timeout), which exploration never schedules.
enum ClockWork {
    case timer(GraphTimer)
    case closure(() -> Void)
}
