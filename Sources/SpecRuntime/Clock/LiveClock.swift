import Dispatch
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The live clock: runs a graph's work one job at a time, on real time.
///
/// Real time can run faster or slower (``setSpeed(_:)``), stand still (``pause()``) and be jumped
/// ahead (``advance(to:)``): the preview's clock controls, on the one real-time clock an app's
/// screen and `run --live` use at speed 1, never paused.
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
package final class LiveClock: @unchecked Sendable {
    private let clock: VirtualClock
    // Recursive, so that an observer may read current values inside a job; writes inside a job
    // are queued (`later`), never run nested in a transaction.
    private let lock = JobLock()
    // Performance: each access to a class's `var` is checked for exclusivity at run time, which
    // cost more than the lock itself per input; every access below is under `lock`, and none spans
    // a call into other code but `later`'s, which is swapped out before its jobs run.
    @exclusivity(unchecked) private var busy = false
    @exclusivity(unchecked) private var later: [() -> Void] = []
    /// Nanoseconds of ``now()`` at the anchor: ``start()``, or the last change of speed, pause
    /// or time.
    @exclusivity(unchecked) private var origin: Int64 = 0
    /// The screen's time, in milliseconds, at the anchor: real time counts on from it.
    @exclusivity(unchecked) private var anchor = 0
    /// How many of the screen's milliseconds pass per millisecond of real time (1 but in the preview).
    @exclusivity(unchecked) private var rate: Double = 1
    @exclusivity(unchecked) private var standing = false
    /// Neither standing nor at another speed than 1: an app's screen, always. The one flag the
    /// input's hot path reads (see ``elapsed``).
    @exclusivity(unchecked) private var plain = true
    /// The scheduled-event limit was reached: the clock paused, and runs nothing more until it
    /// is raised (see ``limitReached``).
    @exclusivity(unchecked) private var reachedLimit: RuntimeLimitError?
    private let wakeQueue: DispatchQueue
    /// Told on ``wakeQueue`` after the timer ran what came due (the preview shows it then).
    private let afterWake: (() -> Void)?
    @exclusivity(unchecked) private var timer: DispatchSourceTimer?
    /// The virtual time the timer is set for, nil when it sleeps without end.
    @exclusivity(unchecked) private var armedFor: Int?
    @exclusivity(unchecked) private(set) var stopped = false
    /// The graph's time when ``stop(_:)`` ran (which sets the graph's clock back to 0).
    @exclusivity(unchecked) private var stoppedAt = 0

    /// `wakeQueue`, when given, is where the timer runs what comes due, and `afterWake` is told
    /// there after it did (the preview gives its session's queue, so all its graph work is on it).
    /// `paused`: the screen's time stands at 0 from the start, however long the start takes (a
    /// preview restarted while paused, or for a scenario to be played from 0 ms), where a
    /// ``pause()`` after it would keep the real time that passed meanwhile.
    package init(clock: VirtualClock, wakeQueue: DispatchQueue? = nil, paused: Bool = false, afterWake: (() -> Void)? = nil) {
        self.clock = clock
        self.wakeQueue = wakeQueue ?? DispatchQueue(label: "specrun.live-clock")
        self.afterWake = afterWake
        standing = paused
        plain = !paused
        origin = Self.now()
        // Real time cannot loop the way a scenario's virtual time can: no limit on timers run.
        clock.limit = .max
    }

    /// The screen's time real time has reached, in milliseconds, rounded down: real time since
    /// ``start()`` at speed 1, never paused (read under the lock once other controls are used).
    @inline(__always)
    package var elapsed: Int {
        // Unsigned: real time never runs back, and an unsigned division by a constant is fewer
        // instructions than a signed one.
        if plain { return anchor &+ Int(truncatingIfNeeded: UInt64(bitPattern: Self.now() &- origin) / 1_000_000) }
        return controlledElapsed
    }

    /// ``elapsed`` when paused or at another speed.
    @inline(never)
    private var controlledElapsed: Int {
        if standing { return anchor }
        return anchor &+ Int(Double(Self.now() &- origin) * rate / 1_000_000)
    }

    /// Nanoseconds of the clock `ContinuousClock` reads (it keeps counting while the device
    /// sleeps), read directly: `ContinuousClock.now - origin` and its `components` go through
    /// 128-bit arithmetic, several hundred instructions per input.
    @inline(__always)
    static func now() -> Int64 {
        #if canImport(Darwin)
        return Int64(clock_gettime_nsec_np(CLOCK_MONOTONIC_RAW))
        #else
        var t = timespec()
        // Unprotected: `&t` handed to C would give the function it is inlined into (an input's
        // `set`) a stack protector, a canary written and checked on every input.
        _ = _withUnprotectedUnsafeMutablePointer(to: &t) { clock_gettime(CLOCK_BOOTTIME, $0) }
        return Int64(t.tv_sec) &* 1_000_000_000 &+ Int64(t.tv_nsec)
        #endif
    }

    /// The graph's time in milliseconds (read under the lock): the time of the last job, and after
    /// ``stop(_:)`` the time it stopped at.
    var now: Int { stopped ? stoppedAt : clock.now }

    /// Time 0 is now; the timer starts. Call before the first job.
    package func start() {
        lock.lock()
        defer { lock.unlock() }
        guard timer == nil, !stopped else { return }
        origin = Self.now()
        anchor = 0
        let timer = DispatchSource.makeTimerSource(queue: wakeQueue)
        // Strong, not weak (a weak reference slows every retain of the clock): the cycle through
        // the timer lasts until `stop()`, which the screen's `deinit` calls.
        timer.setEventHandler { [self] in wake() }
        timer.resume()
        self.timer = timer
    }

    /// What ``runNow(_:)`` did.
    package enum Outcome {
        case ran
        /// This thread is running a job (an observer writes): queue it with ``run(_:)``.
        case busy
        case stopped
    }

    /// Runs `job` now on this thread, as the only graph work running, unless this thread is already
    /// running a job or the clock stopped. Takes a non-escaping job: nothing is allocated.
    @inline(__always)
    package func runNow(_ job: () -> Void) -> Outcome {
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
    package func read<T>(_ body: () -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }

    /// Stops for good: the timer, queued jobs and every scheduled entry are dropped. `body` runs
    /// first, under the lock (the host cancels its calls there).
    package func stop(_ body: () -> Void) {
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

    // MARK: the preview's controls

    /// Whether the screen's time stands still (``pause()``, or the event limit was reached).
    package var isPaused: Bool { read { standing } }

    /// How many of the screen's milliseconds pass per millisecond of real time.
    package var speed: Double { read { rate } }

    /// The scheduled-event limit, once reached: the clock then stands, and runs nothing more.
    package var limitReached: RuntimeLimitError? { read { reachedLimit } }

    /// The screen's time stands still where real time has brought it; jobs still run, at that time.
    package func pause() {
        control { standing = true }
    }

    /// Real time counts on from where the screen's time stands, unless the event limit stopped it.
    package func resume() {
        control { if reachedLimit == nil { standing = false } }
    }

    /// 1 is real time, 10 ten times faster; bounded (0.1 to 100) so a typo cannot run away.
    package func setSpeed(_ speed: Double) {
        control { rate = min(max(speed.isFinite ? speed : 1, 0.1), 100) }
    }

    /// Moves the screen's time to `target` at once, running what comes due on the way, as one job
    /// (a paused clock stepped forward, a scenario's wait played at once); real time, unless
    /// paused, counts on from there. Not from inside a job.
    package func advance(to target: Int) {
        control { anchor = max(target, clock.now) }
    }

    /// Re-anchors real time under the lock with `change`, then catches up and re-arms the timer
    /// as a job does.
    private func control(_ change: () -> Void) {
        lock.lock()
        guard !busy, !stopped else {
            lock.unlock()
            return
        }
        if !standing { anchor = max(elapsed, clock.now) }
        origin = Self.now()
        change()
        plain = !standing && rate == 1
        busy = true
        armedFor = nil
        catchUp()
        finishJob()
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
        afterWake?()
    }

    /// Runs what is due by now.
    @inline(__always)
    private func catchUp() {
        let now = elapsed
        if now > clock.now || (clock.nextDue ?? .max) <= now {
            run(to: now)
        }
    }

    /// Runs what is due by `target`; past the scheduled-event limit, stands still.
    @inline(__always)
    private func run(to target: Int) {
        do {
            try clock.advance(to: target)
        } catch {
            reachLimit(error)
        }
    }

    @inline(never)
    private func reachLimit(_ error: RuntimeLimitError) {
        if reachedLimit == nil { reachedLimit = error }
        if !standing {
            anchor = clock.now
            standing = true
            plain = false
        }
    }

    /// After a job: what it made due (at the job's time: no need to read the clock again), the jobs
    /// queued meanwhile, then the timer for what is next; releases the lock. An input that
    /// scheduled nothing and queued nothing, the usual case, only releases it.
    @inline(__always)
    private func finishJob() {
        guard clock.nextDue == nil, later.isEmpty else { return finishBusyJob() }
        busy = false
        lock.unlock()
    }

    /// ``finishJob()`` with something scheduled or queued.
    @inline(never)
    private func finishBusyJob() {
        if let due = clock.nextDue, due <= clock.now { run(to: clock.now) }
        if !later.isEmpty { drainLater() }
        busy = false
        if let due = clock.nextDue, due != armedFor, !stopped, !standing { arm(due) }
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
        // Something a thousand years away: sleep without end (and keep the arithmetic in range).
        guard due &- anchor < 1 << 45 else {
            timer?.schedule(deadline: .distantFuture)
            return
        }
        // `elapsed` rounds down: wake just past the millisecond the entry is due in.
        let ahead = Int64(due &- anchor) &* 1_000_000
        let wall = rate == 1 ? ahead : Int64(min(Double(ahead) / rate, 1e17))
        let micros = max(Int((origin &+ wall &- Self.now()) / 1000) &+ 1, 0)
        timer?.schedule(deadline: .now() + .microseconds(micros), leeway: .microseconds(200))
    }
}
