import Foundation

/// Plays a scenario on real time, for `specrun run --live`: each `wait:` sleeps until the wall
/// clock reaches each timer and answer it runs (so the timeline's milliseconds are real elapsed
/// ones), and each call of a service with an `http:` section is sent to the backend, its answer
/// arriving after the time the backend really took. The other services stay fakes.
///
/// A backend call blocks the scenario while it is in flight: calls do not overlap, and a switch
/// (`flatMapLatest`) drops the answer of the call it leaves rather than cancelling its request.
/// Answers that differ from what the fake would have answered are collected in ``differences``.
public final class RealTimePacing {
    private let client: HTTPServiceClient
    private let started = ContinuousClock.now
    /// Per service call where the backend's answer is not the fake's, in call order.
    package private(set) var differences: [FakeComparison.Difference] = []

    package init(client: HTTPServiceClient) {
        self.client = client
    }

    /// Milliseconds since this pacing was made.
    var elapsed: Int {
        let d = ContinuousClock.now - started
        return Int(d.components.seconds) * 1000 + Int(d.components.attoseconds / 1_000_000_000_000_000)
    }

    /// Catches the clock up with real time so far (a backend call took some), then lets it run to
    /// `milliseconds` later, sleeping until each item due on the way.
    func advance(_ clock: VirtualClock, by milliseconds: Int) throws(RuntimeLimitError) {
        let (end, overflow) = clock.now.addingReportingOverflow(max(milliseconds, 0))
        let target = overflow ? Int.max : end
        while clock.now < target {
            let next = min(clock.nextDue ?? target, target)
            let wait = next - elapsed
            if wait > 0 { Thread.sleep(forTimeInterval: Double(wait) / 1000) }
            try clock.advance(to: max(next, clock.now))
        }
    }

    /// The graph's service hook: the backend's answer for a service with an `http:` section, nil
    /// for the others (their fakes answer). The latency is the time the call really took.
    func answer(_ spec: CheckedSpec, _ clock: VirtualClock) -> (Int, [String], [Value], Int) -> (ServicePlan.Outcome, Int)? {
        { [self] index, names, arguments, count in
            guard spec.services.indices.contains(index) else { return nil }
            let plan = spec.services[index]
            guard let http = plan.http, client.calls(plan.name) else { return nil }
            let outcome = blockingCall(plan.name, names, arguments)
            if let difference = FakeComparison.difference(plan, at: http.serviceRange, count: count, names: names, arguments: arguments, live: outcome) {
                differences.append(difference)
            }
            // The answer lands at the real time it arrived: the virtual clock stood still meanwhile.
            return (outcome, max(elapsed - clock.now, 0))
        }
    }

    private func blockingCall(_ service: String, _ names: [String], _ arguments: [Value]) -> ServicePlan.Outcome {
        let box = OutcomeBox()
        let done = DispatchSemaphore(value: 0)
        // The answer comes on a URLSession or Dispatch thread: waiting here needs no other thread.
        client.start(service, names: names, arguments: arguments) { result in
            switch result {
            case .success(let value): box.outcome = .success(value)
            case .failure(let failure): box.outcome = .failure(failure.error)
            }
            done.signal()
        }
        done.wait()
        return box.outcome ?? .failure(ErrorValue(.unknown, message: "no answer"))
    }
}

/// Carries one answer from the task that fetched it to the waiting caller (the semaphore orders
/// the write before the read).
private final class OutcomeBox: @unchecked Sendable {
    var outcome: ServicePlan.Outcome?
}
