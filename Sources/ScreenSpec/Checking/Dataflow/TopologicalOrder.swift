/// A topological order of items `0..<count` by Kahn's algorithm, ties broken by the smallest
/// index (declaration order), so that the order does not depend on how edges were found.
///
/// The checker sorts twice with it: the outputs to type-check (each after the outputs it names)
/// and the graph's nodes to rank (each after what it reads).
struct TopologicalOrder {
    /// The items that are in no cycle and depend on none, in order.
    let order: [Int]
    /// Per item, its edges from items not in `order`: positive for an item in a cycle or after one.
    let unresolved: [Int]

    /// `successors[i]` lists the items that must come after `i`; an edge listed twice counts twice.
    init(count: Int, successors: [[Int]]) {
        var incoming = [Int](repeating: 0, count: count)
        for targets in successors { for t in targets { incoming[t] += 1 } }
        var ready = Heap<Int>()
        for i in 0..<count where incoming[i] == 0 { ready.insert(i) }
        var order: [Int] = []
        order.reserveCapacity(count)
        while let i = ready.popMin() {
            order.append(i)
            for t in successors[i] {
                incoming[t] -= 1
                if incoming[t] == 0 { ready.insert(t) }
            }
        }
        self.order = order
        self.unresolved = incoming
    }

    /// Whether every item is in `order` (there is no cycle).
    var isComplete: Bool { order.count == unresolved.count }
}
