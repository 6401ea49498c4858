import SpecRuntime

/// A slider's or stepper's bounds given by expressions over the screen's names
/// (`maximumValue: Double(duration)`), bound one way as an RxCocoa binder sets `maximumValue`
/// each time its source changes. Both bounds become cells, `seek.minimumValue` and
/// `seek.maximumValue` (the one written as a number, or left to the kind's default, never
/// changes), which the timeline shows and scenarios can expect; the engine keeps the value inside
/// them as they change (``ComponentPlan/Bounds``).
extension ViewPass {
    /// The bounds' cells, after the component's properties; each comes before the value in rank,
    /// so that the value is settled after both.
    mutating func declareBoundCells(_ decl: ComponentDecl, into component: inout ViewRegistry.Component) {
        guard let first = component.firstBounds,
              let bounded = decl.kind.value.properties.first(where: { if case .bounds? = $0.range { true } else { false } }),
              let p = component.property(bounded.name) else { return }
        let value = component.properties[p].node
        var cells: [Int] = []
        for (setting, start) in [("minimumValue", first.minimum), ("maximumValue", first.maximum)] {
            let name = decl.name.value + "." + setting
            let expr = decl.boundExpressions[setting]
            let range = expr?.range ?? decl.name.range
            guard isFree(name, at: range) else { return }
            let node = cx.addNode(name, .double, .state(initial: .double(start)), role: .component, visible: expr != nil, range: range,
                                  what: "component property")
            cx.edges[node].append(value)
            component.properties.append(.init(name: setting, node: node, type: .double, userStream: nil, verb: nil, constraint: nil))
            cells.append(node)
        }
        let written = decl.boundsRange
        // A stepper's `stepValue:` written as an expression is a cell too (one written as a
        // number stays the component's `step`).
        var step: Int?
        if first.stepped, let expr = decl.boundExpressions["stepValue"] {
            let name = decl.name.value + ".stepValue"
            guard isFree(name, at: expr.range) else { return }
            let node = cx.addNode(name, .double, .state(initial: .double(component.step ?? 1)), role: .component, visible: true, range: expr.range,
                                  what: "component property")
            cx.edges[node].append(value)
            component.properties.append(.init(name: "stepValue", node: node, type: .double, userStream: nil, verb: nil, constraint: nil))
            step = node
        }
        // A stepped control is a UIStepper, which raises when its maximum is not above its
        // minimum; a UISlider takes equal bounds (it then has one value).
        component.bounds = ComponentPlan.Bounds(minimum: cells[0], maximum: cells[1], value: value, mayBeEqual: !first.stepped, range: written,
                                                step: step)
    }

    /// Each bound's expression (and `stepValue:`'s), a Double (an Int converted as a binding converts it), bound one
    /// way to its cell.
    mutating func wireBoundExpressions(_ decl: ComponentDecl, _ c: Int, _ viewModel: [String: Symbol]) {
        for (setting, expr) in decl.boundExpressions.sorted(by: { $0.key < $1.key }) {
            guard let p = out.registry.components[c].property(setting) else { continue }
            var checker = viewModelChecker(viewModel, diagnostics: cx.diagnostics)
            let typed = checker.check(expr, expecting: .double)
            cx.diagnostics = checker.diagnostics
            guard let typed else { continue }
            bind(typed, reads: checker.reads, to: out.registry.components[c].properties[p],
                 label: label("binding of '\(decl.name.value).\(setting)'", expr.range), at: expr.range)
        }
    }
}
