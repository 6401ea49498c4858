/// What the clock has scheduled: entries ordered by (time, sequence), in a ``MinHeap``.
struct TimerQueue {
    struct Entry: HeapOrdered {
        var time: Int
        var sequence: Int
        /// What the work is, for exploration's state hash (0: unknown); see
        /// ``VirtualClock/schedule(after:tag:_:)``.
        var tag: Int
        var work: () -> Void

        @inline(__always)
        func precedes(_ other: Entry) -> Bool {
            time < other.time || (time == other.time && sequence < other.sequence)
        }
    }

    private var heap = MinHeap<Entry>()

    /// Every entry, in heap order (not sorted).
    var entries: [Entry] { heap.items }
    var count: Int { heap.count }

    /// When the first entry is due, nil when nothing is scheduled.
    var nextTime: Int? { heap.isEmpty ? nil : heap.items[0].time }

    mutating func insert(_ entry: Entry) { heap.insert(entry) }

    /// Removes and returns the first entry if it is due by `time`.
    mutating func popMin(dueBy time: Int) -> Entry? {
        guard let next = nextTime, next <= time else { return nil }
        return heap.popMin()
    }

    mutating func removeAll() { heap.removeAll() }

    /// Whether `other` is a copy of this queue not yet written to.
    func sharesStorage(with other: TimerQueue) -> Bool {
        heap.items.withUnsafeBufferPointer { a in other.heap.items.withUnsafeBufferPointer { b in a.baseAddress == b.baseAddress } }
    }
}
