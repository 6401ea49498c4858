/// Diagnostics of scenarios: their ids and one-line summaries (docs/diagnostics.md lists them).
extension DiagnosticID {
    package static let invalidStepTarget = DiagnosticID("invalid-step-target", "a step addresses something it cannot act on")
    package static let unexpectedValue = DiagnosticID("unexpected-value", "a step gives a value to an event that carries none")
    package static let missingValue = DiagnosticID("missing-value", "a step leaves out the value an input carries")
    package static let nilText = DiagnosticID("nil-text", "a warning: 'nil' in YAML data is the text \"nil\"; no value is '~'")
    package static let droppedCases = DiagnosticID("dropped-cases", "a warning: a scenario's 'cases:' for a service replace all of the spec's, and some of the spec's no longer answer")

    /// Every id of scenarios, in the order of docs/diagnostics.md.
    static let scenariosIDs: [DiagnosticID] = [
        .invalidStepTarget,
        .unexpectedValue,
        .missingValue,
        .nilText,
        .droppedCases,
    ]
}
