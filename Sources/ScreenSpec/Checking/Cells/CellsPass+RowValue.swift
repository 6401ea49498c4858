import SpecRuntime

/// A control in a row that a person changes (a switch's `isOn`, a slider's `value`, a segmented
/// control's `selectedIndex`, a text field's `text`, as a stepper's `value`): the property the
/// kind's gesture changes is the component's ``CellsPlan/Component/valueProperty``, bound one way
/// or two-way to one of the row's value inputs (CellsPass+RowStepper.swift), and the values it
/// takes are read as a screen component's are: a slider's bounds through
/// ``ComponentDecl/bounds(defaultMinimum:defaultMaximum:diagnostics:)``, a segmented control's
/// or picker view's count (and titles, for the tools that draw it) from its `segments:` or
/// `rows:`. A step on the row is checked against them (StepChecker+RowGestures.swift).
extension CellsPass {
    /// The property of `kind` a person's gesture changes (`toggle:` a switch's `isOn`), nil for a
    /// kind no gesture changes (a label, a button).
    static func changedProperty(_ kind: ComponentEntry) -> ComponentProperty? {
        kind.changedProperty.flatMap { name in kind.properties.first { $0.name == name } }
    }

    /// What `plan` keeps of the values a row's control takes for its changed `property`: its
    /// bounds, or its count and titles; false when they are wrong (reported), and the component
    /// is left out.
    mutating func valueControl(_ component: ComponentDecl, _ property: ComponentProperty, scope: RowScope, into plan: inout CellsPlan.Component) -> Bool {
        plan.valueProperty = property.name
        switch property.range {
        case .bounds?:
            return bounds(component, scope: scope, into: &plan)
        case .index(let index)?:
            let kind = component.kind.value
            // Titles an expression gives over the row's names (`segments: item.sizes`): a property
            // of the component, which the engine computes on the row when a gesture plays.
            if let expr = component.titleExpressions[index.setting] {
                guard let typed = rowExpression(expr, expecting: .list(.string), scope) else { return false }
                plan.properties.append(.init(name: index.setting, value: typed))
                return true
            }
            plan.titles = kind.titlesSetting.flatMap { component.parts[$0]?.titles }
            if let count = component.numbers[index.setting].map({ Int($0.value) }) ?? component.parts[index.setting]?.count?.value {
                plan.count = count
            } else if component.parts[index.setting] == nil {
                cx.diagnostics.error(.missingKey, "\(kind.title) '\(component.name.value)' needs '\(index.setting):'\(index.missing)", at: component.name.range,
                                     fixIt: "'\(component.name.value): { \(kind.name): { \(index.setting): \(index.example) } }'")
                return false
            }
            return true
        case .fixed?, .day?, nil:
            return true
        }
    }
}

extension CellsPlan.Component {
    /// The values a person's gesture gives its ``valueProperty``, as the screen's component of
    /// the kind takes them (`range`, from its catalogue entry): nil when any value of its type
    /// is taken (a switch, a text field) or the count is unknown (a setting reported invalid).
    func constraint(_ range: ComponentRange?) -> ValueConstraint? {
        switch range {
        case .bounds?:
            guard let minimum, let maximum else { return nil }
            return ValueConstraint(minimum: minimum, maximum: maximum, integral: false)
        case .index(let index)?:
            guard let count else { return nil }
            return ValueConstraint(minimum: Double(index.first), maximum: Double(max(index.first, count - 1)), integral: true)
        case .fixed(let minimum, let maximum)?:
            return ValueConstraint(minimum: minimum, maximum: maximum, integral: false)
        case .day?:
            return .day
        case nil:
            return nil
        }
    }
}
