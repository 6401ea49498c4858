/// The answers a service's next call may be given, for a person choosing them in `specrun
/// preview`: the same ``ExploreOutcome`` values `specrun explore` chooses among, so a choice means
/// what it means to the explorer (``ExploreOutcome/answer(declared:serviceLatency:)``).
extension ServicePlan {
    /// First the answer the spec declares for the call (outcome nil), then the outcomes
    /// `explore: services:` lists for this service, then each of the service's `results:` and each
    /// case's result (a `fails:` is a result). An `echo:` result answers the call's own argument,
    /// which no fixed outcome says, so it is only ever the declared answer. Each distinct once.
    package func answerChoices(explored: [ExploreOutcome]) -> [ExploreOutcome] {
        var choices = [ExploreOutcome(outcome: nil, latency: nil)]
        func add(_ candidate: ExploreOutcome) {
            guard !choices.contains(where: { $0.outcome == candidate.outcome && $0.latency == candidate.latency }) else { return }
            choices.append(candidate)
        }
        for outcome in explored { add(outcome) }
        for result in results + cases.map(\.result) where result.echo == nil {
            add(ExploreOutcome(outcome: result.outcome, latency: result.latency))
        }
        return choices
    }
}
