/// Virtual time in whole milliseconds. A single-owner priority queue ordered by (time, sequence):
/// ties run in the order they were scheduled, time never moves backwards, and nothing reads the
/// wall clock.
public final class VirtualClock {
    /// The current virtual time in milliseconds.
    // Unchecked: the graph reads it on every emission, and each read of a class's `var` is otherwise
    // checked for exclusivity at run time; every access is a plain read or write of an Int.
    /// Virtual milliseconds since the graph started.
    @exclusivity(unchecked) public private(set) var now: Int = 0
    // Unchecked as `now`: exploration reads the queue in every step, and no access spans a call
    // into other code (`advance` pops an entry, then runs its work, which may schedule more).
    @exclusivity(unchecked) private var queue = TimerQueue()
    @exclusivity(unchecked) private var sequence = 0
    /// How many scheduled items have run, to stop a spec that schedules work forever.
    @exclusivity(unchecked) package private(set) var executed = 0
    package var limit: Int

    /// A clock at 0 that runs at most `limit` scheduled events (a runaway spec stops, it does not hang).
    public init(limit: Int = 5_000_000) {
        self.limit = limit
    }

    package var pendingCount: Int { queue.count }

    /// When the next scheduled item is due, nil when nothing is scheduled.
    package var nextDue: Int? { queue.nextTime }

    /// Runs `work` `delay` milliseconds from now (0: after everything already due now). `tag`
    /// identifies what the work does (two entries with equal tags do the same), for exploration.
    package func schedule(after delay: Int, tag: Int = 0, _ work: @escaping () -> Void) {
        let (time, overflow) = now.addingReportingOverflow(max(delay, 0))
        queue.insert(TimerQueue.Entry(time: overflow ? Int.max : time, sequence: sequence, tag: tag, work: work))
        sequence &+= 1
    }

    /// Runs everything due up to `target`, in order, then sets the time to `target`.
    /// Throws ``RuntimeLimitError`` when more than ``limit`` items have run.
    package func advance(to target: Int) throws(RuntimeLimitError) {
        while let next = queue.popMin(dueBy: target) {
            now = next.time
            executed += 1
            guard executed <= limit else { throw RuntimeLimitError(time: now, limit: limit) }
            next.work()
        }
        now = max(now, target)
    }

    /// The time, the sequence and everything scheduled, to restore later (see Exploration/).
    package struct State {
        fileprivate var now: Int
        fileprivate var sequence: Int
        fileprivate var queue: TimerQueue

        /// The bytes of the queue when it is not `parent`'s (shared until written), for
        /// exploration's memory budget: a closure's context is a fixed estimate.
        package func bytes(beyond parent: State?) -> Int {
            guard queue.count > 0 else { return 0 }
            if let parent, parent.queue.sharesStorage(with: queue) { return 0 }
            return HeldBytes.header + queue.count * (MemoryLayout<TimerQueue.Entry>.stride + HeldBytes.closure)
        }
    }

    package var state: State {
        get { State(now: now, sequence: sequence, queue: queue) }
        set {
            now = newValue.now
            sequence = newValue.sequence
            // Shared until written: most moves schedule nothing, and copying the entries in
            // (generic array operations on closures) costs more than the copy on write.
            queue = newValue.queue
        }
    }

    /// A digest of what is pending, relative to now: each entry's delay and tag. The heap's layout
    /// depends on the order of insertions, so entries are summed, order-independently.
    package func pendingDigest() -> UInt64 { pendingDigest(after: 0) }

    /// ``pendingDigest()`` as it will be `wait` milliseconds from now if nothing comes due before
    /// then (exploration predicts a wait's state with it; see ``nextDue``).
    package func pendingDigest(after wait: Int) -> UInt64 {
        var sum = UInt64(queue.count)
        let at = now &+ wait
        for entry in queue.entries {
            var h = UInt64(bitPattern: Int64(entry.time &- at)) &* 0x9E37_79B9_7F4A_7C15
            h ^= UInt64(bitPattern: Int64(entry.tag))
            h = (h ^ h >> 31) &* 0xBF58_476D_1CE4_E5B9
            sum = sum &+ (h ^ h >> 29)
        }
        return sum
    }

    /// Drops everything scheduled.
    package func reset() {
        queue.removeAll()
        now = 0
        executed = 0
    }
}

/// A scenario scheduled more work than a screen plausibly needs: most likely a loop.
public struct RuntimeLimitError: Error, Sendable {
    package var time: Int
    package var limit: Int
}
