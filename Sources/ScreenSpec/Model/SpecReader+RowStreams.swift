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
}
