/// Reads a JSON answer into the service's `returns:` type: records by field name (a missing or
/// null field is nil for an optional field), lists, optionals (`null`), enums by their case name
/// as a string, `Int` (a JSON integer, or a double with no fraction), `Double` (any number),
/// `Bool`, `String`; `Void` ignores the body. Fields the type does not declare are ignored, as
/// `Codable` does. A mismatch throws the reason with the JSON path (`$.items[2].id`).
struct JSONAnswerDecoder {
    let types: TypeTable

    struct Failure: Error {
        var reason: String
    }

    func decode(_ body: [UInt8], as type: SpecType) throws(Failure) -> Value {
        if type == .void { return .void }
        if type.isOptional, body.allSatisfy({ $0 == 0x20 || $0 == 0x0a || $0 == 0x0d || $0 == 0x09 }) { return .none }
        let json: JSONAnswer
        do { json = try JSONReader.read(body) } catch { throw Failure(reason: "the body is not JSON: \(error.reason)") }
        return try decode(json, as: type, at: "$")
    }

    func decode(_ json: JSONAnswer, as type: SpecType, at path: String) throws(Failure) -> Value {
        switch (type, json) {
        case (.void, _): return .void
        case (.optional, .null): return .none
        case (.optional(let t), _): return try decode(json, as: t, at: path)
        case (.bool, .bool(let b)): return .bool(b)
        case (.int, .int(let n)): return .int(n)
        case (.int, .double(let d)) where d == d.rounded() && abs(d) < 9e18: return .int(Int(d))
        case (.double, .int(let n)): return .double(Double(n))
        case (.double, .double(let d)): return .double(d)
        case (.string, .string(let s)): return .string(s)
        case (.enumeration(let name), .string(let s)):
            let cases = types.enums[name] ?? []
            guard cases.contains(s) else {
                throw Failure(reason: "\(path): '\(s.prefix(64))' is not a case of '\(name)' (" + cases.map { "'\($0)'" }.joined(separator: ", ") + ")")
            }
            return .enumCase(EnumValue(type: name, caseName: s))
        case (.list(let element), .array(let items)):
            var out: [Value] = []
            out.reserveCapacity(items.count)
            for (k, item) in items.enumerated() { out.append(try decode(item, as: element, at: "\(path)[\(k)]")) }
            return .list(out)
        case (.record(let name), .object(let pairs)):
            let fields = types.records[name] ?? []
            var values: [Value] = []
            for field in fields {
                let found = pairs.last(where: { $0.key == field.name })?.value
                guard let found, found != .null || field.type.isOptional else {
                    if field.type.isOptional { values.append(.none); continue }
                    throw Failure(reason: "\(path): the field '\(field.name)' of '\(name)' is \(found == nil ? "missing" : "null")")
                }
                values.append(try decode(found, as: field.type, at: "\(path).\(field.name)"))
            }
            return .record(RecordValue(type: name, fieldNames: fields.map(\.name), fields: values))
        default:
            throw Failure(reason: "\(path): expected \(Self.describe(type)), found \(Self.describe(json))")
        }
    }

    private static func describe(_ type: SpecType) -> String {
        switch type {
        case .list(let t): return "a list of '\(t)'"
        case .record(let n): return "an object for '\(n)'"
        case .enumeration(let n): return "a string naming a case of '\(n)'"
        case .int: return "an integer"
        case .double: return "a number"
        case .bool: return "true or false"
        case .string: return "a string"
        default: return "'\(type)'"
        }
    }

    private static func describe(_ json: JSONAnswer) -> String {
        switch json {
        case .null: return "null"
        case .bool: return "a Bool"
        case .int: return "an integer"
        case .double(let d): return d == d.rounded() ? "a number too large for 'Int'" : "a number with a fraction"
        case .string: return "a string"
        case .array: return "a list"
        case .object: return "an object"
        }
    }
}
