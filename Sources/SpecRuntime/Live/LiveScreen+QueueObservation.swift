import Foundation

extension LiveScreen {
    /// Calls `onValue` as ``observe(_:_:)`` does, but on `queue` and outside the screen's lock:
    /// each value is handed to `queue` (`async`) by the job that emitted it, so the callback may
    /// block, wait for another thread that uses the screen, or do UI work on `.main`. On a serial
    /// queue the values arrive in the order they were emitted, none dropped; after
    /// ``ObservationToken/cancel()`` returns, no value still waiting on the queue is delivered.
    @discardableResult
    public func observe(_ name: String, on queue: DispatchQueue, _ onValue: @escaping @Sendable (Value) -> Void) throws -> ObservationToken {
        // The job only enqueues: the lock is held for an `async`, never for the callback.
        let cancelled = CancelledFlag()
        let inner = try observe(name) { value in
            queue.async {
                guard !cancelled.isSet else { return }
                onValue(value)
            }
        }
        return ObservationToken {
            cancelled.set()
            inner.cancel()
        }
    }
}

/// Whether an observation on a queue was cancelled: set by any thread, read on the queue.
private final class CancelledFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false

    var isSet: Bool {
        lock.lock()
        defer { lock.unlock() }
        return value
    }

    func set() {
        lock.lock()
        value = true
        lock.unlock()
    }
}
