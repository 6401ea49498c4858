/// `handlers:` entries, the screen's and a row view model's: `on:`, `if:` and `set:`.
extension SpecReader {
    /// A handler.
    mutating func readHandler(_ node: YAMLNode) -> HandlerDecl? {
        guard let f = fields(node, of: "a handler", allowed: ["on", "if", "set"]) else { return nil }
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
