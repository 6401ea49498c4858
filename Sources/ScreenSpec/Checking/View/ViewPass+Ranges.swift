import SpecRuntime

/// A component property's range (``ComponentRange``) made a ``ValueConstraint`` from the
/// component's settings, as UIKit would bound the control.
extension ViewPass {
    /// Sets `constraint`, left nil when the range cannot be known (a missing setting, reported);
    /// false when the property cannot be declared (bounds the wrong way round, reported). Bounds
    /// also go to the component, for the tools that draw it, and move the first value into them;
    /// bounds an expression gives leave `constraint` nil.
    mutating func resolve(_ range: ComponentRange, of decl: ComponentDecl, into component: inout ViewRegistry.Component,
                          initial: inout Value, constraint: inout ValueConstraint?) -> Bool {
        switch range {
        case .bounds(let defaultMinimum, let defaultMaximum, let stepped):
            guard let (minimum, maximum) = decl.bounds(defaultMinimum: defaultMinimum, defaultMaximum: defaultMaximum, diagnostics: &cx.diagnostics) else {
                return false
            }
            if stepped { component.step = decl.numbers["stepValue"]?.value ?? 1 }
            // UIKit clamps the value into the new bounds.
            initial = .double(min(max(0, minimum), maximum))
            if decl.hasBoundExpressions {
                // Bounds in cells that expressions write (ViewPass+BoundExpressions): the value is
                // checked against them as they change, when the screen runs.
                component.firstBounds = (minimum, maximum, stepped)
                return true
            }
            component.minimum = minimum
            component.maximum = maximum
            constraint = ValueConstraint(minimum: minimum, maximum: maximum, integral: false)
        case .fixed(let minimum, let maximum):
            constraint = ValueConstraint(minimum: minimum, maximum: maximum, integral: false)
        case .day:
            constraint = .day
        case .index(let index):
            // Titles an expression gives (ViewPass+TitleExpressions): the index is checked against
            // them as they change, when the screen runs.
            if decl.titleExpressions[index.setting] != nil { return true }
            let count = decl.numbers[index.setting].map { Int($0.value) } ?? decl.parts[index.setting]?.count?.value
            if let count {
                constraint = ValueConstraint(minimum: Double(index.first), maximum: Double(max(index.first, count - 1)), integral: true)
            } else if decl.parts[index.setting] == nil {
                let kind = decl.kind.value
                cx.diagnostics.error(.missingKey, "\(kind.title) '\(decl.name.value)' needs '\(index.setting):'\(index.missing)", at: decl.name.range,
                                     fixIt: "'\(decl.name.value): { \(kind.name): { \(index.setting): \(index.example) } }'")
            }
        }
        return true
    }
}
