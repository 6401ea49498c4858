/// The inner streams a request operator runs, in subscription order, found and removed by id in
/// O(1) amortised: with thousands pending at once an answer must not search them (a list
/// searched per inner event made 20,000 pending `flatMap` requests quadratic, issue 20).
///
/// Removal leaves a hole; the slots are compacted once more than half are holes, so that a walk
/// over the running streams (a screen value delivered to each) stays proportional to them.
struct InnerStreamTable {
    private var slots: [(id: Int, stream: InnerStream?)] = []
    /// Per id, the slot of the stream running with it, or -1 (ids are dense: see ``free``).
    private var slotOf: [Int] = []
    private var running = 0

    /// Ids below ``nextID`` not running, smallest first: a new stream takes the smallest free id,
    /// so ids (which timers on the clock carry) depend on which streams run, not on how many ran
    /// before, and exploration sees two such states as one.
    private var free = MinHeap<Int>()
    private var nextID = 0

    var isEmpty: Bool { running == 0 }

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
        nextID = (slotOf.lastIndex { $0 >= 0 } ?? -1) + 1
        for id in 0..<nextID where slotOf[id] < 0 { free.insert(id) }
    }

    /// The stream with this id, nil when it is not running.
    func stream(_ id: Int) -> InnerStream? {
        contains(id) ? slots[slotOf[id]].stream : nil
    }

    /// The running streams and their ids, in subscription order.
    var entries: [(id: Int, stream: InnerStream)] {
        slots.compactMap { slot in slot.stream.map { (slot.id, $0) } }
    }

    mutating func insert(_ id: Int, _ stream: InnerStream) {
        if slotOf.count <= id { slotOf += Array(repeating: -1, count: id + 1 - slotOf.count) }
        slotOf[id] = slots.count
        running += 1
        slots.append((id, stream))
    }

    func contains(_ id: Int) -> Bool { id >= 0 && id < slotOf.count && slotOf[id] >= 0 }

    mutating func remove(_ id: Int) {
        guard contains(id) else { return }
        let slot = slotOf[id]
        slotOf[id] = -1
        running -= 1
        free.insert(id)
        slots[slot].stream = nil
        if running == 0 {
            slots.removeAll(keepingCapacity: true)
        } else if slots.count > 32 && running * 2 < slots.count {
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
        for id in slotOf.indices where slotOf[id] >= 0 {
            free.insert(id)
            slotOf[id] = -1
        }
        running = 0
        slots.removeAll(keepingCapacity: true)
        return all
    }
}
