@_spi(Engine) import SpecProgram

/// A row's control whose bounds, `stepValue:` or titles are expressions over the row's names
/// (`maximumValue: Double(item.stock)`, `segments: item.sizes`): a cell is configured from its
/// row each time it is shown, so the values it takes are computed on the row when a person's
/// gesture plays. A stepper or slider shows its value clamped into its bounds, as UIKit keeps
/// `value` inside `minimumValue...maximumValue`; a value outside the bounds or off the steps in
/// force, a `stepValue` not above 0 (UIStepper raises `NSInvalidArgumentException`), bounds the
/// wrong way round, or a pick past the titles is refused, a runtime error of the step.
/// Bounds the wrong way round and a `stepValue` not above 0 are also a runtime error of the
/// transaction that makes the row or changes them on it, as the screen's control reports its
/// bound cells crossing: the cell's configuration raises there, before anyone touches it.
extension ScreenGraph {
    /// Reports the controls of `record`, a row of entry `c` just made (`old` nil) or changed from
    /// `old`, whose bounds (``CompiledCells/bounded``) are the wrong way round or whose step is
    /// not above 0, unless they are as they were on `old` (reported then). A bound that fails to
    /// compute is left to the gesture that reads it.
    func checkRowBounds(_ c: Int, _ record: RecordValue, was old: RecordValue?, row key: Value) {
        guard let view = spec.cells[c].view else { return }
        let saved = context.payload
        defer { context.payload = saved }
        for k in program.cells[c].bounded where view.indices.contains(k) {
            guard let now = rowBounds(k, cells: c, record, row: key, quietly: true) else { continue }
            let stepProblem = now.step.flatMap { Self.stepProblem(.double($0)) }
            let crossed = ComponentPlan.Bounds.problem(minimum: now.minimum, maximum: now.maximum, mayBeEqual: now.step == nil)
            guard stepProblem != nil || crossed != nil else { continue }
            if let old, let then = rowBounds(k, cells: c, old, row: key, quietly: true),
               then.minimum == now.minimum, then.maximum == now.maximum, then.step == now.step { continue }
            let component = view[k]
            let at = { (range: SpecRange?) in
                let range = range ?? self.spec.cells[c].range
                return "\(range.file):\(range.start): \(self.rowName(c, key)), "
            }
            if let stepProblem { report(at(component.stepRange ?? component.boundsRange) + "\(component.kind) '\(component.name)' " + stepProblem) }
            if let crossed { report(at(component.boundsRange) + Self.crossed(component.kind, component.name, now.minimum, now.maximum, crossed)) }
        }
    }

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
        if let problem = ComponentPlan.Bounds.problem(minimum: bounds.minimum, maximum: bounds.maximum, mayBeEqual: bounds.step == nil) {
            return "'\(name)' on row \(key) goes from \(from) to \(to); \(problem)"
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
    /// when its bounds are numbers (checked with the spec) or one fails (reported unless `quietly`).
    func rowBounds(_ k: Int, cells c: Int, _ record: RecordValue, row key: Value,
                   quietly: Bool = false) -> (minimum: Double, maximum: Double, step: Double?)? {
        let compiled = program.cells[c].components[k]
        guard let minimum = compiled.minimum, let maximum = compiled.maximum else { return nil }
        let name = spec.cells[c].view?[k].name ?? ""
        guard let lo = Self.number(evaluate(minimum, on: record, cells: c, row: key, what: "'\(name).minimumValue'", quietly: quietly)),
              let hi = Self.number(evaluate(maximum, on: record, cells: c, row: key, what: "'\(name).maximumValue'", quietly: quietly))
        else { return nil }
        guard let step = compiled.step else { return (lo, hi, nil) }
        guard let s = Self.number(evaluate(step, on: record, cells: c, row: key, what: "'\(name).stepValue'", quietly: quietly)) else { return nil }
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
