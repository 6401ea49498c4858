import SpecRuntime

/// A state's `initial:` read from the screen's parameters (`todos: { type: "[Todo]", initial:
/// saved }`), as `init(todos:) { self.todos = BehaviorRelay(value: todos) }` does: an expression
/// over the parameters and literals, evaluated once when the screen is built (see
/// ``StateInitialPlan``). Anything else the screen declares has no value yet then.
extension DeclarationsPass {
    /// How `initial:` is read (see ``InitialReading``): a scalar that mentions a parameter or
    /// something the screen declares is an expression, unless it is also a value of the state's
    /// type naming no parameter (a `String` state's `initial: ready`, an enum state's `initial:
    /// all` beside an output `all`), which stays the value it always was; a path from a name
    /// nearly a parameter's (`sesion.title`) is a slip.
    func initialReading(of state: StateDecl, _ type: SpecType) -> InitialReading {
        InitialReading.of(state, type, readable: Set(spec.params.map(\.name.value)), declared: { screenNameKind($0) != nil },
                          readsAsValue: {
                              var quiet = cx.diagnostics.scratch
                              return values.read(state.initial, as: type, diagnostics: &quiet) != nil
                          },
                          didYouMean: { cx.diagnostics.didYouMean($0, in: $1) })
    }

    /// Checks `expr`, the `initial:` of state `node` of type `type`: it may read parameters and
    /// literals only. Its plan, or nil (reported).
    mutating func checkInitialExpression(_ expr: Expr, node: Int, _ type: SpecType) -> StateInitialPlan? {
        var ok = true
        for (name, range) in InitialReading.names(in: expr) {
            guard let kind = screenNameKind(name) else { continue }
            cx.diagnostics.error(.noCurrentValue,
                                 "'initial:' is computed once, when the screen starts, from its parameters and literals; '\(name)' is \(kind), which has no value yet then",
                                 at: range,
                                 notes: [DiagnosticNote("a state's first value may read the screen's 'params:'; to follow another value, write a handler that sets the state, or make it a derived output")])
            ok = false
        }
        guard ok else { return nil }
        // Only the parameters are names here: the rest was refused above.
        let params = cx.symbols.filter { if case .param = cx.nodes[$0.value.node].role { true } else { false } }
        var checker = ExpressionChecker(symbols: params, table: cx.table, diagnostics: cx.diagnostics)
        checker.poisoned = cx.poisoned
        checker.functions = cx.functions
        let typed = checker.check(expr, expecting: type)
        cx.diagnostics = checker.diagnostics
        guard let typed else { return nil }
        return StateInitialPlan(node: node, value: typed)
    }

    /// What `name` is when the screen declares it and it is no parameter ("state", "an input"),
    /// for the message; nil for a parameter or a name the screen does not declare.
    private func screenNameKind(_ name: String) -> String? {
        if spec.inputs.contains(where: { $0.name.value == name }) { return "an input" }
        if spec.state.contains(where: { $0.name.value == name }) { return "state" }
        if spec.outputs.contains(where: { $0.name.value == name }) { return "an output" }
        if spec.actions.contains(where: { $0.name.value == name }) { return "an action" }
        if spec.cells.contains(where: { $0.name.value == name }) { return "a 'cells:' entry" }
        return nil
    }
}
