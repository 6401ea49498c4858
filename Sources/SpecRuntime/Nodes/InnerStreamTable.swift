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

    var isEmpty: Bool { slotOf.isEmpty }

    mutating func insert(_ id: Int, _ stream: InnerStream) {
        slotOf[id] = slots.count
        slots.append((id, stream))
    }

    func contains(_ id: Int) -> Bool { slotOf[id] != nil }

    mutating func remove(_ id: Int) {
        guard let slot = slotOf.removeValue(forKey: id) else { return }
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
        slots.removeAll(keepingCapacity: true)
        slotOf.removeAll(keepingCapacity: true)
        return all
    }
}
