import SpecRuntime

/// The state digests breadth-first search has seen: an open-addressing set of already-mixed 64-bit
/// keys. `Set<UInt64>` would hash each key again with SipHash; these keys are hashes already.
struct DigestSet {
    private var slots: [UInt64]
    private var mask: Int
    private(set) var count = 0
    /// The table's size in memory.
    var bytes: Int { slots.count * MemoryLayout<UInt64>.stride }

    init(capacity: Int) {
        var size = 16
        while size < capacity * 2 && size < 1 << 40 { size <<= 1 }
        slots = Array(repeating: 0, count: size)
        mask = size - 1
    }

    /// Adds `digest`; false when it was already there.
    mutating func insert(_ digest: UInt64) -> Bool {
        // 0 marks an empty slot, so the one digest that is 0 is stored as 1.
        let key = digest == 0 ? 1 : digest
        if (count + 1) * 2 > slots.count { grow() }
        var i = Int(truncatingIfNeeded: key ^ key >> 32) & mask
        while true {
            let slot = slots[i]
            if slot == 0 {
                slots[i] = key
                count += 1
                return true
            }
            if slot == key { return false }
            i = (i + 1) & mask
        }
    }

    /// Whether `digest` is there.
    func contains(_ digest: UInt64) -> Bool {
        let key = digest == 0 ? 1 : digest
        var i = Int(truncatingIfNeeded: key ^ key >> 32) & mask
        while true {
            let slot = slots[i]
            if slot == key { return true }
            if slot == 0 { return false }
            i = (i + 1) & mask
        }
    }

    private mutating func grow() {
        let old = slots
        slots = Array(repeating: 0, count: old.count * 2)
        mask = slots.count - 1
        count = 0
        for key in old where key != 0 { _ = insert(key) }
    }
}
