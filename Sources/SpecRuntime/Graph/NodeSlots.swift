/// One value per node, written in place: the per-transaction flags and pending writes of a
/// ``ScreenGraph``, written several times per node in every change.
///
/// An array there was checked for uniqueness (copy-on-write) at every element write, about a
/// twentieth of a login change; these slots are owned by one graph, never shared or copied, so a
/// write is a store. Not `Sendable`: as the graph's other state, used by one thread at a time.
final class NodeSlots<Element> {
    private let base: UnsafeMutablePointer<Element>
    let count: Int

    init(repeating element: Element, count: Int) {
        self.count = count
        base = .allocate(capacity: max(count, 1))
        base.initialize(repeating: element, count: count)
    }

    deinit {
        base.deinitialize(count: count)
        base.deallocate()
    }

    subscript(node: Int) -> Element {
        @inline(__always) get {
            precondition(node >= 0 && node < count, "node out of range")
            return base[node]
        }
        @inline(__always) set {
            precondition(node >= 0 && node < count, "node out of range")
            base[node] = newValue
        }
    }
}

extension NodeSlots {
    /// The pending write at `node`, moved out and replaced by nil: a move, where reading it and
    /// then writing nil copied the value (retaining what it holds) and destroyed the original.
    @inline(__always)
    func take<Wrapped>(_ node: Int) -> Wrapped? where Element == Wrapped? {
        precondition(node >= 0 && node < count, "node out of range")
        let slot = base + node
        guard case .some = slot.pointee else { return nil }
        let taken = slot.move()
        slot.initialize(to: nil)
        return taken
    }

    /// Sets the slot at `node` to nil, touching it only when it holds something (the usual
    /// state: nothing pending), so that no destroy of the old value runs.
    @inline(__always)
    func clear<Wrapped>(_ node: Int) where Element == Wrapped? {
        precondition(node >= 0 && node < count, "node out of range")
        let slot = base + node
        guard case .some = slot.pointee else { return }
        slot.pointee = nil
    }
}

/// The dirty nodes of a transaction by rank, popped lowest first: a binary heap in storage of one
/// slot per node, which suffices because a node is queued at most once at a time (`queued`). As
/// ``NodeSlots``, written in place with no uniqueness check.
final class RankQueue {
    private let items: UnsafeMutablePointer<Int>
    private let capacity: Int
    // Unchecked: the queue is owned by one graph and used by one thread at a time, and `popMin`
    // ran a dynamic exclusivity check (about 76 instructions) on every transaction.
    @exclusivity(unchecked) private(set) var count = 0

    init(capacity: Int) {
        self.capacity = capacity
        items = .allocate(capacity: max(capacity, 1))
    }

    deinit { items.deallocate() }

    var isEmpty: Bool { count == 0 }

    @inline(__always)
    func insert(_ rank: Int) {
        precondition(count < capacity, "a node queued twice")
        var child = count
        count += 1
        while child > 0 {
            let parent = (child - 1) >> 1
            let p = items[parent]
            guard rank < p else { break }
            items[child] = p
            child = parent
        }
        items[child] = rank
    }

    @inline(__always)
    func popMin() -> Int? {
        guard count > 0 else { return nil }
        let top = items[0]
        count -= 1
        let n = count
        guard n > 0 else { return top }
        let last = items[n]
        var parent = 0
        while true {
            let left = 2 * parent + 1
            guard left < n else { break }
            let right = left + 1
            var child = left
            var c = items[left]
            if right < n, items[right] < c {
                child = right
                c = items[right]
            }
            guard c < last else { break }
            items[parent] = c
            parent = child
        }
        items[parent] = last
        return top
    }

    func removeAll() { count = 0 }
}
