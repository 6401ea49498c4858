/// What the clock has scheduled: entries ordered by (time, sequence), in a ``MinHeap``.
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

    /// Removes the entries `drop` picks (a handful at most are pending: a rebuild is cheap).
    mutating func remove(where drop: (Entry) -> Bool) {
        guard heap.items.contains(where: drop) else { return }
        let kept = heap.items.filter { !drop($0) }
        heap.removeAll()
        for entry in kept { heap.insert(entry) }
    }

    /// Whether `other` is a copy of this queue not yet written to.
    func sharesStorage(with other: TimerQueue) -> Bool {
        heap.items.withUnsafeBufferPointer { a in other.heap.items.withUnsafeBufferPointer { b in a.baseAddress == b.baseAddress } }
    }
}

/// What a clock entry runs: a graph's timer, a plain value the graph dispatches (see
/// ``GraphTimer``), or a closure from outside a graph (a scenario recorder's steps, a live call's
/// timeout), which exploration never schedules.
enum ClockWork {
    case timer(GraphTimer)
    case closure(() -> Void)
}
