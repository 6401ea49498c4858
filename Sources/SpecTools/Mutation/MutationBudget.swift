import Foundation

/// Where a `specrun mutate` run is, for a progress line.
package struct MutationProgress: Sendable {
    /// The spec being mutated (0-based) and how many there are.
    package var spec: Int
    package var specs: Int
    /// Its mutants done (played or not) and in all.
    package var done: Int
    package var mutants: Int
    package var seconds: Double
    /// When this spec's mutants began, in the run's seconds: its rate and time left count from there.
    package var specStarted: Double = 0

    /// `spec 1 of 3: 120 of 4,000 mutants, 35 mutants/s, 3.4 s, about 1 min 50 s left`.
    package var line: String {
        "spec \(spec + 1) of \(specs): " + ProgressCount(done: done, total: mutants, seconds: seconds - specStarted).text("mutants")
    }
}

/// The time budget of a mutation run: a deadline checked inside every long loop of a run — before
/// each scenario the set-up plays, reads or settles, and before each scenario every mutant plays —
/// and a progress report. Mutants run in parallel, so the count is shared under a lock.
final class MutationBudget: @unchecked Sendable {
    let seconds: Double
    /// Seconds since the run began, read at every check: real time, or a test's fake clock.
    private let clock: @Sendable () -> Double
    /// The budget in seconds; past a day, a day (an infinite budget would trap in a `Duration`).
    private let limit: Double
    private let progress: (@Sendable (MutationProgress) -> Void)?
    private let lock = NSLock()
    private var current = MutationProgress(spec: 0, specs: 0, done: 0, mutants: 0, seconds: 0)
    private(set) var ranOut = false

    /// A budget of `seconds` of real time from now.
    convenience init(seconds: Double, progress: (@Sendable (MutationProgress) -> Void)?) {
        let started = ContinuousClock.now
        self.init(seconds: seconds, progress: progress, clock: { Explorer.seconds(since: started) })
    }

    /// A budget of `seconds` as `clock` counts them (a test's fake clock: no test waits on real time).
    init(seconds: Double, progress: (@Sendable (MutationProgress) -> Void)?, clock: @escaping @Sendable () -> Double) {
        self.seconds = seconds
        limit = seconds.isNaN ? 0 : min(max(seconds, 0), 86_400)
        self.clock = clock
        self.progress = progress
    }

    var elapsed: Double { clock() }

    /// True once the deadline has passed; remembered, so the report can say so.
    var expired: Bool {
        guard clock() >= limit else { return false }
        lock.withLock { ranOut = true }
        return true
    }

    func begin(spec: Int, of specs: Int, mutants: Int) {
        let p = lock.withLock {
            let now = elapsed
            current = MutationProgress(spec: spec, specs: specs, done: 0, mutants: mutants, seconds: now, specStarted: now)
            return current
        }
        progress?(p)
    }

    func finishedMutant() {
        guard progress != nil else { return }
        let p = lock.withLock {
            current.done += 1
            current.seconds = elapsed
            return current
        }
        progress?(p)
    }
}
