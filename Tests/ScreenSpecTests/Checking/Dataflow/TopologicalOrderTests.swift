@testable import ScreenSpec
import Testing

/// The one topological sort both of the checker's orders use (outputs to type, nodes to rank).
@Suite struct TopologicalOrderTests {
    @Test func tiesGoByIndexWhateverTheEdgeOrder() {
        // 3 -> 0, 2 -> 1: 2 and 3 are ready first, then 0 and 1 as their sources are placed.
        let sorted = TopologicalOrder(count: 4, successors: [[], [], [1], [0]])
        #expect(sorted.order == [2, 1, 3, 0])
        #expect(sorted.isComplete && sorted.unresolved == [0, 0, 0, 0])
    }

    @Test func aCycleAndWhatFollowsItStayUnresolved() {
        // 0 -> 1 -> 2 -> 1, 2 -> 3; 4 stands alone. An edge listed twice counts twice.
        let sorted = TopologicalOrder(count: 5, successors: [[1], [2], [1, 3], [], []])
        #expect(sorted.order == [0, 4])
        #expect(!sorted.isComplete)
        #expect(sorted.unresolved == [0, 1, 1, 1, 0])
        #expect(TopologicalOrder(count: 2, successors: [[1, 1], []]).order == [0, 1])
    }
}
