import SpecRuntime

/// A stepper in a row (`quantityStepper.rx.value <-> quantity` in a cell): its bounds, as a
/// screen stepper's (`minimumValue:` 0, `maximumValue:` 100, `stepValue:` 1 unless written), and
/// its `value:` bound two-way to one of the row's value inputs. What it shows is `get:`, an
/// expression over the row's names (the input itself is nil until it fires, so `get:` is
/// required unless the shown value is bound one way); a person's step writes the input with
/// `set:`, which reads the new value as `<component>.value` (the value itself when left out and
/// the input takes a Double).
extension CellsPass {
    /// The bounds of a bounded component (a stepper, a slider) into `plan`, with a stepper's
    /// `stepValue:`; false when they are the wrong way round (reported).
    mutating func bounds(_ component: ComponentDecl, scope: RowScope, into plan: inout CellsPlan.Component) -> Bool {
        let kind = component.kind.value
        guard let range = kind.properties.lazy.compactMap(\.range).first(where: { if case .bounds = $0 { true } else { false } }),
              case .bounds(let defaultMinimum, let defaultMaximum, let stepped) = range else { return true }
        // Bounds an expression gives over the row's names (`maximumValue: Double(item.stock)`):
        // every bound is then a property of the component, the numbers constants, which the
        // engine computes on the row when a gesture plays (ScreenGraph+RowBounds.swift).
        if component.hasBoundExpressions {
            plan.boundsRange = component.boundsRange
            plan.stepRange = stepped ? component.boundExpressions["stepValue"]?.range : nil
            let settings = [("minimumValue", defaultMinimum), ("maximumValue", defaultMaximum)] + (stepped ? [("stepValue", 1.0)] : [])
            var typedAll = true
            for (setting, number) in settings {
                guard let expr = component.boundExpressions[setting] else {
                    plan.properties.append(.init(name: setting, value: .constant(.double(component.numbers[setting]?.value ?? number))))
                    continue
                }
                guard let typed = rowExpression(expr, expecting: .double, scope) else {
                    typedAll = false
                    continue
                }
                plan.properties.append(.init(name: setting, value: typed))
            }
            return typedAll
        }
        guard let (minimum, maximum) = component.bounds(defaultMinimum: defaultMinimum, defaultMaximum: defaultMaximum, diagnostics: &cx.diagnostics) else {
            return false
        }
        plan.minimum = minimum
        plan.maximum = maximum
        if case .bounds(_, _, true) = range { plan.step = component.numbers["stepValue"]?.value ?? 1 }
        return true
    }

    /// `expr` typed over the row's names, nil when it is not (reported).
    mutating func rowExpression(_ expr: Expr, expecting type: SpecType, _ scope: RowScope) -> TypedExpr? {
        var checker = ExpressionChecker(symbols: [:], table: cx.table, diagnostics: cx.diagnostics)
        checker.functions = cx.functions
        checker.rowFields = scope.fields
        checker.poisoned = scope.failedOutputs
        let typed = checker.check(expr, expecting: type)
        cx.diagnostics = checker.diagnostics
        return typed
    }

    /// `value: { twoWay: quantity, get: …, set: … }` of a row's stepper (or `isOn:` of a switch,
    /// any property a gesture changes): the input it writes and its `set:`, with `get:` kept as
    /// that property of `plan`; nil when it cannot be bound (reported).
    mutating func twoWay(_ wiring: PropertyWiring, _ name: Located<String>, of component: ComponentDecl, type: SpecType,
                         inputs: [(name: String, type: SpecType, field: Int?)], properties: Set<String> = [], scope: [String: (field: Int, type: SpecType)],
                         fieldCount: Int, failedOutputs: Set<String>, into plan: inout CellsPlan.Component) -> CellsPlan.Component.TwoWay? {
        let property = "\(component.name.value).\(wiring.name.value)"
        let values = inputs.indices.filter { inputs[$0].field != nil }
        guard let k = values.first(where: { inputs[$0].name == name.value }) else {
            cx.diagnostics.error(.invalidTwoWay, "'\(property)' is bound two-way to one of the row's value inputs; '\(name.value)' is not one"
                                 + cx.diagnostics.didYouMean(name.value, in: values.map { inputs[$0].name }), at: name.range,
                                 fixIt: "declare it under the view model's 'inputs:', as in '\(name.value): { type: \(type), default: … }'")
            return nil
        }
        let input = inputs[k]
        // An input with a current value shows it: `get:` is the input itself, as on the screen.
        guard let get = wiring.get ?? (properties.contains(name.value) ? Expr(.name(name.value), name.range) : nil) else {
            cx.diagnostics.error(.missingKey, "'\(property)' needs 'get:', what it shows over the row's names: the input '\(name.value)' is nil until it fires",
                                 at: wiring.range, fixIt: type == .double ? "add 'get: Double(units)', with 'units' the row's state the input's handler sets"
                                     : "add 'get:', a '\(type)' over the row's state that the input's handler sets")
            return nil
        }
        var getter = ExpressionChecker(symbols: [:], table: cx.table, diagnostics: cx.diagnostics)
        getter.functions = cx.functions
        getter.rowFields = scope
        getter.screenNames = Set(cx.symbols.keys)
        getter.poisoned = failedOutputs
        let shown = getter.check(get, expecting: type)
        cx.diagnostics = getter.diagnostics
        var set: TypedExpr?
        if let expr = wiring.set {
            var setter = ExpressionChecker(symbols: [:], table: cx.table, diagnostics: cx.diagnostics)
            setter.functions = cx.functions
            setter.rowFields = scope
            setter.screenNames = Set(cx.symbols.keys)
            setter.rowFields[property] = (fieldCount, type)
            setter.poisoned = failedOutputs
            set = setter.check(expr, expecting: input.type)
            cx.diagnostics = setter.diagnostics
            guard set != nil else { return nil }
        } else if !input.type.accepts(type) {
            cx.diagnostics.error(.typeMismatch, "'\(property)' is '\(type)' but '\(name.value)' is '\(input.type)'", at: name.range,
                                 notes: [DiagnosticNote("convert with 'set:', as in 'set: Int(\(property))'")])
            return nil
        }
        guard let shown else { return nil }
        plan.properties.append(.init(name: wiring.name.value, value: shown))
        return CellsPlan.Component.TwoWay(input: k, set: set)
    }
}

/// The names a row's expression reads: its fields, and the outputs that failed (read as
/// poisoned, so nothing cascades).
struct RowScope {
    var fields: [String: (field: Int, type: SpecType)]
    var failedOutputs: Set<String>
}
