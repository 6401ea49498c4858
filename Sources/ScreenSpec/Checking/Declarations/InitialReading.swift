import SpecRuntime

/// A first value as written: a state's `initial:` or an input's `default:`, with the expression
/// its scalar parses as, if it does.
struct FirstValue {
    /// `initial` or `default`, for messages.
    var key: String
    var node: YAMLNode
    var expression: Expr?
}

extension StateDecl {
    var firstValue: FirstValue { FirstValue(key: "initial", node: initial, expression: initialExpression) }
}

/// How a state's `initial:` scalar (or an input's `default:`) is read: as the value it writes
/// (`initial: ready`, the text `"ready"`), as an expression over the names it may read when the
/// state starts (a screen's parameters; a row's element and position), or as a slip: a path or
/// an expression whose root is nearly one of those names (`initial: sesion.title` beside a
/// parameter `session`), which would otherwise be the text `"sesion.title"` without a word.
enum InitialReading {
    case value
    case expression(Expr)
    /// The first name nearly one it may read, with where it is written and the "did you mean".
    case misspelt(name: String, range: SpecRange, suggestion: String)

    /// The reading of `value`, the first value of a state or input of type `type`. `readable` are the names
    /// it may read; `declared` tells a name its owner declares that has no value yet then (read
    /// as an expression, so that the checker says why it cannot be read); `readsAsValue` whether
    /// the scalar is a value of the state's type; `didYouMean` the "did you mean" phrase of a
    /// name among candidates, empty when none is near.
    static func of(_ value: FirstValue, _ type: SpecType, readable: Set<String>, declared: (String) -> Bool, readsAsValue: () -> Bool,
                   didYouMean: (String, [String]) -> String) -> InitialReading {
        guard let expr = value.expression, let scalar = value.node.scalar else { return .value }
        // A quoted text is the text itself.
        if type.unwrapped == .string, scalar.style != .plain { return .value }
        let mentioned = Set(expr.referencedNames().map { String($0.prefix { $0 != "." }) })
        if !mentioned.isDisjoint(with: readable) || mentioned.contains(where: declared) {
            // A plain word that names nothing readable and is a value of the type stays the value.
            if case .name(let name) = expr.kind, !readable.contains(name), readsAsValue() { return .value }
            return .expression(expr)
        }
        // `Check(name: "", ok: true)`: a record built as Swift builds it, from literals alone, is
        // the expression it reads as, not data the value reader would refuse as a record.
        if case .construct = expr.kind, !readsAsValue() { return .expression(expr) }
        // A plain word that names nothing stays the value, as the docs promise; a path or an
        // expression from a name nearly a readable one is a slip.
        if case .name = expr.kind { return .value }
        let candidates = readable.sorted()
        for (name, range) in names(in: expr) {
            let suggestion = didYouMean(name, candidates)
            if !suggestion.isEmpty { return .misspelt(name: name, range: range, suggestion: suggestion) }
        }
        return .value
    }

    /// Every plain name in `expr` with where it is written, in the order written.
    static func names(in expr: Expr) -> [(String, SpecRange)] {
        var found: [(String, SpecRange)] = []
        var stack: [Expr] = [expr]
        while let e = stack.popLast() {
            if case .name(let n) = e.kind { found.append((n, e.range)) }
            stack.append(contentsOf: e.children)
        }
        return found.sorted { ($0.1.start.line, $0.1.start.column) < ($1.1.start.line, $1.1.start.column) }
    }

    /// Reports a ``misspelt(name:range:suggestion:)`` reading of `value`, which reads `what`
    /// ("the screen's parameters"), with, for text, the help to quote the text if text was meant.
    static func reportMisspelt(_ name: String, _ range: SpecRange, _ suggestion: String, of value: FirstValue, _ type: SpecType,
                               reading what: String, into diagnostics: inout DiagnosticBag) {
        let text = value.node.scalar?.value ?? ""
        let key = value.key
        diagnostics.error(.unknownName, "unknown name '\(name)'\(suggestion)", at: range,
                          notes: [DiagnosticNote("'\(key):' is an expression when it reads \(what)")],
                          fixIt: type.unwrapped == .string ? "to write the text itself, quote it: '\(key): \"\(text)\"' (a quoted '\(key):' is the text)" : nil)
    }
}

extension InitialReading {
    /// Checks `expr`, the first value `value` of node `node` of type `type` (a state, an input
    /// property, a stream output that holds a value): it may read the parameters and literals
    /// only. `owner` names whose first value it is ("a state's"), `follow` how to follow another
    /// value instead. Its plan, or nil (reported).
    static func check(_ expr: Expr, of value: FirstValue, node: Int, _ type: SpecType, spec: Spec, owner: String, follow: String,
                      cx: inout CheckContext) -> StateInitialPlan? {
        var ok = true
        for (name, range) in names(in: expr) {
            guard let kind = spec.declaredKind(of: name) else { continue }
            cx.diagnostics.error(.noCurrentValue,
                                 "'\(value.key):' is computed once, when the screen starts, from its parameters and literals; '\(name)' is \(kind), which has no value yet then",
                                 at: range, notes: [DiagnosticNote("\(owner) first value may read the screen's 'params:'; to follow another value, \(follow)")])
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
}

extension Spec {
    /// What `name` is when the screen declares it and it is no parameter ("state", "an input"),
    /// for a message about a first value; nil for a parameter or a name the screen does not declare.
    func declaredKind(of name: String) -> String? {
        if inputs.contains(where: { $0.name.value == name }) { return "an input" }
        if state.contains(where: { $0.name.value == name }) { return "state" }
        if outputs.contains(where: { $0.name.value == name }) { return "an output" }
        if actions.contains(where: { $0.name.value == name }) { return "an action" }
        if cells.contains(where: { $0.name.value == name }) { return "a 'cells:' entry" }
        return nil
    }
}
