/// One list per node (or per handler, per pipeline…) stored as one array with offsets: list `i`
/// is `items[start[i]..<start[i + 1]]`.
///
/// A program's per-node lists (the nodes each derived node reads, its readers, the ports each node
/// feeds…) were arrays of arrays: one heap array per non-empty list, built one by one and, when
/// the program went, released and freed one by one with a release per list, empty or not. Stored
/// so, a table is two arrays whatever the number of nodes (docs/performance.md, "Tearing a graph
/// down"). Read as the array of arrays was: `lists[i]` is the list (a slice of `items`), and the
/// table is a collection of them.
package struct NodeLists<Item>: RandomAccessCollection {
    /// Where each list starts in ``items``, and one past the last list's end.
    package let start: [Int]
    /// Every list, one after the other.
    package let items: [Item]

    /// `lists` stored as one array.
    package init(_ lists: [[Item]]) {
        var start = [0]
        start.reserveCapacity(lists.count + 1)
        for l in lists { start.append(start[start.count - 1] + l.count) }
        self.start = start
        items = Array(lists.joined())
    }

    /// `count` lists, empty.
    package init(empty count: Int) {
        start = Array(repeating: 0, count: count + 1)
        items = []
    }

    /// `count` lists, with `entries` appended each to its list in order: what appending each to
    /// an array of arrays gives, without the arrays.
    package init(count: Int, entries: [(list: Int, item: Item)]) {
        var sizes = [Int](repeating: 0, count: count + 1)
        for e in entries { sizes[e.list + 1] += 1 }
        for i in 0..<count { sizes[i + 1] += sizes[i] }
        start = sizes
        guard let first = entries.first else {
            items = []
            return
        }
        var items = [Item](repeating: first.item, count: entries.count)
        var next = Array(sizes.dropLast())
        for e in entries {
            items[next[e.list]] = e.item
            next[e.list] += 1
        }
        self.items = items
    }

    package var startIndex: Int { 0 }
    package var endIndex: Int { start.count - 1 }

    package subscript(i: Int) -> ArraySlice<Item> {
        items[start[i]..<start[i + 1]]
    }

    /// These lists with list `i` replaced by `list` (a mutant's program, which reads what its
    /// one changed expression reads).
    package func replacing(_ i: Int, with list: [Item]) -> NodeLists {
        var lists = map(Array.init)
        lists[i] = list
        return NodeLists(lists)
    }
}
