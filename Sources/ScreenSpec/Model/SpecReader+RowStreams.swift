import SpecRuntime

/// A view model's stream output (`lookup: { stream: postcode, ops: [ { debounce: 300ms } ] }`, a
/// `timer:` or an `interval:`), read as a screen's stream output is; a row's stream holds no
/// `initial:` (each row's starts with `startWith`) and opens no screen.
extension SpecReader {
    mutating func readRowStream(_ name: Located<String>, _ node: YAMLNode) -> StreamDecl? {
        if let mapping = node.mapping {
            for (key, value) in mapping where key.string == "initial" || key.string == "navigate" || key.string == "on" {
                let fix = key.string == "initial" ? "start each row's stream with '- startWith: …' in its 'ops:'"
                    : "navigate from a stream of the screen on '<cells>.\(name.value)'"
                diagnostics.error(.unknownKey, "'\(key.string ?? "")' is not a key of a row's stream output '\(name.value)'; a row's stream takes "
                                  + "'stream:' (one of the row's inputs), 'timer:' or 'interval:', with 'ops:'",
                                  at: value.range, fixIt: fix)
                return nil
            }
        }
        guard let output = readStreamOutput(name, node), case .stream(let stream) = output.kind else { return nil }
        return stream
    }

    /// A row's output written `{ value: … }`. `every:` recomputes a screen's output only: a row's
    /// output is computed again when what it reads changes, so it reads a screen output that ticks.
    mutating func readRowValue(_ name: Located<String>, _ node: YAMLNode) -> Expr? {
        guard let f = fields(node, of: "output '\(name.value)'", allowed: ["value", "every"]), let value = f["value"] else { return nil }
        if let every = f["every"] {
            diagnostics.error(.unknownKey, "'every:' computes a screen's output again at each tick; a row's output '\(name.value)' is computed again "
                              + "when what it reads changes", at: every.range,
                              notes: [DiagnosticNote("give the screen an output that ticks, as 'clock: { value: now, every: \(every.string ?? "1s") }', and pass it to the row in 'with:'")],
                              fixIt: "read a parameter the screen gives from its output with 'every:'")
            return nil
        }
        return expression(value)
    }
}
