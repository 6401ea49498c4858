import SpecRuntime

/// What a wait reached from a state, remembered by breadth-first search: a step that gives an
/// input and then waits reaches what the wait reaches from the state the input alone reaches
/// (the input's move with no wait, tried first, or predicted), and many states give their way to
/// the same one (every email, the same password and the same request on its way; the same page
/// requested whatever the list showed), so most such steps are known without taking them. A wait
/// alone from a state is remembered too: a later input step that reaches that state reads it.
///
/// A direct-mapped cache of (state digest, wait) to the digest reached: a bounded table where a
/// new entry replaces the one in its slot, so memory stays fixed whatever the search's size. It
/// starts small and is made larger (its entries moved over) as the search finds states, up to a
/// limit, so that a small search does not pay for a large table.
struct WaitMemo {
    private var keys: [UInt64]
    private var reached: [UInt64]
    /// A bit noted with each entry (whether the state reached has nothing scheduled).
    private var flags: [Bool]
    private var mask: Int
    private let largest: Int
    /// The table's size in memory.
    var bytes: Int { keys.count * (2 * MemoryLayout<UInt64>.stride + 1) }

    /// A table of at most `capacity` entries (rounded up to a power of two, at least 1,024).
    init(capacity: Int) {
        var largest = 1024
        while largest < capacity && largest < 1 << 22 { largest <<= 1 }
        self.largest = largest
        keys = Array(repeating: 0, count: 1024)
        reached = Array(repeating: 0, count: 1024)
        flags = Array(repeating: false, count: 1024)
        mask = 1023
    }

    /// Makes room for the waits of about `states` states (eight entries each), within the limit,
    /// keeping what it holds (an entry's slot is read from its key).
    mutating func fit(states: Int) {
        guard states * 8 > keys.count, keys.count < largest else { return }
        var size = keys.count
        while size < states * 8 && size < largest { size <<= 1 }
        let (oldKeys, oldReached, oldFlags) = (keys, reached, flags)
        keys = Array(repeating: 0, count: size)
        reached = Array(repeating: 0, count: size)
        flags = Array(repeating: false, count: size)
        mask = size - 1
        for i in oldKeys.indices where oldKeys[i] != 0 {
            let j = Int(truncatingIfNeeded: oldKeys[i]) & mask
            keys[j] = oldKeys[i]
            reached[j] = oldReached[i]
            flags[j] = oldFlags[i]
        }
    }

    @inline(__always)
    private static func key(_ digest: UInt64, _ wait: Int) -> UInt64 {
        var k = (digest ^ UInt64(truncatingIfNeeded: wait) &* 0x9E37_79B9_7F4A_7C15) &* 0xBF58_476D_1CE4_E5B9
        k ^= k >> 31
        return k == 0 ? 1 : k
    }

    /// What waiting `wait` from the state with `digest` reached, if remembered.
    func reached(from digest: UInt64, waiting wait: Int) -> UInt64? {
        let k = Self.key(digest, wait)
        let i = Int(truncatingIfNeeded: k) & mask
        return keys[i] == k ? reached[i] : nil
    }

    /// What waiting `wait` from the state with `digest` reached, and the bit noted with it.
    func entry(from digest: UInt64, waiting wait: Int) -> (reached: UInt64, flag: Bool)? {
        let k = Self.key(digest, wait)
        let i = Int(truncatingIfNeeded: k) & mask
        return keys[i] == k ? (reached[i], flags[i]) : nil
    }

    mutating func remember(from digest: UInt64, waiting wait: Int, reached to: UInt64, flag: Bool = false) {
        let k = Self.key(digest, wait)
        let i = Int(truncatingIfNeeded: k) & mask
        keys[i] = k
        reached[i] = to
        flags[i] = flag
    }
}
