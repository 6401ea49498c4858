/// What ``MinHeap`` orders: whether one element comes out before another.
protocol HeapOrdered {
    func precedes(_ other: Self) -> Bool
}

extension Int: HeapOrdered {
    @inline(__always)
    func precedes(_ other: Int) -> Bool { self < other }
}

/// A binary min-heap for the runtime's hot paths: the dirty set of a transaction (node ranks,
/// popped in increasing rank) and the clock's timers (``TimerQueue``).
///
/// Generic within this module, so release builds specialise it for each use: ScreenSpec's
/// `Heap<Element>`, called across the module boundary, ran unspecialised, with a generic metadata
/// lookup per call. Its storage is kept when it empties, so steady-state propagation and stepping
/// do not allocate.
struct MinHeap<Element: HeapOrdered> {
    private(set) var items: [Element] = []

    mutating func reserveCapacity(_ n: Int) { items.reserveCapacity(n) }

    var isEmpty: Bool { items.isEmpty }
    var count: Int { items.count }

    mutating func insert(_ element: Element) {
        items.append(element)
        var child = items.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard items[child].precedes(items[parent]) else { break }
            items.swapAt(child, parent)
            child = parent
        }
    }

    mutating func popMin() -> Element? {
        guard let last = items.popLast() else { return nil }
        guard !items.isEmpty else { return last }
        let top = items[0]
        items[0] = last
        siftDown(from: 0)
        return top
    }

    /// Moves the element at `start` down until neither child precedes it.
    @inline(__always)
    private mutating func siftDown(from start: Int) {
        var parent = start
        let n = items.count
        while true {
            let left = 2 * parent + 1
            guard left < n else { break }
            let right = left + 1
            let child = right < n && items[right].precedes(items[left]) ? right : left
            guard items[child].precedes(items[parent]) else { break }
            items.swapAt(child, parent)
            parent = child
        }
    }

    mutating func removeAll() { items.removeAll(keepingCapacity: true) }

    /// Replaces the elements with `elements`, ordered in O(n) (Floyd's bottom-up heapify) rather
    /// than by n insertions.
    mutating func replaceAll(with elements: [Element]) {
        items = elements
        guard items.count > 1 else { return }
        for start in stride(from: items.count / 2 - 1, through: 0, by: -1) { siftDown(from: start) }
    }
}
