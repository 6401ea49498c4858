@testable import SpecRuntime
import Testing

/// A program's per-node lists stored as one array with offsets (NodeLists.swift) read as the
/// arrays of arrays they replaced.
@Suite("Node lists")
struct NodeListsTests {
    /// Entries appended each to its list, in order, give the lists appending them to arrays gave,
    /// empty lists first, last and in between included.
    @Test func entriesGiveTheListsAppendingGave() {
        var generator = SystemRandomNumberGenerator()
        for count in [0, 1, 2, 5, 40] {
            var arrays = [[Int]](repeating: [], count: count)
            var entries: [(list: Int, item: Int)] = []
            if count > 0 {
                for item in 0..<(count * 3) {
                    let list = Int.random(in: 0..<count, using: &generator)
                    arrays[list].append(item)
                    entries.append((list, item))
                }
            }
            let lists = NodeLists(count: count, entries: entries)
            #expect(lists.count == count)
            #expect(lists.map(Array.init) == arrays)
            #expect(NodeLists(arrays).map(Array.init) == arrays)
            #expect(lists.items.count == entries.count)
        }
    }

    @Test func emptyListsAndReplacingOne() {
        let empty = NodeLists<Int>(empty: 3)
        #expect(empty.map(Array.init) == [[], [], []])
        let lists = NodeLists([[1, 2], [], [3]])
        #expect(lists[0] == [1, 2])
        #expect(lists[1].isEmpty)
        #expect(lists.replacing(1, with: [7, 8, 9]).map(Array.init) == [[1, 2], [7, 8, 9], [3]])
        #expect(lists.replacing(0, with: []).map(Array.init) == [[], [], [3]])
    }
}
