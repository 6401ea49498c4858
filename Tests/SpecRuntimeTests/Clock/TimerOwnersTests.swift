@testable import SpecRuntime
import Testing

/// The clock's count of pending stream timers by owner (issue 35 item 11: a `flatMap` with n
/// requests pending scanned every pending timer each time one ended, O(n²)). The count must say
/// what a scan says, before and after the queue is large enough to keep it.
@Suite("Timer owners")
struct TimerOwnersTests {
    /// A small deterministic generator, so a failure replays.
    struct Steps {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(bound))
        }
    }

    static func address(pipeline: Int, op: Int, inner: Int, innerOp: Int) -> StreamTimer.Address {
        StreamTimer.Address(pipeline: pipeline, op: op, inner: inner, innerOp: innerOp)
    }

    static func scan(_ queue: TimerQueue, _ owner: StreamTimer.Address) -> Bool {
        queue.entries.contains { entry in
            guard case .timer(.stream(let t)) = entry.work else { return false }
            return owner.owns(t.address)
        }
    }

    @Test(arguments: [1, 2, 3, 4])
    func theCountSaysWhatAScanSays(_ seed: Int) {
        var steps = Steps(state: UInt64(seed))
        var queue = TimerQueue()
        var sequence = 0
        var time = 0
        for _ in 0..<4_000 {
            switch steps.next(10) {
            case 0...4:
                // Mostly inner streams' timers, some an outer operator's, some not a stream's.
                let inner = steps.next(4) == 0 ? -1 : steps.next(150)
                let timer: GraphTimer = steps.next(8) == 0
                    ? .tick(pipeline: 0, n: sequence)
                    : .stream(StreamTimer(address: Self.address(pipeline: steps.next(2), op: steps.next(2), inner: inner,
                                                                innerOp: inner < 0 ? -1 : steps.next(3) - 1),
                                          payload: .due))
                queue.insert(.init(time: time + steps.next(50), sequence: sequence, work: .timer(timer)))
                sequence += 1
            case 5...6:
                time += steps.next(20)
                while queue.popMin(dueBy: time) != nil {}
            case 7:
                let victim = Self.address(pipeline: steps.next(2), op: steps.next(2), inner: steps.next(150), innerOp: -1)
                queue.remove { entry in
                    guard case .timer(.stream(let t)) = entry.work else { return false }
                    return victim.owns(t.address)
                }
            case 8:
                // A saved state restored: the copy keeps its own counts.
                let saved = queue
                _ = queue.popMin(dueBy: time + 10)
                queue = saved
            default:
                if steps.next(40) == 0 { queue.removeAll() }
            }
            for _ in 0..<3 {
                let inner = steps.next(3) == 0 ? -1 : steps.next(150)
                let owner = Self.address(pipeline: steps.next(2), op: steps.next(2), inner: inner,
                                         innerOp: inner < 0 ? -1 : steps.next(3) - 1)
                let expected = Self.scan(queue, owner)
                // The count may say "maybe" for an inner operator (its caller scans then), never "no" wrongly.
                let held = queue.holdsTimer(ownedBy: owner)
                if owner.innerOp < 0 { #expect(held == expected, "\(owner) at \(queue.count) pending") } else { #expect(held || !expected) }
            }
        }
        // Whatever was removed and rebuilt, the rest comes out in (time, sequence) order.
        var last: TimerQueue.Entry?
        while let entry = queue.popMin(dueBy: .max) {
            if let last { #expect(last.precedes(entry)) }
            last = entry
        }
    }

    /// n requests pending at once that all answer: every `flatMap` answer lands, with the same
    /// timeline as before the count (the workload's cost is measured in docs/performance.md).
    @Test func manyPendingRequestsAllLand() throws {
        let clock = VirtualClock()
        var fired = 0
        clock.fire = { _ in fired += 1 }
        for k in 0..<(TimerQueue.countingFrom * 4) {
            clock.schedule(after: 100, .stream(StreamTimer(address: Self.address(pipeline: 0, op: 0, inner: k, innerOp: -1), payload: .due)))
        }
        // The first question of a large queue counts it; cancelling one inner stream leaves the rest.
        clock.cancelStreamTimers(ownedBy: Self.address(pipeline: 0, op: 0, inner: 3, innerOp: -1)) { _ in true }
        #expect(clock.pendingCount == TimerQueue.countingFrom * 4 - 1)
        #expect(clock.firstStreamTimerDue(ownedBy: Self.address(pipeline: 0, op: 0, inner: 3, innerOp: -1)) == nil)
        #expect(clock.firstStreamTimerDue(ownedBy: Self.address(pipeline: 0, op: 0, inner: 4, innerOp: -1)) == 100)
        try clock.advance(to: 100)
        #expect(fired == TimerQueue.countingFrom * 4 - 1)
        #expect(clock.firstStreamTimerDue(ownedBy: Self.address(pipeline: 0, op: 0, inner: -1, innerOp: -1)) == nil)
    }
}
