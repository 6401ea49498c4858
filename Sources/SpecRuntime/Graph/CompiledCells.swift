@_spi(Engine) import SpecProgram

/// A `cells:` entry compiled once with its program: each row output's expression, per input
/// the writes its handlers make, and the row's actions (see `ScreenGraph+Cells.swift`,
/// `ScreenGraph+RowActions.swift`, ``CellsPlan``).
struct CompiledCells {
    /// A handler of the view model: its `if:` (nil: always), its target fields and their
    /// compiled values.
    struct Handler {
        let condition: CompiledExpr?
        let targets: [Int]
        let values: [CompiledExpr]
    }

    /// An action of the view model: its `enabledIf:` (nil: always) and its call's arguments.
    struct Action {
        let enabledIf: CompiledExpr?
        let arguments: [CompiledExpr]
    }

    /// A component of the row's view, for the gestures on it (``RowGesture``): its `enabled`
    /// (nil: always), its `isHidden` (nil: never), the value it shows (its
    /// ``CellsPlan/Component/valueProperty``) and its two-way binding's `set:` (nil: none, or the
    /// value itself).
    struct Component {
        let enabled: CompiledExpr?
        let hidden: CompiledExpr?
        /// Bounds, step and titles an expression gives over the row (ScreenGraph+RowBounds.swift);
        /// nil when they are numbers and lists, checked with the spec.
        let minimum: CompiledExpr?
        let maximum: CompiledExpr?
        let step: CompiledExpr?
        let titles: CompiledExpr?
        let value: CompiledExpr?
        let set: CompiledExpr?
    }

    let outputs: [(field: Int, value: CompiledExpr)]
    /// The parameters the screen hands each row (``CellsPlan/given``), over the screen's nodes
    /// and the element, `$0`.
    let given: [(field: Int, value: CompiledExpr)]
    /// The row states computed from the element and position when a row is made
    /// (``CellsPlan/stateInitials``), in order.
    let stateInitials: [(field: Int, value: CompiledExpr)]
    /// Per input of the view model, its handlers in declaration order.
    let handlers: [[Handler]]
    let actions: [Action]
    /// Per input of the view model, the actions it triggers, in declaration order.
    let actionsOn: [[Int]]
    /// Per component of the view model's `view:` (none without one).
    let components: [Component]
    /// The components whose bounds an expression gives, checked as a row is made or changes
    /// (``ScreenGraph/checkRowBounds(_:_:was:row:)``).
    let bounded: [Int]

    init(_ plan: CellsPlan, instrumentation: (any ScreenInstrumentation)?) {
        func compile(_ e: TypedExpr) -> CompiledExpr { ExpressionCompiler.compile(e, instrumentation: instrumentation) }
        outputs = plan.outputs.map { ($0.field, compile($0.value)) }
        given = (plan.given ?? []).map { ($0.field, compile($0.value)) }
        // Uninstrumented, as a screen state's first value is: coverage counts what the row does.
        stateInitials = (plan.stateInitials ?? []).map { ($0.field, ExpressionCompiler.compile($0.value, instrumentation: nil)) }
        var handlers = [[Handler]](repeating: [], count: plan.inputs.count)
        for handler in plan.handlers where handlers.indices.contains(handler.input) {
            handlers[handler.input].append(Handler(condition: handler.condition.map(compile), targets: handler.targets, values: handler.values.map(compile)))
        }
        self.handlers = handlers
        actions = (plan.actions ?? []).map { Action(enabledIf: $0.enabledIf.map(compile), arguments: $0.arguments.map(compile)) }
        var actionsOn = [[Int]](repeating: [], count: plan.inputs.count)
        for (a, action) in (plan.actions ?? []).enumerated() where actionsOn.indices.contains(action.trigger) {
            actionsOn[action.trigger].append(a)
        }
        self.actionsOn = actionsOn
        let components = (plan.view ?? []).map { component in
            Component(enabled: component.property("enabled").map(compile), hidden: component.property("isHidden").map(compile),
                      minimum: component.property("minimumValue").map(compile), maximum: component.property("maximumValue").map(compile),
                      step: component.property("stepValue").map(compile),
                      titles: (component.property("rows") ?? component.property("segments")).map(compile),
                      value: component.valueProperty.flatMap(component.property).map(compile),
                      set: component.twoWay?.set.map(compile))
        }
        self.components = components
        bounded = components.indices.filter { components[$0].minimum != nil && components[$0].maximum != nil }
    }
}
