@_spi(Engine) import SpecProgram

/// A slider's or stepper's bounds given by expressions (``ComponentPlan/Bounds``): two cells a
/// binding writes, and the value they bound, which ranks after both.
///
/// When `minimumValue` or `maximumValue` is set, `UISlider` and `UIStepper` move their `value`
/// inside the new bounds, and send no `.valueChanged`, as for any change made in code: so here
/// a changed bound moves the value, firing nothing (the person's edits are another node, and a
/// two-way bound property keeps what it had). Bounds the wrong way round are a runtime error, the
/// value left as it is: a `UIStepper` raises `NSInvalidArgumentException` there, and a `UISlider`
/// moves its other bound, whose outcome hangs on the order the binders happen to run. A binding
/// that gives the value outside the bounds is a binding error, as with bounds written as
/// numbers, and the value stays where it was (inside the bounds).
extension ScreenGraph {
    /// ``boundedBy``: each bound's cell and bounded value to its component, and so each titles'
    /// cell and the index it bounds (ScreenGraph+Choices.swift).
    static func boundedNodes(_ spec: CheckedSpec) -> [Int] {
        guard spec.components.contains(where: { $0.bounds != nil || $0.choices != nil }) else { return [] }
        var by = [Int](repeating: -1, count: spec.nodes.count)
        for (c, component) in spec.components.enumerated() {
            if let bounds = component.bounds {
                for node in [bounds.minimum, bounds.maximum, bounds.value] + (bounds.step.map { [$0] } ?? []) { by[node] = c }
            }
            if let choices = component.choices {
                for node in [choices.titles, choices.value] { by[node] = c }
            }
        }
        return by
    }

    /// Commits the pending write of a bound's cell (then settles the value, later in the
    /// transaction) or of a bounded value (inside the bounds as they now are).
    @inline(never)
    func commitBounded(_ node: Int) {
        if spec.components[boundedBy[node]].choices != nil {
            commitChoices(node)
            return
        }
        let byBinding = handlerWrote[node]
        if byBinding { keepPrior(node) }
        _ = pendingAppend.take(node)
        guard let written = pendingWrite.take(node) else { return }
        let component = spec.components[boundedBy[node]]
        guard let bounds = component.bounds else { return }
        if node == bounds.step {
            // UIStepper raises on a step not above 0: reported, the step left as it was.
            if let problem = Self.stepProblem(written) {
                report("\(spec.nodes[node].range.file):\(spec.nodes[node].range.start): \(component.kind) '\(component.name)' \(problem)")
            } else if written != context.values[node] {
                changed(node, written)
            }
            return
        }
        guard node == bounds.value else {
            guard written != context.values[node] else { return }
            changed(node, written)
            if pendingWrite[bounds.value] == nil { pendingWrite[bounds.value] = context.values[bounds.value] }
            enqueue(bounds.value)
            return
        }
        guard case .double(let minimum) = context.values[bounds.minimum], case .double(let maximum) = context.values[bounds.maximum],
              case .double(var d) = written else { return }
        if let problem = bounds.problem(minimum: minimum, maximum: maximum) {
            report("\(bounds.range.file):\(bounds.range.start): " + Self.crossed(component.kind, component.name, minimum, maximum, problem))
            return
        }
        if d < minimum || d > maximum {
            if byBinding {
                let range = spec.nodes[node].range
                report("\(range.file):\(range.start): '\(spec.nodes[node].name)' cannot take \(written); it takes "
                       + "\(ValueFormatter.formatDouble(minimum))...\(ValueFormatter.formatDouble(maximum)) now")
                guard case .double(let current) = context.values[node] else { return }
                d = current
            }
            d = Swift.min(Swift.max(d, minimum), maximum)
        }
        let value = Value.double(d)
        if value != context.values[node] { changed(node, value) }
    }

    /// At start, after the bindings applied their sources' values: each bounded value moved into
    /// its bounds, a binding's value outside them reported (`written` holds what bindings wrote).
    func startBounds(_ written: Set<Int>) {
        startChoices(written)
        for component in spec.components {
            if let step = component.bounds?.step, let problem = Self.stepProblem(context.values[step]) {
                report("\(spec.nodes[step].range.file):\(spec.nodes[step].range.start): \(component.kind) '\(component.name)' \(problem)")
                context.values[step] = .double(component.step ?? 1)
            }
            guard let bounds = component.bounds, case .double(let minimum) = context.values[bounds.minimum],
                  case .double(let maximum) = context.values[bounds.maximum], case .double(let d) = context.values[bounds.value] else { continue }
            if let problem = bounds.problem(minimum: minimum, maximum: maximum) {
                report("\(bounds.range.file):\(bounds.range.start): " + Self.crossed(component.kind, component.name, minimum, maximum, problem))
                continue
            }
            guard d < minimum || d > maximum else { continue }
            if written.contains(bounds.value) {
                let range = spec.nodes[bounds.value].range
                report("\(range.file):\(range.start): '\(spec.nodes[bounds.value].name)' cannot take \(Value.double(d)); it takes "
                       + "\(ValueFormatter.formatDouble(minimum))...\(ValueFormatter.formatDouble(maximum)) now")
            }
            context.values[bounds.value] = .double(Swift.min(Swift.max(d, minimum), maximum))
        }
    }

    /// Why a person cannot move component `c` to `value` within the bounds in force now (outside
    /// them, or off its steps), or nil.
    func outOfBounds(_ value: Value, component c: Int, verb: String) -> String? {
        let component = spec.components[c]
        if let choices = component.choices { return outOfChoices(value, choices, of: component, verb: verb) }
        guard let bounds = component.bounds, case .double(let d) = value, case .double(let minimum) = context.values[bounds.minimum],
              case .double(let maximum) = context.values[bounds.maximum] else { return nil }
        let from = ValueFormatter.formatDouble(minimum)
        if d < minimum || d > maximum || bounds.problem(minimum: minimum, maximum: maximum) != nil {
            return "a person cannot \(verb) '\(component.name)' to \(ValueFormatter.formatDouble(d)); it goes from \(from) to \(ValueFormatter.formatDouble(maximum)) now"
        }
        if let step = stepValue(of: component) {
            let steps = (d - minimum) / step
            if abs(steps - steps.rounded()) > 1e-9 {
                return "a person cannot \(verb) '\(component.name)' to \(ValueFormatter.formatDouble(d)); it goes from \(from) in steps of \(ValueFormatter.formatDouble(step)) now"
            }
        }
        return nil
    }

    /// A stepper's step now: its `stepValue` cell when an expression gives it, else the number.
    private func stepValue(of component: ComponentPlan) -> Double? {
        if let cell = component.bounds?.step, case .double(let d) = context.values[cell] { return d }
        return component.step
    }

    /// The runtime error of a control `kind` `name` whose bounds `minimum` and `maximum` have
    /// `problem` (``ComponentPlan/Bounds/problem(minimum:maximum:)``), a screen's or a row's.
    static func crossed(_ kind: String, _ name: String, _ minimum: Double, _ maximum: Double, _ problem: String) -> String {
        "\(kind) '\(name)' goes from \(ValueFormatter.formatDouble(minimum)) to \(ValueFormatter.formatDouble(maximum)); \(problem)"
    }

    /// Why `value` cannot be a stepper's `stepValue`, or nil.
    static func stepProblem(_ value: Value) -> String? {
        guard case .double(let d) = value, !(d.isFinite && d > 0) else { return nil }
        return "cannot step by \(ValueFormatter.formatDouble(d)); 'stepValue' must be above 0 (UIStepper raises NSInvalidArgumentException)"
    }
}
