import SpecRuntime

/// A service's `http:` section: the method and URL, `{param}` placeholders, the body, query and
/// headers typed over the service's parameters, `env.NAME` where it may be read, the timeout.
/// The result is the service's ``HTTPPlan``.
extension DeclarationsPass {
    mutating func checkHTTP(_ service: ServiceDecl, _ plan: ServicePlan) -> HTTPPlan? {
        guard let http = service.http else { return nil }
        let before = cx.diagnostics.all.count
        let params = plan.params ?? []
        let failed = self.out.services.failedParams[service.name.value] ?? []
        if !Self.decodable(plan.returns, cx.table) {
            cx.diagnostics.error(.httpReturnType, "service '\(service.name.value)' returns '\(plan.returns)', which a JSON answer cannot be read into",
                              at: service.returns.range,
                              notes: [DiagnosticNote("an 'http:' service returns records, lists, optionals, enums, 'Int', 'Double', 'Bool', 'String' or 'Void'")])
        }
        let method = HTTPPlan.Method.allCases.first { "\($0)" == http.method.value } ?? .get
        var request = HTTPPlan(method: method, url: [], isAbsolute: false, serviceRange: service.name.range, range: http.range)
        request.parameterNames = params.map(\.name)
        checkTarget(http.target, service: service.name.value, params, failed, into: &request)

        var environment: [(name: String, range: SpecRange)] = []
        if let body = http.body {
            if method == .get {
                cx.diagnostics.error(.bodyNotAllowed, "a 'get' request has no body", at: body.range,
                                  notes: [DiagnosticNote("send the values in 'query:', or use 'post:'")])
            } else {
                request.body = checkBody(body, service: service.name.value, params, failed, &environment)
            }
        }
        for (name, value) in http.query {
            let rewritten = Self.readingEnvironment(value, allowed: true, &environment, &cx.diagnostics)
            guard let typed = checkHTTPExpression(rewritten, service: service.name.value, params, failed, environment) else { continue }
            guard Self.queryable(typed.type) else {
                cx.diagnostics.error(.typeMismatch, "the query value '\(name.value)' is '\(typed.type)'; a query value is text, a number, a 'Bool', an enum, an optional or a list of these",
                                  at: value.range)
                continue
            }
            request.query.append((name.value, typed.expr))
        }
        for (name, value) in http.headers {
            if !Self.isToken(name.value) {
                cx.diagnostics.error(.invalidHeader, "'\(name.value)' is not a header name; use letters, digits and '-'", at: name.range)
                continue
            }
            let rewritten = Self.readingEnvironment(value, allowed: true, &environment, &cx.diagnostics)
            guard let typed = checkHTTPExpression(rewritten, service: service.name.value, params, failed, environment) else { continue }
            request.headers.append((name.value, typed.expr))
        }
        request.environment = environment
        if let timeout = http.timeout {
            if timeout.value <= 0 {
                cx.diagnostics.error(.invalidTimeout, "'timeout:' must be longer than 0ms", at: timeout.range, fixIt: "write a timeout such as '5s'")
            } else {
                request.timeout = timeout.value
            }
        }
        return cx.diagnostics.all.count == before ? request : nil
    }

    /// `/items/{id}` or `https://api.example.com/items/{id}`: text and placeholders.
    private mutating func checkTarget(_ target: ExpressionSource, service: String, _ params: [(name: String, type: SpecType)], _ failed: Set<String>,
                                      into out: inout HTTPPlan) {
        let scalars = Array(target.text.unicodeScalars)
        let text = target.text
        let lower = text.lowercased()
        if lower.hasPrefix("http://") || lower.hasPrefix("https://") {
            out.isAbsolute = true
            let afterScheme = text.drop(while: { $0 != ":" }).dropFirst(3)
            if afterScheme.isEmpty || afterScheme.hasPrefix("/") || afterScheme.hasPrefix("{") {
                cx.diagnostics.error(.invalidUrl, "'\(text)' has no host", at: target.range,
                                  notes: [DiagnosticNote("write a full URL such as 'https://api.example.com/items', or a path such as '/items' that follows the base URL")])
                return
            }
        } else if !text.hasPrefix("/") {
            let scheme = text.firstIndex(of: ":").map { String(text[..<$0]) }
            let reason = scheme.map { "'\($0):' is not a scheme an HTTP service calls" } ?? "a path starts with '/'"
            cx.diagnostics.error(.invalidUrl, "'\(text)' is neither a path nor a full URL: \(reason)", at: target.range,
                              notes: [DiagnosticNote("write a path such as '/items' (it follows the base URL given at run time), or a full URL starting with 'https://' or 'http://'")])
            return
        }
        var parts: [HTTPPlan.URLPart] = []
        var literal = String.UnicodeScalarView()
        var i = 0
        while i < scalars.count {
            let c = scalars[i]
            if c.properties.isWhitespace || c.value < 0x20 || c == "\"" || c == "<" || c == ">" || c == "\\" || c == "`" {
                cx.diagnostics.error(.invalidUrl, "a URL cannot contain \(c == " " ? "a space" : "'\(c.escaped(asASCII: true))'"); percent-encode it",
                                  at: target.range(i, i + 1))
                return
            }
            if c == "}" {
                cx.diagnostics.error(.invalidUrl, "'}' closes no '{' in the URL; a placeholder is written '{param}'", at: target.range(i, i + 1))
                return
            }
            guard c == "{" else {
                literal.append(c)
                i += 1
                continue
            }
            guard let close = scalars[i...].firstIndex(of: "}") else {
                cx.diagnostics.error(.invalidUrl, "'{' opens a placeholder that is not closed; write '{param}'", at: target.range(i, scalars.count))
                return
            }
            let name = String(String.UnicodeScalarView(scalars[(i + 1)..<close]))
            let range = target.range(i + 1, max(close, i + 2))
            if let k = params.firstIndex(where: { $0.name == name }) {
                if !literal.isEmpty { parts.append(.text(String(literal))) }
                literal = String.UnicodeScalarView()
                parts.append(.parameter(k))
                if !Self.queryable(params[k].type) || params[k].type.isListLike {
                    cx.diagnostics.error(.typeMismatch, "placeholder '{\(name)}' is '\(params[k].type)'; a path takes text, a number, a 'Bool' or an enum", at: range)
                }
            } else if !failed.contains(name) {
                cx.diagnostics.error(.unknownArgument, "service '\(service)' has no parameter '\(name)'\(cx.diagnostics.didYouMean(name, in: params.map(\.name)))",
                                  at: range, notes: [DiagnosticNote(params.isEmpty ? "it declares no 'params:'"
                                      : "its parameters are " + params.map { "'\($0.name): \($0.type)'" }.joined(separator: ", "))])
            }
            i = close + 1
        }
        if !literal.isEmpty { parts.append(.text(String(literal))) }
        out.url = parts
    }

    private mutating func checkBody(_ body: HTTPBodyDecl, service: String, _ params: [(name: String, type: SpecType)], _ failed: Set<String>,
                                    _ environment: inout [(name: String, range: SpecRange)]) -> HTTPPlan.Body? {
        switch body {
        case .object(let fields, _):
            var out: [(name: String, value: HTTPPlan.Body)] = []
            var ok = true
            for (name, value) in fields {
                if out.contains(where: { $0.name == name.value }) {
                    cx.diagnostics.error(.duplicateName, "key '\(name.value)' is given twice in the body", at: name.range)
                    ok = false
                    continue
                }
                if let v = checkBody(value, service: service, params, failed, &environment) { out.append((name.value, v)) } else { ok = false }
            }
            return ok ? .object(out) : nil
        case .array(let items, _):
            let checked = items.map { checkBody($0, service: service, params, failed, &environment) }
            return checked.contains { $0 == nil } ? nil : .array(checked.compactMap { $0 })
        case .expression(let expr):
            let rewritten = Self.readingEnvironment(expr, allowed: false, &environment, &cx.diagnostics)
            guard let typed = checkHTTPExpression(rewritten, service: service, params, failed, environment) else { return nil }
            if typed.type == .error || typed.type == .navigation {
                cx.diagnostics.error(.typeMismatch, "a body value is '\(typed.type)', which has no JSON form", at: expr.range)
                return nil
            }
            return .value(typed.expr)
        }
    }

    /// Types one expression over the service's parameters (slots) and the environment read so far.
    private mutating func checkHTTPExpression(_ expr: Expr, service: String, _ params: [(name: String, type: SpecType)], _ failed: Set<String>,
                                              _ environment: [(name: String, range: SpecRange)]) -> (expr: TypedExpr, type: SpecType)? {
        var slots: [String: Symbol] = [:]
        for (k, p) in params.enumerated() { slots[p.name] = Symbol(node: k, type: p.type, hasCurrentValue: true, what: "parameter") }
        for (i, e) in environment.enumerated() {
            slots["env." + e.name] = Symbol(node: params.count + i, type: .string, hasCurrentValue: true, what: "environment variable")
        }
        var checker = ExpressionChecker(symbols: slots, table: cx.table, diagnostics: cx.diagnostics)
        checker.poisoned = failed
        checker.clockReadable = false
        let typed = checker.infer(expr)
        cx.diagnostics = checker.diagnostics
        return typed
    }

    /// Replaces each `env.NAME` with the name `env.NAME` (a slot after the parameters), recording
    /// it; where `allowed` is false (a body), each is an error.
    static func readingEnvironment(_ expr: Expr, allowed: Bool, _ environment: inout [(name: String, range: SpecRange)],
                                   _ diagnostics: inout DiagnosticBag) -> Expr {
        func walk(_ e: Expr) -> Expr {
            var copy = e
            switch e.kind {
            case .member(let base, let name, _, _):
                if case .name("env") = base.kind {
                    guard allowed else {
                        diagnostics.error(.envOutsideHeaders, "'env.\(name)' can only be read in the 'headers:' and 'query:' of 'http:'", at: e.range,
                                          notes: [DiagnosticNote("an environment variable holds a secret such as a token: it is sent in a header or the query, never in a body")])
                        return Expr(.invalid, e.range)
                    }
                    if !environment.contains(where: { $0.name == name }) { environment.append((name, e.range)) }
                    copy.kind = .name("env." + name)
                    return copy
                }
                if case .member(let b, let n, let o, let r) = e.kind { copy.kind = .member(walk(b), n, optional: o, nameRange: r) }
            case .interpolation(let parts):
                copy.kind = .interpolation(parts.map { if case .expr(let x) = $0 { .expr(walk(x)) } else { $0 } })
            case .construct(let callee, let arguments):
                copy.kind = .construct(callee, arguments.map { LabeledExpr(label: $0.label, labelRange: $0.labelRange, value: walk($0.value)) })
            case .unary(let op, let x): copy.kind = .unary(op, walk(x))
            case .binary(let op, let a, let b): copy.kind = .binary(op, walk(a), walk(b))
            case .ternary(let a, let b, let c): copy.kind = .ternary(walk(a), walk(b), walk(c))
            case .call(let callee, let arguments): copy.kind = .call(walk(callee), arguments.map(walk))
            case .closure(let body, let parameters): copy.kind = .closure(walk(body), parameters: parameters)
            case .list(let items): copy.kind = .list(items.map(walk))
            default: break
            }
            return copy
        }
        return walk(expr)
    }

    /// What a JSON answer can be read into.
    static func decodable(_ type: SpecType, _ table: TypeTable) -> Bool {
        switch type {
        case .void, .bool, .int, .double, .string, .enumeration: return true
        case .optional(let t), .list(let t): return decodable(t, table)
        case .record(let name): return (table.records[name] ?? []).allSatisfy { decodable($0.type, table) }
        case .error, .navigation, .color: return false
        }
    }

    /// What a query value or a path placeholder can be written as.
    static func queryable(_ type: SpecType) -> Bool {
        switch type {
        case .bool, .int, .double, .string, .enumeration: return true
        case .optional(let t), .list(let t): return queryable(t)
        default: return false
        }
    }

    /// An HTTP header name (RFC 9110 token).
    static func isToken(_ name: String) -> Bool {
        !name.isEmpty && name.unicodeScalars.allSatisfy { c in
            c.isASCII && (c.properties.isAlphabetic || ("0"..."9").contains(c) || "!#$%&'*+-.^_`|~".unicodeScalars.contains(c))
        }
    }
}

extension SpecType {
    /// A list, or an optional list.
    var isListLike: Bool {
        if case .list = unwrapped { return true }
        return false
    }
}
