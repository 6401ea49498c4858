import ScreenSpec
import SpecRuntime
import SpecTools

/// The service calls made while recording, in call order, for the recorded scenario's
/// `services:` override. A service whose answer the person chose, or that the backend answered
/// live, is written with one `results:` entry per call — the outcome each call got and the
/// virtual time it took — so the scenario replays the same answers offline (for live answers, a
/// cassette). Other services answer as the spec declares, in the recording as in the replay.
struct CallLog {
    struct Call {
        var service: Int
        /// When the call was made (ms on the graph's clock).
        var time: Int
        /// Chosen by the person or answered live: its service is written as an override.
        var pinned: Bool
        /// Nil while a live call has not answered (or was dropped).
        var outcome: ServicePlan.Outcome?
        var latency: Int?
        /// The live call's id, to match its answer.
        var live: Int?
    }

    private(set) var calls: [Call] = []

    /// A latency for a live call that never answered while recording: it answers in the replay
    /// no sooner than it did (not at all before the scenario ends).
    static let unanswered = 86_400_000

    mutating func reset() { calls = [] }

    /// A call the fake (or the person's choice) answered at once: its outcome and latency are known.
    mutating func answered(service: Int, at time: Int, _ answer: (ServicePlan.Outcome, Int), chosen: Bool) {
        calls.append(Call(service: service, time: time, pinned: chosen, outcome: answer.0, latency: answer.1))
    }

    /// A live call's start and answer; `redact` hides the environment's secrets in what is kept.
    mutating func observe(_ event: LiveCallEvent, redact: (Value) -> Value) {
        switch event {
        case .started(let id, let service, let time):
            calls.append(Call(service: service, time: time, pinned: true, live: id))
        case .answered(let id, let outcome, let time):
            guard let k = calls.lastIndex(where: { $0.live == id }) else { return }
            switch outcome {
            case .success(let value): calls[k].outcome = .success(redact(value))
            default: calls[k].outcome = outcome
            }
            calls[k].latency = max(0, time - calls[k].time)
        case .dropped:
            break
        }
    }

    /// The `services:` lines of the scenario (indented as a key of a `scenarios:` item), none when
    /// no call was chosen or live.
    func overrideLines(_ spec: CheckedSpec) -> [String] {
        var order: [Int] = []
        for call in calls where call.pinned && !order.contains(call.service) { order.append(call.service) }
        guard !order.isEmpty else { return [] }
        var lines = ["    services:"]
        for service in order {
            lines.append("      \(spec.services[service].name):")
            lines.append("        results:")
            for call in calls where call.service == service {
                let outcome = call.outcome ?? .failure(ErrorValue(.unknown))
                lines.append("          - " + YAMLValueText.result(outcome, latency: call.outcome == nil ? Self.unanswered : call.latency ?? 0))
            }
        }
        return lines
    }
}
