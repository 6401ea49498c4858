import Foundation

/// `Codable` in and out of spec values, through JSON: a spec's records are JSON objects with
/// their fields by name, enums their case names, lists arrays, `nil` and `()` null — the shapes
/// a Swift `Codable` struct with the same field names takes.
extension Value {
    /// A value of the spec type `type` made from any `Encodable` (a struct whose properties are the
    /// record's fields, a `String` for an enum case). Throws ``ServiceFailure/decode(_:)`` with the
    /// reason when it does not fit `type`; `path` names the value in that reason (`the answer`
    /// for a provider's, `the value` for an input's).
    package init<T: Encodable>(encoding value: T, as type: SpecType, types: TypeTable, path: String = "the answer") throws(ServiceFailure) {
        let data: Data
        do {
            data = try JSONEncoder().encode(value)
        } catch {
            throw ServiceFailure.decode("\(T.self) could not be encoded: \(error)")
        }
        self = try Value(json: data, as: type, types: types, path: path)
    }

    /// A value of the spec type `type` read from a JSON document (a backend's answer): objects
    /// become records by field name (a missing optional field is nil, unknown fields are
    /// ignored), strings become enum cases by name, an integral number fits `Int` or `Double`, and
    /// `Void` takes any document. Throws ``ServiceFailure/decode(_:)`` with the reason otherwise.
    package init(json data: Data, as type: SpecType, types: TypeTable, path: String = "the answer") throws(ServiceFailure) {
        guard type != .void else {
            self = .void
            return
        }
        let tree: JSONTree
        do {
            tree = try JSONDecoder().decode(JSONTree.self, from: data)
        } catch {
            throw .decode("\(path) is not JSON: \(Self.reason(error))")
        }
        self = try tree.value(as: type, types: types, path: path, depth: 0)
    }

    /// This value as a `Decodable` type whose shape matches the spec type (the record's fields as
    /// properties, an enum case as a `String` or a `String` raw-value enum).
    public func decoded<T: Decodable>(as: T.Type = T.self) throws -> T {
        do {
            return try JSONDecoder().decode(T.self, from: Data(ValueFormatter.json(self).utf8))
        } catch {
            throw ServiceFailure.decode("\(ValueFormatter.text(self)) is not a \(T.self): \(Self.reason(error))")
        }
    }

    /// The one-line reason of a `DecodingError`, with its coding path.
    private static func reason(_ error: any Error) -> String {
        guard let decoding = error as? DecodingError else { return "\(error)" }
        func path(_ context: DecodingError.Context) -> String {
            let keys = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
            return keys.isEmpty ? context.debugDescription : "at \(keys): \(context.debugDescription)"
        }
        switch decoding {
        case .typeMismatch(_, let c), .valueNotFound(_, let c), .dataCorrupted(let c): return path(c)
        case .keyNotFound(let key, let c): return "no key '\(key.stringValue)'" + (c.codingPath.isEmpty ? "" : " " + path(c))
        @unknown default: return "\(error)"
        }
    }
}

/// A JSON document as read, before it is given a spec type.
private enum JSONTree: Decodable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([JSONTree])
    case object([String: JSONTree])

    init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        if c.decodeNil() {
            self = .null
        } else if let b = try? c.decode(Bool.self) {
            self = .bool(b)
        } else if let n = try? c.decode(Int.self) {
            self = .int(n)
        } else if let d = try? c.decode(Double.self) {
            self = .double(d)
        } else if let s = try? c.decode(String.self) {
            self = .string(s)
        } else if let a = try? c.decode([JSONTree].self) {
            self = .array(a)
        } else {
            self = .object(try c.decode([String: JSONTree].self))
        }
    }

    private var kind: String {
        switch self {
        case .null: return "null"
        case .bool(let b): return b ? "true" : "false"
        case .int(let n): return String(n)
        case .double(let d): return ValueFormatter.formatDouble(d)
        case .string(let s): return s.utf8.count <= 40 ? ValueFormatter.text(.string(s)) : "a string of \(s.count) characters"
        case .array(let a): return "an array of \(a.count)"
        case .object: return "an object"
        }
    }

    func value(as type: SpecType, types: TypeTable, path: String, depth: Int) throws(ServiceFailure) -> Value {
        guard depth < 256 else { throw .decode("\(path) nests too deeply") }
        func mismatch() -> ServiceFailure { .decode("\(path) should be '\(type)' but is \(kind)") }
        switch (type, self) {
        case (.void, _): return .void
        case (.optional, .null): return .none
        case (.optional(let wrapped), _): return try value(as: wrapped, types: types, path: path, depth: depth + 1)
        case (.bool, .bool(let b)): return .bool(b)
        case (.int, .int(let n)): return .int(n)
        case (.int, .double(let d)):
            guard d == d.rounded(), let n = Int(exactly: d) else { throw mismatch() }
            return .int(n)
        case (.double, .double(let d)): return .double(d)
        case (.double, .int(let n)): return .double(Double(n))
        case (.string, .string(let s)): return .string(s)
        case (.enumeration(let name), .string(let s)):
            guard types.enums[name]?.contains(s) ?? false else { throw .decode("\(path) should be a case of '\(name)' but is \(kind)") }
            return .enumCase(EnumValue(type: name, caseName: s))
        case (.list(let element), .array(let items)):
            var out: [Value] = []
            out.reserveCapacity(items.count)
            for (i, item) in items.enumerated() {
                out.append(try item.value(as: element, types: types, path: "\(path)[\(i)]", depth: depth + 1))
            }
            return .list(out)
        case (.color, .object(let fields)):
            // `{"white": 0.5, "alpha": 1}`, `{"red": 1, "green": 0, "blue": 0}` (as a value prints),
            // or a `ColorValue` encoded (its `"space"` beside its components); alpha 1 when left out.
            func component(_ key: String) throws(ServiceFailure) -> Double? {
                switch fields[key] {
                case nil: return nil
                case .double(let d)? where (0...1).contains(d): return d
                case .int(let n)? where (0...1).contains(n): return Double(n)
                default: throw .decode("\(path).\(key) should be a number from 0 to 1")
                }
            }
            let alpha = try component("alpha") ?? 1
            if let white = try component("white") { return .color(.white(white, alpha: alpha)) }
            guard let red = try component("red") else { throw mismatch() }
            // `ColorValue.Space` as Swift codes an enum with no raw type: `{"white": {}}`.
            if case .object(let space)? = fields["space"], space["white"] != nil { return .color(.white(red, alpha: alpha)) }
            guard let green = try component("green"), let blue = try component("blue") else { throw mismatch() }
            return .color(.rgb(red, green, blue, alpha: alpha))
        case (.record(let name), .object(let fields)):
            guard var declared = types.records[name] else { throw mismatch() }
            // A row's view fields (`titleLabel.text`) are derived: a value that gives none of them
            // is a row as an input holds it, cut before them all. One that gives some is read
            // whole (Swift's encoder leaves a nil optional out, such as an image not loaded yet).
            if let first = types.viewFields[name], first < declared.count,
               declared[first...].allSatisfy({ fields[$0.name] == nil }) {
                declared.removeSubrange(first...)
            }
            var out: [Value] = []
            out.reserveCapacity(declared.count)
            for field in declared {
                if let given = fields[field.name] {
                    out.append(try given.value(as: field.type, types: types, path: "\(path).\(field.name)", depth: depth + 1))
                } else if field.type.isOptional {
                    out.append(.none)
                } else {
                    throw .decode("\(path) has no field '\(field.name)' of type '\(field.type)'")
                }
            }
            return .record(RecordValue(type: name, fieldNames: declared.map(\.name), fields: out))
        default:
            throw mismatch()
        }
    }
}
