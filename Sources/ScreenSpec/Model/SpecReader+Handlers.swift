/// `handlers:` entries, the screen's and a row view model's: `on:`, `set:` and, for the screen's,
/// `if:`.
extension SpecReader {
    /// A handler; `if:` only where `conditional` (a screen's handlers, not a row's).
    mutating func readHandler(_ node: YAMLNode, conditional: Bool = false) -> HandlerDecl? {
        guard let f = fields(node, of: "a handler", allowed: conditional ? ["on", "if", "set"] : ["on", "set"]) else { return nil }
        guard let onNode = f["on"], let on = identifier(onNode, what: "event name", allowDots: true), let setNode = f["set"] else {
            if f["on"] == nil || f["set"] == nil {
                diagnostics.error(.missingKey, "a handler needs 'on:' (an event) and 'set:' (state to expressions)", at: node.range)
            }
            return nil
        }
        var assignments: [(target: Located<String>, value: Expr)] = []
        for (target, value) in entries(setNode, of: "set") {
            if let e = expression(value) { assignments.append((target, e)) }
        }
        var handler = HandlerDecl(on: on, assignments: assignments, range: node.range)
        if let condition = f["if"] { handler.condition = expression(condition) }
        return handler
    }
}
