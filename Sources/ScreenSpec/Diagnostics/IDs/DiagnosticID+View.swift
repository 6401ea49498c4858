/// Diagnostics of view: their ids and one-line summaries (docs/diagnostics.md lists them).
extension DiagnosticID {
    package static let bindingRange = DiagnosticID("binding-range", "a value a component property cannot take, such as a slider value outside its range")
    package static let invalidTwoWay = DiagnosticID("invalid-two-way", "a two-way binding writes an input property with a 'default:'")
    package static let notUserWritable = DiagnosticID("not-user-writable", "a property the person does not change cannot be two-way")
    package static let notObservable = DiagnosticID("not-observable", "a property only bindings write is no binding source")
    package static let invalidBindingTarget = DiagnosticID("invalid-binding-target", "'bindings:' write view-model properties only from events")
    package static let invalidEventTarget = DiagnosticID("invalid-event-target", "an event feeds an input event or value, or an action")
    package static let invalidTable = DiagnosticID("invalid-table", "a table looks up Int, String, Bool or enum values")
    package static let missingDefault = DiagnosticID("missing-default", "a table without 'default:' for the values it does not list")
    package static let missingInitial = DiagnosticID("missing-initial", "a declared property with no empty value to start from")
    package static let wrongCount = DiagnosticID("wrong-count", "'map:' lists a different number of values than targets")
    package static let setByTouch = DiagnosticID("set-by-touch", "a control's 'isTracking' is set by a person's touches, not by a binding")

    /// Every id of view, in the order of docs/diagnostics.md.
    static let viewIDs: [DiagnosticID] = [
        .bindingRange,
        .invalidTwoWay,
        .notUserWritable,
        .notObservable,
        .invalidBindingTarget,
        .invalidEventTarget,
        .invalidTable,
        .missingDefault,
        .missingInitial,
        .wrongCount,
        .setByTouch,
    ]
}
