import Foundation

/// The live half of the service seam: which services a live provider answers, the calls in
/// flight, and how an answer gets back into the graph.
///
/// Everything here but the tasks themselves runs on the host's serial executor, as the graph
/// does: `start`, `finish` and `stopAll` are called only from graph work. A task answers by
/// submitting a job to the executor, where the answer is applied as one transaction, or dropped
/// when the call was cancelled, timed out or the host stopped in the meantime.
final class LiveCalls {
    /// One call in flight: the task running the provider, and what to do with its answer.
    final class Call {
        fileprivate let id: Int
        fileprivate var task: Task<Void, Never>?
        /// Nil once the call answered, was cancelled or the host stopped: the closure captures the
        /// inner stream that holds this call, a cycle that must not outlive the call (valgrind
        /// found the inner streams of calls in flight at `stop()` definitely lost).
        fileprivate var deliver: ((ServicePlan.Outcome) -> Void)?

        fileprivate init(id: Int, deliver: @escaping (ServicePlan.Outcome) -> Void) {
            self.id = id
            self.deliver = deliver
        }
    }

    /// The provider of each service by index; nil: the spec's fake answers.
    private var providers: [(any ServiceProvider)?]
    /// Runs a job on the host's serial executor, later, as graph work.
    private let submit: @Sendable (@escaping @Sendable () -> Void) -> Void
    private var inFlight: [Int: Call] = [:]
    private var nextID = 0
    private(set) var stopped = false
    /// The provider tasks still running, answered or not: a test hook for "`stop()` leaves no task".
    let tasks = LiveTaskCount()
    /// Told of each answer that reaches the graph (service index, request, the calls of the
    /// service before this one, the outcome), as graph work: `run --live` checks the fakes with it.
    var onDeliver: ((Int, ServiceRequest, Int, ServicePlan.Outcome) -> Void)?

    /// The graph's clock: a service's `timeout:` is an entry of its queue.
    private let clock: VirtualClock
    /// Each service's `timeout:` in milliseconds, nil for none.
    private var timeouts: [Int?]
    /// Told, as graph work, of each call as it starts and as its answer is applied or dropped:
    /// the preview keeps a recording's live answers with it (a cassette).
    var observer: ((LiveCallEvent) -> Void)?

    init(services: Int, clock: VirtualClock, submit: @escaping @Sendable (@escaping @Sendable () -> Void) -> Void) {
        providers = Array(repeating: nil, count: services)
        timeouts = Array(repeating: nil, count: services)
        self.clock = clock
        self.submit = submit
    }

    /// Service `index` fails with `unknown` when a live call takes longer than `milliseconds`.
    func setTimeout(_ milliseconds: Int?, for index: Int) {
        guard timeouts.indices.contains(index) else { return }
        timeouts[index] = milliseconds
    }

    /// The provider of service `index`, nil when its fake answers.
    @inline(__always)
    func provider(_ index: Int) -> (any ServiceProvider)? {
        providers.indices.contains(index) ? providers[index] : nil
    }

    /// Serves service `index` with `provider` from its next call on (nil: the fake again).
    func setProvider(_ provider: (any ServiceProvider)?, for index: Int) {
        guard providers.indices.contains(index) else { return }
        providers[index] = provider
    }

    /// `1500ms` as `1.5s`: how a spec writes a duration.
    static func duration(_ ms: Int) -> String {
        ms % 1000 == 0 ? "\(ms / 1000)s" : "\(ms)ms"
    }

    /// How many calls are in flight.
    var count: Int { inFlight.count }

    /// Starts `provider.call(request)` in a task of its own; `deliver` gets the answer (checked
    /// against `request.returns`) as graph work, unless the call is cancelled first.
    func start(_ provider: any ServiceProvider, service index: Int, count: Int, _ request: ServiceRequest,
               deliver: @escaping (ServicePlan.Outcome) -> Void) -> Call {
        let told = onDeliver
        let call = Call(id: nextID, deliver: told.map { told in { outcome in
            told(index, request, count, outcome)
            deliver(outcome)
        } } ?? deliver)
        nextID &+= 1
        guard !stopped else {
            call.deliver = nil
            return call
        }
        inFlight[call.id] = call
        let id = call.id
        observer?(.started(call: id, service: index, time: clock.now))
        let submit = self.submit
        let me = UncheckedBox(self)
        let tasks = self.tasks
        tasks.add(1)
        call.task = Task {
            defer { tasks.add(-1) }
            let outcome: ServicePlan.Outcome
            do {
                let value = try await provider.call(request)
                do throws(ServiceFailure) {
                    outcome = .success(try AnswerShape.conformed(value, to: request.returns, types: request.types))
                } catch {
                    outcome = .failure(error.error)
                }
            } catch {
                outcome = .failure(ServiceFailure.errorValue(for: error, request: request))
            }
            // A cancelled call's answer is dropped in `finish`; not submitting it at all would
            // race with a cancellation that happens after this check.
            submit { me.value.finish(id, outcome) }
        }
        if let timeout = timeouts[index] {
            clock.schedule(after: timeout) { [weak self] in
                guard let self, let call = inFlight.removeValue(forKey: id), !stopped else { return }
                call.task?.cancel()
                let failure = ServicePlan.Outcome.failure(ErrorValue(.unknown, message: "'\(request.service)' did not answer within \(Self.duration(timeout))"))
                observer?(.answered(call: id, outcome: failure, time: clock.now))
                let deliver = call.deliver
                call.deliver = nil
                deliver?(failure)
            }
        }
        return call
    }

    /// Applies the answer of call `id`, if it is still wanted.
    func finish(_ id: Int, _ outcome: ServicePlan.Outcome) {
        guard !stopped, let call = inFlight.removeValue(forKey: id) else { return }
        observer?(.answered(call: id, outcome: outcome, time: clock.now))
        let deliver = call.deliver
        call.deliver = nil
        deliver?(outcome)
    }

    /// The graph no longer needs the call (an inner stream cancelled): its task is cancelled and
    /// any answer dropped.
    func cancel(_ call: Call) {
        call.deliver = nil
        guard inFlight.removeValue(forKey: call.id) != nil else { return }
        observer?(.dropped(call: call.id))
        call.task?.cancel()
    }

    /// Cancels every call in flight and refuses new ones: the host stopped.
    func stopAll() {
        stopped = true
        // A closure provider may hold the screen that holds this: let go of them all.
        for i in providers.indices { providers[i] = nil }
        let calls = inFlight.values
        inFlight.removeAll()
        for call in calls {
            call.task?.cancel()
            call.deliver = nil
        }
    }
}

/// What ``LiveCalls/observer`` hears of a live call; `call` tells the calls apart.
package enum LiveCallEvent {
    /// Service `service` (an index) was called at `time` (ms on the graph's clock).
    case started(call: Int, service: Int, time: Int)
    /// Its answer (or its `timeout:` failure) was applied at `time`.
    case answered(call: Int, outcome: ServicePlan.Outcome, time: Int)
    /// The graph no longer needed it: no answer will be applied.
    case dropped(call: Int)
}

/// Holds a value that is only touched on the host's serial executor, so it may cross into the
/// `Sendable` jobs submitted there.
struct UncheckedBox<T>: @unchecked Sendable {
    let value: T
    init(_ value: T) { self.value = value }
}

/// How many provider tasks of one screen are running, for tests that check `stop()` leaves none.
final class LiveTaskCount: @unchecked Sendable {
    private let lock = NSLock()
    private var running = 0

    /// The tasks running now.
    var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return running
    }

    func add(_ n: Int) {
        lock.lock()
        running += n
        lock.unlock()
    }
}
