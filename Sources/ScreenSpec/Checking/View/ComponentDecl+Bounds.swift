import SpecRuntime

extension ComponentDecl {
    /// A slider's or stepper's `minimumValue:` and `maximumValue:` written as numbers, the kind's
    /// defaults where not written; nil when they are the wrong way round, reported at the bound
    /// written last. A screen's component and a row's read their bounds here alike. A bound
    /// written as an expression (``boundExpressions``) is the default here, and the two are
    /// checked as the expression changes, when the screen runs; see ``hasBoundExpressions``.
    func bounds(defaultMinimum: Double, defaultMaximum: Double, diagnostics: inout DiagnosticBag) -> (minimum: Double, maximum: Double)? {
        let minimum = numbers["minimumValue"]?.value ?? defaultMinimum
        let maximum = numbers["maximumValue"]?.value ?? defaultMaximum
        guard minimum < maximum || boundExpressions["minimumValue"] != nil || boundExpressions["maximumValue"] != nil else {
            let at = numbers["maximumValue"]?.range ?? numbers["minimumValue"]?.range ?? name.range
            diagnostics.error(.invalidRange, "\(kind.value.name) '\(name.value)' goes from \(ValueFormatter.formatDouble(minimum)) to \(ValueFormatter.formatDouble(maximum)); the minimum must be below the maximum",
                              at: at)
            return nil
        }
        return (minimum, maximum)
    }

    /// Whether `minimumValue:`, `maximumValue:` or `stepValue:` is an expression (`Double(duration)`).
    var hasBoundExpressions: Bool { !boundExpressions.isEmpty }

    /// Where the first bound written as an expression is (the component's name when none is),
    /// where bounds the wrong way round are reported as the screen runs.
    var boundsRange: SpecRange { boundExpressions.values.map(\.range).min { $0.start < $1.start } ?? name.range }
}
