/// A runtime value. Bool, Int and Double are stored inline, so passing them never allocates.
public enum Value: Hashable, Sendable, CustomStringConvertible {
    case void
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    /// `nil` of any optional type.
    case none
    case list([Value])
    indirect case record(RecordValue)
    indirect case enumCase(EnumValue)
    indirect case error(ErrorValue)
    indirect case navigation(NavigationValue)
    indirect case color(ColorValue)

    /// The value as the timeline prints it: `"text"`, `3`, `[1, 2]`, `Repo(name: "x")`, `http(503)`.
    public var description: String { ValueFormatter.text(self) }

    /// The Bool inside, false for any other value.
    public var boolValue: Bool {
        if case .bool(let b) = self { return b }
        return false
    }
}

/// A value of a record type declared under `types:`: its fields in declaration order.
public struct RecordValue: Hashable, Sendable {
    /// The record type's name.
    public var type: String
    /// The field names, in declaration order.
    public var fieldNames: [String]
    /// The field values, in the order of ``fieldNames``.
    public var fields: [Value]

    /// A record of `type` with `fields` named `fieldNames`.
    public init(type: String, fieldNames: [String], fields: [Value]) {
        self.type = type
        self.fieldNames = fieldNames
        self.fields = fields
    }

    /// Equal when the type and the field values are; the names follow from the type.
    public static func == (a: RecordValue, b: RecordValue) -> Bool { a.type == b.type && a.fields == b.fields }

    /// Hashes the type and the field values, as ``==`` compares them.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(type)
        hasher.combine(fields)
    }
}

/// A case of an enum declared under `types:`.
public struct EnumValue: Hashable, Sendable {
    /// The enum type's name.
    public var type: String
    /// The case's name.
    public var caseName: String

    /// The case `caseName` of `type`.
    public init(type: String, caseName: String) {
        self.type = type
        self.caseName = caseName
    }
}

/// A typed failure, as the seeds' `APIError` and the `Action` library's `ActionError`.
public struct ErrorValue: Hashable, Sendable {
    /// The kind as a spec writes it (`notEnabled`, `unknown`, `http`, `decode`, …): a string, so
    /// that a new kind is no source break for an embedder.
    public var kindName: String { kind.rawValue }

    package enum Kind: String, Sendable, CaseIterable {
        /// The action was triggered while disabled (`ActionError.notEnabled`).
        case notEnabled
        case unknown
        case http
        case decode
        /// An expression failed at run time (overflow, division by zero).
        case evaluation
        /// No element came in time (`timeout:`, RxSwift's `RxError.timeout`).
        case timeout
    }

    package var kind: Kind
    /// The status of an `http` failure.
    public var status: Int?
    /// The message of `decode` and `unknown` (why), nil for the others.
    public var message: String?
    /// The response's body decoded as the type the service's `errorBody:` gives for this status
    /// (a record declared under `types:`); nil when the failure has no body, the service declares
    /// no type for it, or the body did not decode as that type.
    public var body: Value?

    package init(_ kind: Kind, status: Int? = nil, message: String? = nil, body: Value? = nil) {
        self.kind = kind
        self.status = status
        self.message = message
        self.body = body
    }

    /// Whether `self` and `other` are the same failure as an expression's `==` asks it: the same
    /// kind and status, and for `evaluation` the same message. A backend's message (why it
    /// failed) and the body do not count, so `error == .http(422)` holds for every 422.
    package func isSameFailure(as other: ErrorValue) -> Bool {
        kind == other.kind && status == other.status && (kind != .evaluation || message == other.message)
    }

    /// The name of the built-in enum that `error.kind` reads as.
    package static let kindTypeName = "ErrorKind"

    /// The statuses an `http` failure may have.
    package static let httpStatuses = 100...999

    /// What `error.message` reads in an expression: the message the failure carries, else a
    /// sentence for its kind.
    package var messageText: String {
        if let message { return message }
        switch kind {
        case .notEnabled: return "the action is not enabled"
        case .unknown: return "unknown error"
        case .http: return "HTTP status \(status ?? 0)"
        case .decode: return "the response could not be decoded"
        case .evaluation: return "an expression failed"
        case .timeout: return "no element came in time"
        }
    }
}

/// A request to open the screen `screen` with its parameters.
public struct NavigationValue: Hashable, Sendable {
    /// The screen the navigation opens (its `screen:` name).
    public var screen: String
    /// The names of the parameters passed, in the order of ``params``.
    public var paramNames: [String]
    /// The parameters' values.
    public var params: [Value]

    /// A request to open `screen` with `params` named `paramNames`.
    public init(screen: String, paramNames: [String], params: [Value]) {
        self.screen = screen
        self.paramNames = paramNames
        self.params = params
    }
}

/// Renders values for timelines (text) and for `--format json`.
package enum ValueFormatter {
    package static func text(_ value: Value) -> String {
        var out = ""
        text(value, into: &out)
        return out
    }

    private static func text(_ value: Value, into out: inout String) {
        switch value {
        case .void: out += "()"
        case .bool(let b): out += b ? "true" : "false"
        case .int(let i): out += String(i)
        case .double(let d): out += formatDouble(d)
        case .string(let s): quote(s, into: &out)
        case .none: out += "nil"
        case .list(let items):
            out += "["
            for (i, item) in items.enumerated() {
                if i > 0 { out += ", " }
                text(item, into: &out)
            }
            out += "]"
        case .record(let r):
            out += r.type + "("
            var first = true
            for i in r.fields.indices {
                // A view model used by itself keeps its instance in a field no spec names (`$instance`).
                if r.fieldNames[i].hasPrefix("$") { continue }
                if !first { out += ", " }
                first = false
                out += r.fieldNames[i] + ": "
                text(r.fields[i], into: &out)
            }
            out += ")"
        case .enumCase(let e): out += "." + e.caseName
        case .error(let e):
            switch e.kind {
            case .http:
                out += "http(\(e.status ?? 0)"
                // The body its service's `errorBody:` decoded, so a timeline shows what a handler reads.
                if let body = e.body {
                    out += ", body: "
                    text(body, into: &out)
                }
                out += ")"
            case .evaluation: out += "evaluation(\(e.message ?? ""))"
            default: out += e.kind.rawValue
            }
        case .color(let c): out += c.text
        case .navigation(let n):
            out += "→ " + n.screen + "("
            for i in n.params.indices {
                if i > 0 { out += ", " }
                out += n.paramNames[i] + ": "
                text(n.params[i], into: &out)
            }
            out += ")"
        }
    }

    /// Shortest round-tripping form, always with a decimal point or exponent.
    package static func formatDouble(_ d: Double) -> String {
        if d.isNaN { return "nan" }
        if d.isInfinite { return d < 0 ? "-inf" : "inf" }
        let s = "\(d)"
        return s
    }

    /// A JSON string literal, escaping what JSON requires and what a terminal could act on
    /// (DEL, C1 controls, bidirectional overrides: see `TerminalText`), so that a timeline or
    /// JSON line printed on a terminal shows the value instead of obeying it.
    package static func quote(_ s: String, into out: inout String) {
        out += "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if TerminalText.isUnsafe(scalar) {
                    TerminalText.appendEscape(scalar, to: &out)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
    }

    package static func json(_ value: Value) -> String {
        var out = ""
        json(value, into: &out)
        return out
    }

    package static func json(_ value: Value, into out: inout String) {
        switch value {
        case .void, .none: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .int(let i): out += String(i)
        case .double(let d): out += d.isFinite ? formatDouble(d) : "null"
        case .string(let s): quote(s, into: &out)
        case .list(let items):
            out += "["
            for (i, item) in items.enumerated() {
                if i > 0 { out += "," }
                json(item, into: &out)
            }
            out += "]"
        case .record(let r):
            object(r.fieldNames, r.fields, into: &out)
        case .enumCase(let e): quote(e.caseName, into: &out)
        case .error(let e):
            out += "{\"error\":"
            quote(e.kind.rawValue, into: &out)
            if let status = e.status { out += ",\"status\":\(status)" }
            if let message = e.message {
                out += ",\"message\":"
                quote(message, into: &out)
            }
            if let body = e.body {
                out += ",\"body\":"
                json(body, into: &out)
            }
            out += "}"
        case .color(let c): out += c.json
        case .navigation(let n):
            out += "{\"screen\":"
            quote(n.screen, into: &out)
            out += ",\"params\":"
            object(n.paramNames, n.params, into: &out)
            out += "}"
        }
    }

    private static func object(_ names: [String], _ values: [Value], into out: inout String) {
        out += "{"
        for i in values.indices {
            if i > 0 { out += "," }
            quote(names[i], into: &out)
            out += ":"
            json(values[i], into: &out)
        }
        out += "}"
    }
}

// Codable is synthesised here, in the types' own file (Swift requires it): the JSON of a
// compiled spec (see `CompiledSpec`).
extension Value: Codable {}
extension EnumValue: Codable {}
extension ErrorValue: Codable {}
extension ErrorValue.Kind: Codable {}

// A record or a navigation pairs two arrays by position, and the formatters index one by the
// other: decoding refuses a value whose counts differ, so a compiled spec cannot hold one.
extension RecordValue: Codable {
    private enum CodingKeys: String, CodingKey { case type, fieldNames, fields }

    /// Decodes a record, refusing one with a different number of field names and fields.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(type: try c.decode(String.self, forKey: .type), fieldNames: try c.decode([String].self, forKey: .fieldNames),
                  fields: try c.decode([Value].self, forKey: .fields))
        guard fieldNames.count == fields.count else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath,
                debugDescription: "a '\(type)' record with \(fields.count) fields for \(fieldNames.count) field names"))
        }
    }
}

extension NavigationValue: Codable {
    private enum CodingKeys: String, CodingKey { case screen, paramNames, params }

    /// Decodes a navigation, refusing one with a different number of parameter names and values.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(screen: try c.decode(String.self, forKey: .screen), paramNames: try c.decode([String].self, forKey: .paramNames),
                  params: try c.decode([Value].self, forKey: .params))
        guard paramNames.count == params.count else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath,
                debugDescription: "a navigation to '\(screen)' with \(params.count) parameters for \(paramNames.count) parameter names"))
        }
    }
}
