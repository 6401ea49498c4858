import ConcurrencyExtras

/// While a check runs, every task of the process runs on the main serial executor
/// (swift-concurrency-extras' `uncheckedUseMainSerialExecutor`, what its `withMainSerialExecutor`
/// sets): the view model's tasks, the fake services' and the test clock's resumptions all wait
/// their turn in one queue, so a few yields of the runner let everything that is ready run, in
/// the same order on any machine, however loaded. Checks that overlap (tests run in parallel on
/// the main actor) count themselves in and out, so the first to finish does not switch it off
/// under another.
@MainActor
enum SerialExecution {
    private static var running = 0

    static func begin() {
        running += 1
        uncheckedUseMainSerialExecutor = true
    }

    static func end() {
        running -= 1
        if running == 0 { uncheckedUseMainSerialExecutor = false }
    }

    /// Lets every job that is ready run, and the jobs those enqueue, `rounds` deep: each yield
    /// puts the runner behind all that is queued on the one serial executor.
    static func settle(rounds: Int = 64) async {
        for _ in 0..<rounds { await Task.yield() }
    }
}
