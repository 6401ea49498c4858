/// Checks the fakes against the backend: what a service's fake would have answered to a call,
/// beside what the backend answered, when they differ (as a contract test does with its pacts).
///
/// Values are compared as the timeline prints them; errors by kind and status (their messages
/// carry reasons the fake cannot know). A fake that answers with a sequence is not compared.
package enum FakeComparison {
    /// One difference, at the service's declaration.
    package struct Difference: Sendable, Equatable {
        /// The service's name.
        package var service: String
        /// The service's declaration in the spec.
        package var range: SpecRange
        /// What the fake would have answered, as the timeline prints it.
        package var fake: String
        /// What the backend answered, as the timeline prints it.
        package var live: String

        /// `the fake answers …, the service answered …`.
        package var message: String { "service '\(service)': the fake answers \(fake), the service answered \(live)" }

        /// `file:line:col: note: …`, as diagnostics are located.
        package var located: String { "\(range.file):\(range.start.line):\(range.start.column): note: \(message)" }
    }

    /// The difference between the fake's answer to this call (the `count`-th of `plan`'s service,
    /// counted from 0) and the backend's `live` outcome; nil when they agree.
    package static func difference(_ plan: ServicePlan, at range: SpecRange, count: Int, names: [String], arguments: [Value],
                                  live: ServicePlan.Outcome) -> Difference? {
        let (fake, _) = plan.answer(arguments: names, arguments, count: count)
        guard let fakeText = text(fake), let liveText = text(live), fakeText != liveText else { return nil }
        return Difference(service: plan.name, range: range, fake: fakeText, live: liveText)
    }

    private static func text(_ outcome: ServicePlan.Outcome) -> String? {
        switch outcome {
        case .success(let v): return ValueFormatter.text(v)
        case .failure(let e): return ValueFormatter.text(.error(ErrorValue(e.kind, status: e.status)))
        case .sequence: return nil
        }
    }
}
