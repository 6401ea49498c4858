import SpecRuntime

/// Reading a service's `http:` section (see ``HTTPDecl``). Types, names and URLs are checked
/// later (`DeclarationsPass+HTTP.swift`); here only the shape.
extension SpecReader {
    static let httpMethods = ["get", "post", "put", "patch", "delete"]

    mutating func readHTTP(_ node: YAMLNode, service: String) -> HTTPDecl? {
        let keys = Self.httpMethods + ["body", "query", "headers", "timeout"]
        guard let f = fields(node, of: "the 'http:' of service '\(service)'", allowed: keys) else { return nil }
        let methods = Self.httpMethods.filter { f[$0] != nil }
        guard let methodKey = methods.first else {
            diagnostics.error(.missingKey, "the 'http:' of service '\(service)' needs a method and a path, such as 'get: /items' or 'post: /items'",
                              at: node.range, notes: [DiagnosticNote("the methods are " + Self.httpMethods.map { "'\($0)'" }.joined(separator: ", "))])
            return nil
        }
        if methods.count > 1 {
            diagnostics.error(.conflictingKeys, "the 'http:' of service '\(service)' takes one method, found " + methods.map { "'\($0)'" }.joined(separator: " and "),
                              at: node.range)
            return nil
        }
        guard let targetNode = f[methodKey], let target = targetNode.string, !targetNode.isNull, !target.isEmpty else {
            diagnostics.error(.expectedUrl, "'\(methodKey):' needs a path such as '/items/{id}' or a full URL such as 'https://api.example.com/items'",
                              at: f[methodKey]?.range ?? node.range)
            return nil
        }
        let methodRange = node.mapping?.first(where: { $0.0.string == methodKey })?.0.range ?? targetNode.range
        var decl = HTTPDecl(method: Located(methodKey, methodRange), target: ExpressionSource(node: targetNode, source: source), range: node.range)
        if let b = f["body"] { decl.body = readBody(b) }
        if let q = f["query"] {
            for (name, value) in httpEntries(q, of: "query") {
                if let e = expression(value) { decl.query.append((name, e)) }
            }
        }
        if let h = f["headers"] {
            for (name, value) in httpEntries(h, of: "headers") {
                guard value.string != nil, !value.isNull, value.scalar != nil else {
                    diagnostics.error(.typeMismatch, "a header is text such as 'Bearer \\(env.TOKEN)', found \(value.kindName)", at: value.range)
                    continue
                }
                decl.headers.append((name, TemplateParser.parse(ExpressionSource(node: value, source: source), diagnostics: &diagnostics)))
            }
        }
        if let t = f["timeout"] { decl.timeout = duration(t) }
        return decl
    }

    /// A JSON value from expressions: mappings are objects, lists arrays, scalars expressions.
    private mutating func readBody(_ node: YAMLNode, depth: Int = 0) -> HTTPBodyDecl? {
        if let pairs = node.mapping {
            var fields: [(name: Located<String>, value: HTTPBodyDecl)] = []
            for (key, value) in pairs {
                guard let name = key.string, !key.isNull else {
                    diagnostics.error(.expectedKey, "a key of a JSON body is text, found \(key.kindName)", at: key.range)
                    continue
                }
                if let v = readBody(value, depth: depth + 1) { fields.append((Located(name, key.range), v)) }
            }
            return .object(fields, node.range)
        }
        if let items = node.sequence {
            return .array(items.compactMap { readBody($0, depth: depth + 1) }, node.range)
        }
        return expression(node).map { .expression($0) }
    }

    /// `query:` and `headers:` entries: any text as the name (`X-Request-Id`), in order.
    private mutating func httpEntries(_ node: YAMLNode, of what: String) -> [(Located<String>, YAMLNode)] {
        if node.isNull { return [] }
        guard let pairs = node.mapping else {
            diagnostics.error(.expectedMapping, "'\(what):' must be a mapping of names to values, found \(node.kindName)", at: node.range)
            return []
        }
        var out: [(Located<String>, YAMLNode)] = []
        for (key, value) in pairs {
            guard let name = key.string, !key.isNull, !name.isEmpty else {
                diagnostics.error(.expectedKey, "a name in '\(what):' is text, found \(key.kindName)", at: key.range)
                continue
            }
            out.append((Located(name, key.range), value))
        }
        return out
    }
}
