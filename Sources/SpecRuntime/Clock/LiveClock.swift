import Dispatch
import Foundation

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
    private let lock = NSRecursiveLock()
    private var busy = false
    private var later: [() -> Void] = []
    private var origin = ContinuousClock.now
    private let wakeQueue = DispatchQueue(label: "specrun.live-clock")
    private var timer: DispatchSourceTimer?
    /// The virtual time the timer is set for, nil when it sleeps without end.
    private var armedFor: Int?
    private(set) var stopped = false

    init(clock: VirtualClock) {
        self.clock = clock
        // Real time cannot loop the way a scenario's virtual time can: no limit on timers run.
        clock.limit = .max
    }

    /// Milliseconds of real time since ``start()``, rounded down.
    var elapsed: Int {
        let (seconds, attoseconds) = (ContinuousClock.now - origin).components
        return Int(seconds) &* 1000 &+ Int(attoseconds / 1_000_000_000_000_000)
    }

    /// Time 0 is now; the timer starts.
    func start() {
        lock.lock()
        defer { lock.unlock() }
        origin = .now
        let timer = DispatchSource.makeTimerSource(queue: wakeQueue)
        timer.setEventHandler { [weak self] in self?.wake() }
        timer.resume()
        self.timer = timer
    }

    /// Runs `job` now on this thread, as the only graph work running; false (nothing run) when this
    /// thread is already running a job or the clock stopped: then queue it with ``runLater(_:)``.
    @inline(__always)
    func runNow(_ job: () -> Void) -> Bool {
        lock.lock()
        guard !busy, !stopped else {
            lock.unlock()
            return false
        }
        busy = true
        catchUp()
        job()
        finishJob()
        return true
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

    /// After a job: what it made due, the jobs queued meanwhile, then the timer for what is next;
    /// releases the lock.
    @inline(__always)
    private func finishJob() {
        catchUp()
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
        let (seconds, attoseconds) = ((origin + .milliseconds(due)) - ContinuousClock.now).components
        let micros = max(Int(seconds) &* 1_000_000 &+ Int(attoseconds / 1_000_000_000_000) &+ 1, 0)
        timer?.schedule(deadline: .now() + .microseconds(micros), leeway: .microseconds(200))
    }
}
