import Foundation
import RxSwift
import RxTest
import SpecConformance

/// SpecConformance's time as RxTest's `TestScheduler`, one tick a millisecond: the runner lets
/// it pass with `advanceTo`, and a view model's schedulers (`debounce`, `delay`, the fake
/// services' latency) are this scheduler.
///
/// The scheduler does not simulate RxTest's processing delay (the +1 tick of work scheduled
/// "now"): the spec's graph has none, so an RxSwift view model's elements come at the instants
/// the spec's do. It has no `nextDeadline`, since its queue is private: outputs are pushed
/// streams, recorded at the scheduler's clock as they come, so the runner needs no stops.
///
/// Everything happens on the main thread, as `TestScheduler` requires of the thread that made it:
/// the runner makes the time and plays on the main actor.
public final class RxTestTime: ConformanceTime, @unchecked Sendable {
    /// The scheduler a view model under test is given.
    public let scheduler: TestScheduler
    private var recorders: [(name: String, events: () -> [String])] = []

    /// A scheduler at time 0.
    public init() {
        scheduler = TestScheduler(initialClock: 0, resolution: 0.001, simulateProcessingDelay: false)
    }

    /// The scheduler's clock, in ticks (milliseconds); inside `advanceTo`, the instant of the item
    /// that runs.
    public var milliseconds: Int { scheduler.clock }

    /// Unknown: the scheduler's queue is private. The runner then looks after each step and at the
    /// end of each wait, and the pushed outputs record their own instants.
    public var nextDeadline: Int? { nil }

    /// `advanceTo(milliseconds)`: every item due on the way runs at its instant.
    @MainActor
    public func advance(to milliseconds: Int) async {
        scheduler.advanceTo(max(milliseconds, scheduler.clock))
    }

    /// Sleeps until the scheduler reaches `milliseconds` from now; cancelling the task disposes of
    /// the scheduled wake-up and throws `CancellationError`.
    @MainActor
    public func sleep(milliseconds: Int) async throws {
        let sleep = Sleep()
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                sleep.start(continuation, scheduler.scheduleRelativeVirtual((), dueTime: milliseconds) { _ in
                    sleep.finish(.success(()))
                    return Disposables.create()
                })
            }
        } onCancel: {
            sleep.finish(.failure(CancellationError()))
        }
    }

    /// Runs `work` through the scheduler at the current instant, as an RxTest test feeds a relay
    /// from an item scheduled at a virtual time (`scheduler.scheduleAt(time) { relay.accept(…) }`).
    @MainActor
    public func feed(_ work: @escaping () -> Void) {
        scheduler.scheduleAt(scheduler.clock, action: work)
        scheduler.advanceTo(scheduler.clock)
    }

    /// Records every event of `source` with an RxTest `TestableObserver` under `name`, for the
    /// failure messages (``recordings``).
    @MainActor
    public func record<Element>(_ name: String, _ source: Observable<Element>) {
        let observer = scheduler.createObserver(Element.self)
        _ = source.subscribe(observer)
        recorders.append((name, { observer.events.map { "\($0.value) @ \($0.time)" } }))
    }

    /// What each recorded output received, as `Recorded<Event<T>>`s: `canLogin: next(false) @ 0, …`.
    public var recordings: String {
        recorders.map { "\($0.name): \($0.events().joined(separator: ", "))" }.joined(separator: "\n")
    }
}

/// A sleep's continuation, resumed once: by the scheduler, or by cancellation (from any thread).
private final class Sleep: @unchecked Sendable {
    private let lock = NSLock()
    private var continuation: CheckedContinuation<Void, any Error>?
    private var wakeUp: (any Disposable)?
    private var outcome: Result<Void, any Error>?

    func start(_ continuation: CheckedContinuation<Void, any Error>, _ wakeUp: any Disposable) {
        lock.lock()
        if let outcome {
            lock.unlock()
            wakeUp.dispose()
            continuation.resume(with: outcome)
            return
        }
        self.continuation = continuation
        self.wakeUp = wakeUp
        lock.unlock()
    }

    func finish(_ result: Result<Void, any Error>) {
        lock.lock()
        guard outcome == nil else {
            lock.unlock()
            return
        }
        outcome = result
        let continuation = self.continuation, wakeUp = self.wakeUp
        self.continuation = nil
        lock.unlock()
        if case .failure = result { wakeUp?.dispose() }
        continuation?.resume(with: result)
    }
}
