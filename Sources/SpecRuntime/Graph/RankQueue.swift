/// The dirty set of one transaction: node ranks in a binary min-heap, popped in increasing rank.
///
/// Not generic, so the hot path never goes through unspecialised generic code (the shared
/// `Heap<Element>` of ScreenSpec was called unspecialised from here, with metadata lookups per
/// call). Its storage is kept across transactions, so steady-state propagation does not allocate.
struct RankQueue {
    private var items: [Int] = []

    mutating func reserveCapacity(_ n: Int) { items.reserveCapacity(n) }

    var isEmpty: Bool { items.isEmpty }

    mutating func insert(_ rank: Int) {
        items.append(rank)
        var child = items.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard items[child] < items[parent] else { break }
            items.swapAt(child, parent)
            child = parent
        }
    }

    mutating func popMin() -> Int? {
        guard let last = items.popLast() else { return nil }
        guard !items.isEmpty else { return last }
        let top = items[0]
        items[0] = last
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
}
