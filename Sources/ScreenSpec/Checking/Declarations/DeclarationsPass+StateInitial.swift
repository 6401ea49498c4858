import SpecRuntime

/// A state's `initial:` read from the screen's parameters (`todos: { type: "[Todo]", initial:
/// saved }`), as `init(todos:) { self.todos = BehaviorRelay(value: todos) }` does: an expression
/// over the parameters and literals, evaluated once when the screen is built (see
/// ``StateInitialPlan``). Anything else the screen declares has no value yet then.
extension DeclarationsPass {
    /// `initial:` as an expression, when it is one: a scalar that mentions something the screen
    /// declares, unless it is also a value of the state's type naming no parameter (a `String`
    /// state's `initial: ready`, an enum state's `initial: all` beside an output `all`), which
    /// stays the value it always was. Nil: read `initial:` as data.
    func initialExpression(of state: StateDecl, _ type: SpecType) -> Expr? {
        guard let expr = state.initialExpression, let scalar = state.initial.scalar else { return nil }
        // A quoted text is the text itself.
        if type.unwrapped == .string, scalar.style != .plain { return nil }
        let params = Set(spec.params.map(\.name.value))
        let mentioned = Set(expr.referencedNames().map { String($0.prefix { $0 != "." }) })
        guard !mentioned.isDisjoint(with: params) || mentioned.contains(where: { screenNameKind($0) != nil }) else { return nil }
        if case .name(let name) = expr.kind, !params.contains(name) {
            var quiet = cx.diagnostics.scratch
            if values.read(state.initial, as: type, diagnostics: &quiet) != nil { return nil }
        }
        return expr
    }

    /// Checks `expr`, the `initial:` of state `node` of type `type`: it may read parameters and
    /// literals only. Its plan, or nil (reported).
    mutating func checkInitialExpression(_ expr: Expr, node: Int, _ type: SpecType) -> StateInitialPlan? {
        var ok = true
        for (name, range) in Self.names(in: expr) {
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

    /// Every plain name in `expr` with where it is written, in no particular order.
    private static func names(in expr: Expr) -> [(String, SpecRange)] {
        var found: [(String, SpecRange)] = []
        var stack: [Expr] = [expr]
        while let e = stack.popLast() {
            if case .name(let n) = e.kind { found.append((n, e.range)) }
            stack.append(contentsOf: e.children)
        }
        return found.sorted { ($0.1.start.line, $0.1.start.column) < ($1.1.start.line, $1.1.start.column) }
    }
}
