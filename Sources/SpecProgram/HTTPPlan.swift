/// A service's checked `http:` section: everything an HTTP provider needs to make the request,
/// with names resolved to slots.
///
/// Expressions read slots with ``TypedExpr/node(_:)``: slot `k < parameterNames.count` is the
/// call's argument for ``parameterNames``[k]; slot `parameterNames.count + i` is the environment
/// variable ``environment``[i] (readable only in headers and query, read at call time).
package struct HTTPPlan: Sendable {
    package enum Method: String, Sendable, CaseIterable {
        case get = "GET", post = "POST", put = "PUT", patch = "PATCH", delete = "DELETE"
    }

    /// A piece of the path or URL: text as written, or a `{param}` placeholder (its slot), whose
    /// value is percent-encoded as one path segment.
    package enum URLPart: Sendable, Hashable {
        case text(String)
        case parameter(Int)
    }

    /// `body:` as a JSON value built from expressions.
    package indirect enum Body: Sendable {
        case object([(name: String, value: Body)])
        case array([Body])
        case value(TypedExpr)
    }

    /// The timeout of a request whose `http:` names none: 30 s.
    package static let defaultTimeout = 30_000

    package var method: Method
    package var url: [URLPart]
    /// `https://…` or `http://…`: a full URL; otherwise a path that follows the base URL given
    /// at run time.
    package var isAbsolute: Bool
    package var body: Body?
    package var query: [(name: String, value: TypedExpr)] = []
    package var headers: [(name: String, value: TypedExpr)] = []
    /// Milliseconds from the call to the last byte of the answer.
    package var timeout: Int = HTTPPlan.defaultTimeout
    /// The service's parameters, the first slots (see the type's comment).
    package var parameterNames: [String] = []
    /// The environment variables read, in first-read order, and where each is first read.
    package var environment: [(name: String, range: SpecRange)] = []
    /// Where the service is declared: runtime notes about it point here.
    package var serviceRange: SpecRange
    /// The `http:` section.
    package var range: SpecRange

    package init(method: Method, url: [URLPart], isAbsolute: Bool, serviceRange: SpecRange, range: SpecRange) {
        self.method = method
        self.url = url
        self.isAbsolute = isAbsolute
        self.serviceRange = serviceRange
        self.range = range
    }

    /// The path or URL as written, `{param}` placeholders included, for messages.
    package var target: String {
        url.map { part in
            switch part {
            case .text(let t): return t
            case .parameter(let k): return "{\(parameterNames.indices.contains(k) ? parameterNames[k] : "?")}"
            }
        }.joined()
    }
}
