/// Diagnostics of invariants and exploration: their ids and one-line summaries (docs/diagnostics.md lists them).
extension DiagnosticID {
    package static let exploreTarget = DiagnosticID("explore-target", "'explore:' names something it cannot try: an event with a value, a value to an event, an action with nothing to send")
    package static let invalidOutcome = DiagnosticID("invalid-outcome", "an explored service outcome is 'value:' or 'fail:', each with an optional 'latency:', or 'latency:' alone")
    package static let invalidDepth = DiagnosticID("invalid-depth", "'explore: depth:' is a whole number of steps from 1 to 1000")
    package static let emptyList = DiagnosticID("empty-list", "an 'explore:' list is empty, so nothing would be tried")
    package static let tooMany = DiagnosticID("too-many", "an 'explore:' list holds more than 64 items")

    /// Every id of invariants and exploration, in the order of docs/diagnostics.md.
    static let explorationIDs: [DiagnosticID] = [
        .exploreTarget,
        .invalidOutcome,
        .invalidDepth,
        .emptyList,
        .tooMany,
    ]
}
