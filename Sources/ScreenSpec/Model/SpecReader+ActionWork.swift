/// An action's work written as a stream: what RxSwift's `Action { input in … }` factory returns
/// when it is more than a call, `api.sendCode(phone).retry(3)`, `Observable.just(…)`, a timer, a
/// choice between them. The request forms of `flatMapLatest` (``readRequest(_:of:)``), one
/// execution at a time.
extension SpecReader {
    /// Nil when the work is a plain call (`call:` and `with:` alone, read as before); otherwise
    /// the request it is, or `.some(nil)` when that could not be read (and was reported).
    mutating func readStreamWork(_ name: Located<String>, _ node: YAMLNode) -> RequestDecl?? {
        let what = "work"
        if let pairs = node.mapping {
            let keys = pairs.compactMap { $0.key.string }
            guard keys.contains(where: { $0 != "call" && $0 != "with" }) else { return nil }
            if let failures = pairs.first(where: { $0.key.string == "failures" }) {
                diagnostics.error(.unknownKey, "an action's failures always go to '\(name.value).errors', and the action is enabled again; "
                                  + "'failures:' chooses that for a request only", at: failures.key.range, fixIt: "remove 'failures:'")
                return .some(nil)
            }
            if let named = pairs.first(where: { $0.key.string == "as" }) {
                diagnostics.error(.unknownKey, "an action's work reads its input as '$0', and by its trigger's name; 'as:' names a request's element",
                                  at: named.key.range, fixIt: "remove 'as:' and read the input as '$0'")
                return .some(nil)
            }
        } else if !(node.scalar?.style == .plain && ["empty", "never"].contains(node.string ?? "")) {
            return nil
        }
        return .some(readRequest(node, of: what))
    }
}
