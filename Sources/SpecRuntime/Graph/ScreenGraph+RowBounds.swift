@_spi(Engine) import SpecProgram

/// A row's control whose bounds, `stepValue:` or titles are expressions over the row's names
/// (`maximumValue: Double(item.stock)`, `segments: item.sizes`): a cell is configured from its
/// row each time it is shown, so the values it takes are computed on the row when a person's
/// gesture plays. A stepper or slider shows its value clamped into its bounds, as UIKit keeps
/// `value` inside `minimumValue...maximumValue`; a value outside the bounds or off the steps in
/// force, a `stepValue` not above 0 (UIStepper raises `NSInvalidArgumentException`), bounds the
/// wrong way round, or a pick past the titles is refused, a runtime error of the step.
extension ScreenGraph {
    /// Why a person cannot give `value` to component `k` of entry `c` on `record`, or nil.
    func rowValueRefusal(_ gesture: RowGesture, cells c: Int, _ record: RecordValue, row key: Value, value: Value) -> String? {
        guard gesture.writes else { return nil }
        let compiled = program.cells[c].components[gesture.component]
        let name = "\(spec.cells[c].name).\(spec.cells[c].view?[gesture.component].name ?? "")"
        if let titles = compiled.titles, case .int(let i) = value {
            guard case .list(let items)? = evaluate(titles, on: record, cells: c, row: key, what: "the titles of '\(name)'") else { return nil }
            let what = spec.cells[c].view?[gesture.component].kind == "pickerView" ? "row" : "segment"
            guard i < 0 || i >= items.count else { return nil }
            return "a person cannot \(gesture.verb) \(what) \(i) of '\(name)' on row \(key); it has \(items.count) \(what)\(items.count == 1 ? "" : "s") there"
        }
        guard let bounds = rowBounds(gesture.component, cells: c, record, row: key), let d = Self.number(value) else { return nil }
        let from = ValueFormatter.formatDouble(bounds.minimum), to = ValueFormatter.formatDouble(bounds.maximum)
        if let step = bounds.step, let problem = Self.stepProblem(.double(step)) { return "'\(name)' on row \(key) " + problem }
        if !(bounds.minimum < bounds.maximum || bounds.step == nil && bounds.minimum == bounds.maximum) {
            return "'\(name)' on row \(key) goes from \(from) to \(to); the minimum must be \(bounds.step == nil ? "at most" : "below") the maximum"
        }
        if d < bounds.minimum || d > bounds.maximum {
            return "a person cannot \(gesture.verb) '\(name)' on row \(key) to \(ValueFormatter.formatDouble(d)); it goes from \(from) to \(to) there"
        }
        if let step = bounds.step {
            let steps = (d - bounds.minimum) / step
            if abs(steps - steps.rounded()) > 1e-9 {
                return "a person cannot \(gesture.verb) '\(name)' on row \(key) to \(ValueFormatter.formatDouble(d)); it goes from \(from) in steps of \(ValueFormatter.formatDouble(step)) there"
            }
        }
        return nil
    }

    /// The bounds (and step) an expression gives component `k` of entry `c` on `record`; nil
    /// when its bounds are numbers (checked with the spec) or one fails (reported).
    func rowBounds(_ k: Int, cells c: Int, _ record: RecordValue, row key: Value) -> (minimum: Double, maximum: Double, step: Double?)? {
        let compiled = program.cells[c].components[k]
        guard let minimum = compiled.minimum, let maximum = compiled.maximum else { return nil }
        let name = spec.cells[c].view?[k].name ?? ""
        guard let lo = Self.number(evaluate(minimum, on: record, cells: c, row: key, what: "'\(name).minimumValue'")),
              let hi = Self.number(evaluate(maximum, on: record, cells: c, row: key, what: "'\(name).maximumValue'")) else { return nil }
        guard let step = compiled.step else { return (lo, hi, nil) }
        guard let s = Self.number(evaluate(step, on: record, cells: c, row: key, what: "'\(name).stepValue'")) else { return nil }
        return (lo, hi, s)
    }

    /// `value` as a Double: an Int bound converted as a binding converts it.
    static func number(_ value: Value?) -> Double? {
        switch value {
        case .double(let d)?: d
        case .int(let i)?: Double(i)
        default: nil
        }
    }
}
