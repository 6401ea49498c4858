/// The inner streams a request operator runs, in subscription order, found and removed by id in
/// O(1) amortised: with thousands pending at once an answer must not search them (a list
/// searched per inner event made 20,000 pending `flatMap` requests quadratic, issue 20).
///
/// Removal leaves a hole; the slots are compacted once more than half are holes, so that a walk
/// over the running streams (a screen value delivered to each) stays proportional to them.
struct InnerStreamTable {
    private var slots: [(id: Int, stream: InnerStream?)] = []
    /// The slot of each running id.
    private var slotOf: [Int: Int] = [:]

    /// Ids below ``nextID`` not running, smallest first: a new stream takes the smallest free id,
    /// so ids (which timers on the clock carry) depend on which streams run, not on how many ran
    /// before, and exploration sees two such states as one.
    private var free = MinHeap<Int>()
    private var nextID = 0

    var isEmpty: Bool { slotOf.isEmpty }

    /// The id for a new stream.
    mutating func allocate() -> Int {
        if let id = free.popMin() { return id }
        defer { nextID &+= 1 }
        return nextID
    }

    /// After streams were inserted with their saved ids: the free ids are those below the largest
    /// not running.
    mutating func reallocate() {
        free.removeAll()
        nextID = (slotOf.keys.max() ?? -1) + 1
        for id in 0..<nextID where slotOf[id] == nil { free.insert(id) }
    }

    /// The stream with this id, nil when it is not running.
    func stream(_ id: Int) -> InnerStream? {
        slotOf[id].flatMap { slots[$0].stream }
    }

    /// The running streams and their ids, in subscription order.
    var entries: [(id: Int, stream: InnerStream)] {
        slots.compactMap { slot in slot.stream.map { (slot.id, $0) } }
    }

    mutating func insert(_ id: Int, _ stream: InnerStream) {
        slotOf[id] = slots.count
        slots.append((id, stream))
    }

    func contains(_ id: Int) -> Bool { slotOf[id] != nil }

    mutating func remove(_ id: Int) {
        guard let slot = slotOf.removeValue(forKey: id) else { return }
        free.insert(id)
        slots[slot].stream = nil
        if slotOf.isEmpty {
            slots.removeAll(keepingCapacity: true)
        } else if slots.count > 32 && slotOf.count * 2 < slots.count {
            slots.removeAll { $0.stream == nil }
            for (k, slot) in slots.enumerated() { slotOf[slot.id] = k }
        }
    }

    /// The running streams in subscription order: a copy, so that one may end while the others
    /// are visited.
    var streams: [InnerStream] { slots.compactMap(\.stream) }

    /// Removes every stream and returns them in subscription order.
    mutating func removeAll() -> [InnerStream] {
        let all = streams
        for id in slotOf.keys { free.insert(id) }
        slots.removeAll(keepingCapacity: true)
        slotOf.removeAll(keepingCapacity: true)
        return all
    }
}
