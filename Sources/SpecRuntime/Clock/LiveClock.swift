import Dispatch
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The live clock: runs a graph's work one job at a time, on real time.
///
/// The graph keeps its ``VirtualClock``: timers and latencies are entries of its queue, in whole
/// milliseconds, exactly as in a scenario. This driver maps `ContinuousClock`'s elapsed time since
/// ``start()`` to those milliseconds and advances the queue to it before and after every job, and
/// it sleeps until the next entry is due (a `DispatchSourceTimer` on a private queue), waking
/// earlier when a job schedules something sooner.
///
/// The serial executor is a lock, not a queue: a job runs on the thread that submits it, once no
/// other job runs, so an input reaches its observers without a thread hop (see
/// docs/embedding.md, "Threads"). A job submitted from inside a job (an observer that writes an
/// input) runs right after it, as its own transaction. The timer's wake-ups, service answers and
/// inputs from any thread are all jobs, so the graph sees one transaction at a time.
final class LiveClock: @unchecked Sendable {
    private let clock: VirtualClock
    // Recursive, so that an observer may read current values inside a job; writes inside a job
    // are queued (`later`), never run nested in a transaction.
    private let lock = JobLock()
    // Performance: each access to a class's `var` is checked for exclusivity at run time, which
    // cost more than the lock itself per input; every access below is under `lock`, and none spans
    // a call into other code but `later`'s, which is swapped out before its jobs run.
    @exclusivity(unchecked) private var busy = false
    @exclusivity(unchecked) private var later: [() -> Void] = []
    /// Nanoseconds of ``now()`` at ``start()``.
    @exclusivity(unchecked) private var origin: Int64 = 0
    private let wakeQueue = DispatchQueue(label: "specrun.live-clock")
    @exclusivity(unchecked) private var timer: DispatchSourceTimer?
    /// The virtual time the timer is set for, nil when it sleeps without end.
    @exclusivity(unchecked) private var armedFor: Int?
    @exclusivity(unchecked) private(set) var stopped = false
    /// The graph's time when ``stop(_:)`` ran (which sets the graph's clock back to 0).
    @exclusivity(unchecked) private var stoppedAt = 0

    init(clock: VirtualClock) {
        self.clock = clock
        origin = Self.now()
        // Real time cannot loop the way a scenario's virtual time can: no limit on timers run.
        clock.limit = .max
    }

    /// Milliseconds of real time since ``start()``, rounded down.
    @inline(__always)
    var elapsed: Int { Int((Self.now() &- origin) / 1_000_000) }

    /// Nanoseconds of the clock `ContinuousClock` reads (it keeps counting while the device
    /// sleeps), read directly: `ContinuousClock.now - origin` and its `components` go through
    /// 128-bit arithmetic, several hundred instructions per input.
    @inline(__always)
    static func now() -> Int64 {
        #if canImport(Darwin)
        return Int64(clock_gettime_nsec_np(CLOCK_MONOTONIC_RAW))
        #else
        var t = timespec()
        clock_gettime(CLOCK_BOOTTIME, &t)
        return Int64(t.tv_sec) &* 1_000_000_000 &+ Int64(t.tv_nsec)
        #endif
    }

    /// The graph's time in milliseconds (read under the lock): the time of the last job, and after
    /// ``stop(_:)`` the time it stopped at.
    var now: Int { stopped ? stoppedAt : clock.now }

    /// Time 0 is now; the timer starts. Call before the first job.
    func start() {
        lock.lock()
        defer { lock.unlock() }
        guard timer == nil, !stopped else { return }
        origin = Self.now()
        let timer = DispatchSource.makeTimerSource(queue: wakeQueue)
        // Strong, not weak (a weak reference slows every retain of the clock): the cycle through
        // the timer lasts until `stop()`, which the screen's `deinit` calls.
        timer.setEventHandler { [self] in wake() }
        timer.resume()
        self.timer = timer
    }

    /// What ``runNow(_:)`` did.
    enum Outcome {
        case ran
        /// This thread is running a job (an observer writes): queue it with ``run(_:)``.
        case busy
        case stopped
    }

    /// Runs `job` now on this thread, as the only graph work running, unless this thread is already
    /// running a job or the clock stopped. Takes a non-escaping job: nothing is allocated.
    @inline(__always)
    func runNow(_ job: () -> Void) -> Outcome {
        let outcome = enter()
        guard outcome == .ran else { return outcome }
        job()
        leave()
        return .ran
    }

    /// Begins a job on this thread, the clock caught up with real time, unless this thread is
    /// already running one (`.busy`) or the clock stopped; on `.ran` the caller does the job's work
    /// and then calls ``leave()``. The hot path of an input: one lock, one clock read, no closure.
    @inline(__always)
    func enter() -> Outcome {
        lock.lock()
        guard !busy, !stopped else {
            let outcome: Outcome = stopped ? .stopped : .busy
            lock.unlock()
            return outcome
        }
        busy = true
        catchUp()
        return .ran
    }

    /// Ends the job ``enter()`` began: runs what it made due and the jobs it queued, re-arms the
    /// timer, releases the lock.
    @inline(__always)
    func leave() {
        finishJob()
    }

    /// Runs `job` as graph work: at once when no job runs, else after the running one.
    func run(_ job: @escaping () -> Void) {
        lock.lock()
        guard !stopped else {
            lock.unlock()
            return
        }
        guard !busy else {
            later.append(job)
            lock.unlock()
            return
        }
        busy = true
        catchUp()
        job()
        finishJob()
    }

    /// Whether the wake-up timer exists (from ``start()`` until ``stop(_:)``): a test hook for
    /// "`stop()` leaves no timer".
    var hasTimer: Bool { read { timer != nil } }

    /// Reads graph state under the lock (from inside a job too).
    func read<T>(_ body: () -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }

    /// Stops for good: the timer, queued jobs and every scheduled entry are dropped. `body` runs
    /// first, under the lock (the host cancels its calls there).
    func stop(_ body: () -> Void) {
        lock.lock()
        defer { lock.unlock() }
        guard !stopped else { return }
        stopped = true
        body()
        later.removeAll()
        timer?.setEventHandler(handler: nil)
        timer?.cancel()
        timer = nil
        stoppedAt = clock.now
        clock.reset()
    }

    /// The timer went off: catch up with real time.
    private func wake() {
        lock.lock()
        guard !busy, !stopped else {
            lock.unlock()
            return
        }
        busy = true
        armedFor = nil
        catchUp()
        finishJob()
    }

    /// Runs what is due by now.
    @inline(__always)
    private func catchUp() {
        let now = elapsed
        if now > clock.now || (clock.nextDue ?? .max) <= now {
            try? clock.advance(to: now)
        }
    }

    /// After a job: what it made due (at the job's time: no need to read the clock again), the jobs
    /// queued meanwhile, then the timer for what is next; releases the lock.
    @inline(__always)
    private func finishJob() {
        if let due = clock.nextDue, due <= clock.now { try? clock.advance(to: clock.now) }
        if !later.isEmpty { drainLater() }
        busy = false
        if let due = clock.nextDue, due != armedFor, !stopped { arm(due) }
        lock.unlock()
    }

    @inline(never)
    private func drainLater() {
        var k = 0
        // Jobs may queue more; all run before the lock is released, in order.
        while k < later.count, !stopped {
            let job = later[k]
            k += 1
            catchUp()
            job()
            catchUp()
        }
        later.removeAll()
    }

    @inline(never)
    private func arm(_ due: Int) {
        armedFor = due
        // `elapsed` rounds down: wake just past the millisecond the entry is due in.
        let micros = max(Int((origin &+ Int64(due) &* 1_000_000 &- Self.now()) / 1000) &+ 1, 0)
        timer?.schedule(deadline: .now() + .microseconds(micros), leeway: .microseconds(200))
    }
}
