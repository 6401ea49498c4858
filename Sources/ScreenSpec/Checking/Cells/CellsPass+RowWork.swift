import SpecRuntime

/// The row a row's action's work reads while the dataflow pass types it (``CellsPass/checkRowWork(_:of:model:scope:trigger:input:)``):
/// every expression of the work is checked over the row's fields alone, as the row's other
/// expressions are, and `$0` in its `with:` and its choice's `if:` reads the trigger's field.
struct RowWorkScope {
    var fields: [String: (field: Int, type: SpecType)]
    /// The field holding the action's input, the trigger's latest value; nil for an event.
    var inputField: Int?
    /// The row's own streams its operators may listen to (`takeUntil: pause`), by name: its
    /// inputs and the streams of the actions declared before this one, each as its index in the
    /// row's inputs (``RequestPlan/listening(to:)``).
    var streams: [String: (input: Int, type: SpecType)] = [:]

    /// A checker that reads the row's fields and nothing of the screen.
    func checker(_ cx: CheckContext) -> ExpressionChecker {
        var checker = ExpressionChecker(symbols: [:], table: cx.table, diagnostics: cx.diagnostics)
        checker.functions = cx.functions
        checker.rowFields = fields
        checker.screenNames = Set(cx.symbols.keys)
        return checker
    }
}

/// A row's action whose work is a stream (`work: { call: settings.save, with: { … }, ops: [ { retry: … } ] }`,
/// `just:`, a timer, a choice), typed by the machinery that types a screen action's work
/// (`DataflowPass+Streams.swift`), in the dataflow pass's row mode (``RowWorkScope``): its
/// expressions read the row before its outputs (its element, its state, its actions'
/// `executing`, and the trigger's value by its name and as `$0` outside `ops:`), and no operator
/// may listen to a stream of the screen. The request merges the rows' executions, each bound to
/// its row (``CellsPlan/Action/work``).
extension CellsPass {
    /// The typed request and the element it gives (the type of `<action>.elements`); nil when it
    /// does not check (reported).
    mutating func checkRowWork(_ request: RequestDecl, of action: ActionDecl, model: CheckedViewModel, scope: [String: (field: Int, type: SpecType)],
                               trigger: (name: String, field: Int?), input: SpecType) -> (request: RequestPlan, element: SpecType)? {
        var declarations = Declarations()
        declarations.services = services
        var pass = DataflowPass(spec: spec, declarations: declarations, catalog: ScreenCatalog(resolver: nil))
        var fields = scope
        if let field = trigger.field { fields[trigger.name] = (field, input) }
        var streams: [String: (input: Int, type: SpecType)] = [:]
        for (k, input) in model.inputs.enumerated() { streams[input.name] = (k, input.type) }
        pass.rowWork = RowWorkScope(fields: fields, inputField: trigger.field, streams: streams)
        pass.workInput = (action.name.value, input, (trigger.name, input), false)
        // The context moves into the pass and back: its diagnostics and the records it adds.
        swap(&pass.cx, &cx)
        var element = input
        var sawRequest = false
        var shape: NavigationShape?
        let flatMap = OperatorDecl(name: "flatMap", arguments: OperatorArgumentsDecl(request: request), range: action.work.range)
        // Bound to the row (no name reads it: the row's names do), as a request's `as:` binds its element.
        let plans = pass.checkOperators([flatMap], element: &element, node: -1, sourceName: trigger.name, inner: false,
                                        bound: ("", .record(model.name)), sawRequest: &sawRequest, navigationShape: &shape)
        swap(&pass.cx, &cx)
        guard let plan = plans?.first?.arguments.request else { return nil }
        return (plan, element)
    }
}
