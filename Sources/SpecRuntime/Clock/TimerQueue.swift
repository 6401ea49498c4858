/// What the clock has scheduled: entries in a binary min-heap ordered by (time, sequence).
///
/// Not ScreenSpec's generic `Heap<Element>`: called from here it ran unspecialised, with a generic
/// metadata lookup on every read of the next due time, which every step of an exploration makes
/// (as ``RankQueue`` replaced it for the dirty set).
struct TimerQueue {
    struct Entry {
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

    private(set) var entries: [Entry] = []

    var count: Int { entries.count }

    /// When the first entry is due, nil when nothing is scheduled.
    var nextTime: Int? { entries.isEmpty ? nil : entries[0].time }

    mutating func insert(_ entry: Entry) {
        entries.append(entry)
        var child = entries.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard entries[child].precedes(entries[parent]) else { break }
            entries.swapAt(child, parent)
            child = parent
        }
    }

    /// Removes and returns the first entry if it is due by `time`.
    mutating func popMin(dueBy time: Int) -> Entry? {
        guard let first = entries.first, first.time <= time else { return nil }
        let last = entries.removeLast()
        guard !entries.isEmpty else { return first }
        entries[0] = last
        var parent = 0
        let n = entries.count
        while true {
            let left = 2 * parent + 1
            guard left < n else { break }
            let right = left + 1
            let child = right < n && entries[right].precedes(entries[left]) ? right : left
            guard entries[child].precedes(entries[parent]) else { break }
            entries.swapAt(child, parent)
            parent = child
        }
        return first
    }

    mutating func removeAll() { entries.removeAll(keepingCapacity: true) }
}
