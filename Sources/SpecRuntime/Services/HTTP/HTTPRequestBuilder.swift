@_spi(Engine) import SpecProgram

/// One request, ready to send: an `http:` plan evaluated with a call's arguments and the
/// environment. ``secrets`` are the environment values it carries, which no output may show.
struct PreparedRequest: Sendable {
    var method: String
    var url: String
    var headers: [(name: String, value: String)]
    var body: [UInt8]?
    var secrets: [String]
    /// `POST /subscriptions/{list}`: how messages name the request, without any value in it.
    var label: String
}

/// Evaluates an ``HTTPPlan``: `{param}` placeholders percent-encoded as one path segment, the
/// query (nil leaves an item out, a list repeats it), header templates, the JSON body.
struct HTTPRequestBuilder {
    let plan: HTTPPlan
    /// Where a path goes: `http://127.0.0.1:8080` or `https://api.example.com/v1`.
    let baseURL: String?
    let environment: [String: String]

    struct Failure: Error {
        var reason: String
    }

    func build(names: [String], arguments: [Value]) throws(Failure) -> PreparedRequest {
        let label = "\(plan.method.rawValue) \(plan.target)"
        var slots: [Value] = plan.parameterNames.map { name in names.firstIndex(of: name).map { arguments[$0] } ?? .none }
        var secrets: [String] = []
        for variable in plan.environment {
            guard let value = environment[variable.name] else {
                throw Failure(reason: "\(label): the environment variable '\(variable.name)' is not set")
            }
            slots.append(.string(value))
            if !value.isEmpty { secrets.append(value) }
        }
        let context = EvalContext(values: slots, names: plan.parameterNames + plan.environment.map { "env." + $0.name })
        func evaluate(_ expr: TypedExpr, _ what: String) throws(Failure) -> Value {
            do { return try ExpressionCompiler.compile(expr)(context) } catch {
                throw Failure(reason: "\(label): \(what) failed: \(error.message)")
            }
        }

        var url = ""
        if !plan.isAbsolute {
            guard let baseURL, !baseURL.isEmpty else {
                throw Failure(reason: "\(label): the path needs a base URL ('--base-url http://127.0.0.1:8080')")
            }
            url = baseURL.hasSuffix("/") ? String(baseURL.dropLast()) : baseURL
        }
        for part in plan.url {
            switch part {
            case .text(let t): url += t
            case .parameter(let k):
                guard case let text? = Self.text(slots[k]) else {
                    throw Failure(reason: "\(label): the path parameter '\(plan.parameterNames[k])' is nil")
                }
                url += Self.percentEncoded(text)
            }
        }
        var items: [String] = []
        for (name, expr) in plan.query {
            let value = try evaluate(expr, "the query value '\(name)'")
            let values: [Value] = if case .list(let list) = value { list } else { [value] }
            for v in values {
                guard let text = Self.text(v) else { continue }
                items.append(Self.percentEncoded(name) + "=" + Self.percentEncoded(text))
            }
        }
        if !items.isEmpty { url += (url.contains("?") ? "&" : "?") + items.joined(separator: "&") }

        var headers: [(name: String, value: String)] = [("Accept", "application/json")]
        for (name, expr) in plan.headers {
            let value = try evaluate(expr, "the header '\(name)'")
            guard let text = Self.text(value) else { continue }
            guard !text.unicodeScalars.contains(where: { $0 == "\r" || $0 == "\n" || $0 == "\0" }) else {
                throw Failure(reason: "\(label): the header '\(name)' holds a line break")
            }
            headers.removeAll { $0.name.lowercased() == name.lowercased() }
            headers.append((name, text))
        }
        var body: [UInt8]?
        if let plannedBody = plan.body {
            var json = ""
            try encode(plannedBody, into: &json, evaluate)
            body = Array(json.utf8)
            if !headers.contains(where: { $0.name.lowercased() == "content-type" }) { headers.append(("Content-Type", "application/json")) }
        }
        return PreparedRequest(method: plan.method.rawValue, url: url, headers: headers, body: body, secrets: secrets, label: label)
    }

    private func encode(_ body: HTTPPlan.Body, into out: inout String, _ evaluate: (TypedExpr, String) throws(Failure) -> Value) throws(Failure) {
        switch body {
        case .object(let fields):
            out += "{"
            for (k, field) in fields.enumerated() {
                if k > 0 { out += "," }
                ValueFormatter.quote(field.name, into: &out)
                out += ":"
                try encode(field.value, into: &out, evaluate)
            }
            out += "}"
        case .array(let items):
            out += "["
            for (k, item) in items.enumerated() {
                if k > 0 { out += "," }
                try encode(item, into: &out, evaluate)
            }
            out += "]"
        case .value(let expr):
            ValueFormatter.json(try evaluate(expr, "the body"), into: &out)
        }
    }

    /// A value as it is written in a path or a query; nil for `nil`.
    static func text(_ value: Value) -> String? {
        switch value {
        case .none: return nil
        case .string(let s): return s
        case .int(let n): return String(n)
        case .double(let d): return ValueFormatter.formatDouble(d)
        case .bool(let b): return b ? "true" : "false"
        case .enumCase(let e): return e.caseName
        default: return ValueFormatter.text(value)
        }
    }

    /// Everything but RFC 3986's unreserved characters percent-encoded.
    static func percentEncoded(_ text: String) -> String {
        var out = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                out += "%" + (hex.count == 1 ? "0" : "") + hex
            }
        }
        return out
    }
}
