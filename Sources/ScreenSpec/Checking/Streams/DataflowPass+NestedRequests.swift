import SpecRuntime

/// A request inside a request's `ops:` (a `then:`'s or an `else:`'s own `ops:` too), as RxSwift
/// nests one `flatMap…` in another's closure: `active.flatMapLatest { $0 ?
/// Observable<Int>.interval(.seconds(5), scheduler: s).flatMapFirst { _ in api.quotes(symbols) }
/// : .empty() }`. It is checked as any request (its `with:` reads the screen's names and `$0`,
/// the inner stream's element; its `ops:` listen to the screen as the outer request's do), and
/// runs in each inner stream of the request around it, disposed with it (the engine's
/// NestedRequests.swift).
extension DataflowPass {
    /// Whether the request `op` may stand where it is, inside a request's `ops:`; else a located
    /// error says why. Requests nest one level, and a nested request's `as:` may not hide the
    /// element the request around it binds (`bound`), which its expressions read.
    mutating func nestedRequestAllowed(_ op: OperatorDecl, bound: (name: String, type: SpecType)?) -> Bool {
        guard requestDepth < 2 else {
            cx.diagnostics.error(.unsupportedInnerOperator, "'\(op.name)' cannot be used here: a request inside a request's 'ops:' runs its own inner streams, "
                                 + "and those hold no request in turn; requests nest one level", at: op.range,
                                 notes: [DiagnosticNote("move it after the request around it, into that request's 'ops:'")])
            return false
        }
        if let bound, let name = op.arguments.request?.elementName {
            cx.diagnostics.error(.unsupportedInnerOperator, "'as: \(name.value)' cannot name the element here: inside the request that binds '\(bound.name)', "
                                 + "a nested request's expressions read '\(bound.name)', and its own element as '$0'", at: name.range,
                                 fixIt: "remove 'as: \(name.value)' and read the element as '$0'")
            return false
        }
        return true
    }
}
