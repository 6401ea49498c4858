import Clocks
import Foundation

/// The time a view model under test lives in, which only the conformance runner moves: the
/// runner lets it pass step by step as the spec's scenario does, and looks at the view model at
/// every instant something was due.
///
/// The default, ``TestClockTime``, is pointfreeco's `TestClock` behind a `Clock` the view model
/// takes (`ConformanceEnvironment/clock`). An adapter for another kind of time (RxTest's
/// `TestScheduler`) conforms to this protocol.
public protocol ConformanceTime: AnyObject, Sendable {
    /// Milliseconds since the view model was made.
    var milliseconds: Int { get }
    /// The earliest instant, in milliseconds, that something waits for; nil when nothing does
    /// (or when this time cannot tell: then the view model is looked at only after each step and
    /// at the end of each wait, which suits outputs pushed as streams).
    var nextDeadline: Int? { get }
    /// Lets time pass up to `milliseconds` (never back), running what comes due on the way and
    /// letting the work it starts run.
    func advance(to milliseconds: Int) async
    /// Sleeps for `milliseconds` of this time (a fake service's latency).
    func sleep(milliseconds: Int) async throws
}

/// pointfreeco's `TestClock`, given to the view model as a `Clock<Duration>`
/// (``ConformanceEnvironment/clock``), with the deadline of every sleep noted so that the runner
/// can stop at each.
public final class TestClockTime: ConformanceTime, Clock, @unchecked Sendable {
    /// The test clock's instants.
    public typealias Instant = TestClock<Duration>.Instant

    private let clock = TestClock<Duration>()
    private let lock = NSLock()
    private var sleeps: [Int: Instant] = [:]
    private var nextID = 0

    /// A clock at time 0.
    public init() {}

    /// Now, on the test clock.
    public var now: Instant { clock.now }

    /// As fine as the test clock: none.
    public var minimumResolution: Duration { .zero }

    /// Sleeps on the test clock until the runner moves it past `deadline`.
    public func sleep(until deadline: Instant, tolerance: Duration?) async throws {
        let id = lock.withLock {
            nextID += 1
            sleeps[nextID] = deadline
            return nextID
        }
        defer { lock.withLock { _ = sleeps.removeValue(forKey: id) } }
        try await clock.sleep(until: deadline, tolerance: tolerance)
    }

    /// Milliseconds since the clock was made.
    public var milliseconds: Int { Self.milliseconds(Instant().duration(to: clock.now)) }

    /// The earliest deadline a sleep waits for.
    public var nextDeadline: Int? {
        lock.withLock { sleeps.values.min() }.map { Self.milliseconds(Instant().duration(to: $0)) }
    }

    /// Advances the test clock to `milliseconds`, resuming each sleep that comes due in order.
    public func advance(to milliseconds: Int) async {
        await clock.advance(to: Instant().advanced(by: .milliseconds(max(milliseconds, self.milliseconds))))
    }

    /// Sleeps on this clock.
    public func sleep(milliseconds: Int) async throws {
        try await sleep(for: .milliseconds(milliseconds))
    }

    private static func milliseconds(_ duration: Duration) -> Int {
        let (seconds, attoseconds) = duration.components
        return Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000)
    }
}
