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
    // Unchecked as `executed`: exploration sets it before every step that waits.
    @exclusivity(unchecked) package var limit: Int

    /// A clock at 0 that runs at most `limit` scheduled events (a runaway spec stops, it does not hang).
    public init(limit: Int = 5_000_000) {
        self.limit = limit
    }

    package var pendingCount: Int { queue.count }

    /// When the next scheduled item is due, nil when nothing is scheduled.
    package var nextDue: Int? { queue.nextTime }

    /// Runs `work` `delay` milliseconds from now (0: after everything already due now).
    package func schedule(after delay: Int, _ work: @escaping () -> Void) {
        insert(after: delay, .closure(work))
    }

    /// Hands `timer` to ``fire`` `delay` milliseconds from now: a graph's own work, as a value.
    package func schedule(after delay: Int, _ timer: GraphTimer) {
        insert(after: delay, .timer(timer))
    }

    private func insert(after delay: Int, _ work: ClockWork) {
        let (time, overflow) = now.addingReportingOverflow(max(delay, 0))
        queue.insert(TimerQueue.Entry(time: overflow ? Int.max : time, sequence: sequence, work: work))
        sequence &+= 1
    }

    /// Runs a ``GraphTimer`` that came due: the graph on this clock sets it.
    // Unchecked: read for every timer that fires, and written once, when the graph is made.
    @exclusivity(unchecked) var fire: (GraphTimer) -> Void = { _ in }

    /// Whether every pending item is a graph timer `matches` picks (true when nothing is pending).
    package func allPending(_ matches: (GraphTimer) -> Bool) -> Bool {
        for entry in queue.entries {
            guard case .timer(let t) = entry.work, matches(t) else { return false }
        }
        return true
    }

    /// When the first pending graph timer `matches` picks comes due, nil when none.
    func firstDue(where matches: (GraphTimer) -> Bool) -> Int? {
        var first: Int?
        for entry in queue.entries {
            guard case .timer(let t) = entry.work, matches(t) else { continue }
            first = min(first ?? entry.time, entry.time)
        }
        return first
    }

    /// Drops the pending graph timers `drop` picks: an operator whose timer can no longer do
    /// anything (a debounce that got a newer element) removes it, so that what is pending is
    /// exactly what can still happen.
    func cancel(where drop: (GraphTimer) -> Bool) {
        queue.remove { entry in
            if case .timer(let t) = entry.work { return drop(t) }
            return false
        }
    }

    /// Drops the pending stream timers `owner` owns (see ``StreamTimer/Address/owns(_:)``) that
    /// `drop` picks. A large queue is asked first whether `owner` has any: an inner stream that
    /// ends with nothing pending (its answer came) costs no scan of the other requests' timers.
    func cancelStreamTimers(ownedBy owner: StreamTimer.Address, where drop: (StreamTimer.Address) -> Bool) {
        // A small queue is scanned once, by the removal itself (a debounce's cancel per keystroke,
        // exploration's steps): asking first would scan it twice.
        if queue.count >= TimerQueue.countingFrom || queue.countsOwners, !queue.holdsTimer(ownedBy: owner) { return }
        queue.remove { entry in
            guard case .timer(.stream(let t)) = entry.work else { return false }
            return owner.owns(t.address) && drop(t.address)
        }
    }

    /// When the first pending stream timer `owner` owns comes due, nil when none.
    func firstStreamTimerDue(ownedBy owner: StreamTimer.Address) -> Int? {
        if queue.count >= TimerQueue.countingFrom || queue.countsOwners, !queue.holdsTimer(ownedBy: owner) { return nil }
        return firstDue { timer in
            guard case .stream(let t) = timer else { return false }
            return owner.owns(t.address)
        }
    }

    /// Runs everything due up to `target`, in order, then sets the time to `target`.
    /// Throws ``RuntimeLimitError`` when more than ``limit`` items have run.
    package func advance(to target: Int) throws(RuntimeLimitError) {
        while let next = queue.popMin(dueBy: target) {
            now = next.time
            executed += 1
            guard executed <= limit else { throw RuntimeLimitError(time: now, limit: limit) }
            switch next.work {
            case .timer(let timer): fire(timer)
            case .closure(let work): work()
            }
        }
        now = max(now, target)
    }

    /// The time, the sequence and everything scheduled, to restore later (exploration saves and
    /// restores states with it: SpecExploration).
    ///
    /// Sendable because a graph's timers are plain values (``GraphTimer``); closures are scheduled
    /// only from outside a graph (a scenario recorder, a live call's timeout), never by the
    /// explorer that saves and restores states (``holdsOnlyGraphTimers``).
    package struct State: @unchecked Sendable {
        fileprivate var now: Int
        fileprivate var sequence: Int
        fileprivate var queue: TimerQueue

        /// How many entries are pending in this state.
        package var pendingCount: Int { queue.count }

        /// The bytes one pending entry takes in the queue's storage.
        package static var entryStride: Int { MemoryLayout<TimerQueue.Entry>.stride }

        /// Whether this state's queue is `other`'s storage (shared until written): exploration's
        /// memory budget counts a queue once.
        package func sharesQueue(with other: State) -> Bool { queue.sharesStorage(with: other.queue) }
    }

    /// Whether every pending entry is a ``GraphTimer`` (no closure), so a saved state may be
    /// restored into another graph's clock.
    package var holdsOnlyGraphTimers: Bool {
        queue.entries.allSatisfy { if case .timer = $0.work { return true } else { return false } }
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

    /// Hands `body` each pending entry in the order they will run (two entries due at the same
    /// time run in the order they were set), with its time relative to now and its graph timer
    /// (nil for a closure). Exploration digests what is pending with it (SpecExploration).
    package func forEachPending(_ body: (_ delay: Int, _ timer: GraphTimer?) -> Void) {
        func visit(_ entry: TimerQueue.Entry) {
            if case .timer(let timer) = entry.work { body(entry.time &- now, timer) } else { body(entry.time &- now, nil) }
        }
        let entries = queue.entries
        if entries.count <= 1 {
            entries.forEach(visit)
        } else {
            // The heap's layout depends on the order of insertions: the order they run in does not.
            entries.sorted { $0.precedes($1) }.forEach(visit)
        }
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
