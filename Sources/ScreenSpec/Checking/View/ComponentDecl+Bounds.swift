import SpecRuntime

extension ComponentDecl {
    /// A slider's or stepper's `minimumValue:` and `maximumValue:`, the kind's defaults where not
    /// written; nil when they are the wrong way round, reported at the bound written last. A
    /// screen's component and a row's read their bounds here alike.
    func bounds(defaultMinimum: Double, defaultMaximum: Double, diagnostics: inout DiagnosticBag) -> (minimum: Double, maximum: Double)? {
        let minimum = numbers["minimumValue"]?.value ?? defaultMinimum
        let maximum = numbers["maximumValue"]?.value ?? defaultMaximum
        guard minimum < maximum else {
            let at = numbers["maximumValue"]?.range ?? numbers["minimumValue"]?.range ?? name.range
            diagnostics.error(.invalidRange, "\(kind.value.name) '\(name.value)' goes from \(ValueFormatter.formatDouble(minimum)) to \(ValueFormatter.formatDouble(maximum)); the minimum must be below the maximum",
                              at: at)
            return nil
        }
        return (minimum, maximum)
    }
}
