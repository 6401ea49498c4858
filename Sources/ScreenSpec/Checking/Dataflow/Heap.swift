/// A binary min-heap. Used for topological ordering, the runtime's dirty set and its clock.
/// Inlinable so that the runtime's hot path gets a specialised copy.
package struct Heap<Element: Comparable> {
    @usableFromInline var items: [Element] = []

    @inlinable package init() {}

    @inlinable package var isEmpty: Bool { items.isEmpty }
    @inlinable package var count: Int { items.count }
    @inlinable package var min: Element? { items.first }
    /// Every element, in heap order (not sorted).
    @inlinable package var unordered: [Element] { items }

    @inlinable package mutating func reserveCapacity(_ n: Int) { items.reserveCapacity(n) }

    @inlinable package mutating func insert(_ element: Element) {
        items.append(element)
        var child = items.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard items[child] < items[parent] else { break }
            items.swapAt(child, parent)
            child = parent
        }
    }

    @inlinable package mutating func popMin() -> Element? {
        guard !items.isEmpty else { return nil }
        if items.count == 1 { return items.removeLast() }
        let top = items[0]
        items[0] = items.removeLast()
        var parent = 0
        let n = items.count
        while true {
            let left = 2 * parent + 1
            guard left < n else { break }
            let right = left + 1
            let child = right < n && items[right] < items[left] ? right : left
            guard items[child] < items[parent] else { break }
            items.swapAt(child, parent)
            parent = child
        }
        return top
    }

    @inlinable package mutating func removeAll() { items.removeAll(keepingCapacity: true) }
}
