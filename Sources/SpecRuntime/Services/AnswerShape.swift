/// Checks a live provider's answer against the service's `returns:` type before it enters the
/// graph, where every value is assumed to have its node's type: a value of another shape would
/// otherwise make an expression read a field that is not there.
enum AnswerShape {
    /// `value` as a value of `type`: records with their fields in declaration order, an `Int`
    /// where a `Double` is expected widened. Throws `decode` with the path and what was found.
    /// `path` names the value in the reason ("the answer", "the value").
    static func conformed(_ value: Value, to type: SpecType, types: TypeTable, path: String = "the answer") throws(ServiceFailure) -> Value {
        var depth = 0
        return try conformed(value, to: type, types: types, path: path, depth: &depth)
    }

    private static func conformed(_ value: Value, to type: SpecType, types: TypeTable, path: String, depth: inout Int) throws(ServiceFailure) -> Value {
        depth += 1
        defer { depth -= 1 }
        // Values built in code can nest without end only through a cycle of records; a type
        // nests a bounded number of levels, so this only stops a runaway.
        guard depth < 256 else { throw .decode("\(path) nests too deeply") }
        func mismatch() -> ServiceFailure {
            .decode("\(path) should be '\(type)' but is \(describe(value))")
        }
        switch (type, value) {
        case (.void, .void), (.void, .none): return .void
        case (.bool, .bool), (.int, .int), (.double, .double), (.string, .string), (.error, .error),
             (.navigation, .navigation), (.color, .color):
            return value
        case (.double, .int(let n)): return .double(Double(n))
        case (.optional, .none): return .none
        case (.optional(let wrapped), _): return try conformed(value, to: wrapped, types: types, path: path, depth: &depth)
        case (.list(let element), .list(let items)):
            var out: [Value] = []
            out.reserveCapacity(items.count)
            for (i, item) in items.enumerated() {
                out.append(try conformed(item, to: element, types: types, path: "\(path)[\(i)]", depth: &depth))
            }
            return .list(out)
        case (.enumeration(let name), .enumCase(let e)):
            guard e.type == name || e.type.isEmpty, types.enums[name]?.contains(e.caseName) ?? false else {
                throw .decode("\(path) should be a case of '\(name)' but is '.\(e.caseName)'")
            }
            return .enumCase(EnumValue(type: name, caseName: e.caseName))
        case (.enumeration(let name), .string(let raw)):
            // A JSON backend sends an enum as its raw string.
            guard types.enums[name]?.contains(raw) ?? false else {
                throw .decode("\(path) should be a case of '\(name)' but is \"\(raw)\"")
            }
            return .enumCase(EnumValue(type: name, caseName: raw))
        case (.record(let name), .record(let r)):
            guard var fields = types.records[name] else { throw mismatch() }
            guard r.type == name || r.type.isEmpty else {
                throw .decode("\(path) should be a '\(name)' but is a '\(r.type)'")
            }
            // A row's view fields are derived (``TypeTable/viewFields``): a row that gives none of
            // them is a row as an input holds it, cut before them all, as `Value(json:)` reads one.
            if let first = types.viewFields[name], first < fields.count,
               fields[first...].allSatisfy({ !r.fieldNames.contains($0.name) }) {
                fields.removeSubrange(first...)
            }
            var out: [Value] = []
            out.reserveCapacity(fields.count)
            for field in fields {
                if let k = r.fieldNames.firstIndex(of: field.name), k < r.fields.count {
                    out.append(try conformed(r.fields[k], to: field.type, types: types, path: "\(path).\(field.name)", depth: &depth))
                } else if field.type.isOptional {
                    out.append(.none)
                } else {
                    throw .decode("\(path) has no field '\(field.name)' of type '\(field.type)'")
                }
            }
            return .record(RecordValue(type: name, fieldNames: fields.map(\.name), fields: out))
        default:
            throw mismatch()
        }
    }

    /// A short description of a value's shape, for the reason of a `decode` error.
    static func describe(_ value: Value) -> String {
        switch value {
        case .void: return "()"
        case .none: return "nil"
        case .bool, .int, .double: return ValueFormatter.text(value)
        case .string(let s): return s.utf8.count <= 40 ? ValueFormatter.text(value) : "a string of \(s.count) characters"
        case .list(let items): return "a list of \(items.count)"
        case .record(let r): return "a '\(r.type)' record"
        case .enumCase(let e): return "'.\(e.caseName)'"
        case .error(let e): return "an error '\(e.kind.rawValue)'"
        case .navigation: return "a navigation"
        case .color: return "a color"
        }
    }
}
