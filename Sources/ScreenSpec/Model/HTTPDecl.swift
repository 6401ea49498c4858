import SpecRuntime

/// A service's `http:` section, as written: how `specrun run --live` and an embedder's HTTP
/// provider call the real backend instead of the fake (which scenarios keep using).
///
/// ```yaml
/// http:
///   post: /subscriptions/{list}             # get|post|put|patch|delete: a path or a full URL
///   body: { address: address }              # JSON built from the params
///   query: { source: '"app"' }              # expressions over the params (and env.NAME)
///   headers: { Authorization: 'Bearer \(env.TOKEN)' }   # text with \( ) interpolations
///   timeout: 5s
/// ```
package struct HTTPDecl: Sendable {
    /// The method key as written (`get`, `post` ...).
    package var method: Located<String>
    /// The path or URL as written, `{param}` placeholders included (with where each character
    /// stands, to locate a mistake inside it).
    package var target: ExpressionSource
    package var body: HTTPBodyDecl?
    /// `query:` names and their expressions, in order.
    package var query: [(name: Located<String>, value: Expr)] = []
    /// `headers:` names and their templates (text with `\( )`), in order.
    package var headers: [(name: Located<String>, value: Expr)] = []
    package var timeout: Located<Int>?
    package var range: SpecRange
}

/// `body:`: a JSON value built from expressions. A mapping is an object, a list an array, a
/// scalar an expression whose value is encoded as JSON.
package indirect enum HTTPBodyDecl: Sendable {
    case object([(name: Located<String>, value: HTTPBodyDecl)], SpecRange)
    case array([HTTPBodyDecl], SpecRange)
    case expression(Expr)

    package var range: SpecRange {
        switch self {
        case .object(_, let r), .array(_, let r): return r
        case .expression(let e): return e.range
        }
    }
}
