import SpecRuntime

/// Reads type names such as `String`, `Int?`, `[Repo]` and `[Repo]?` against the declared types.
struct TypeResolver {
    let table: TypeTable

    static let builtins: [String: SpecType] = [
        "Void": .void, "Bool": .bool, "Int": .int, "Double": .double, "String": .string, "Error": .error,
        "Navigation": .navigation, "Color": .color,
    ]

    /// Enums every spec has: `ErrorKind`, the type of `error.kind`.
    static let builtinEnums: [String: [String]] = [
        ExpressionChecker.errorKindType: ErrorValue.Kind.allCases.map(\.rawValue),
    ]

    var knownNames: [String] { Array(Self.builtins.keys) + Array(table.records.keys) + Array(table.enums.keys) }

    func resolve(_ name: Located<String>, diagnostics: inout DiagnosticBag) -> SpecType? {
        resolve(text: name.value, range: name.range, diagnostics: &diagnostics)
    }

    func resolve(text raw: String, range: SpecRange, diagnostics: inout DiagnosticBag, depth: Int = 0) -> SpecType? {
        let text = raw.trimmingWhitespace()
        guard depth < 32 else {
            diagnostics.error(.invalidType, "type '\(raw)' nests too deeply", at: range)
            return nil
        }
        if text.hasSuffix("?") {
            return resolve(text: String(text.dropLast()), range: range, diagnostics: &diagnostics, depth: depth + 1).map(SpecType.makeOptional)
        }
        if text.hasPrefix("[") && text.hasSuffix("]") && text.count >= 2 {
            return resolve(text: String(text.dropFirst().dropLast()), range: range, diagnostics: &diagnostics, depth: depth + 1).map(SpecType.list)
        }
        if let t = Self.builtins[text] { return t }
        if text.hasPrefix("Set<") && text.hasSuffix(">") {
            // No `Set` type yet: a set is the list of its distinct elements in ascending order
            // (`BuiltinCatalog.sets`).
            let element = String(text.dropFirst(4).dropLast())
            diagnostics.error(.unknownType, "a set is declared as the list of its elements: '[\(element)]'", at: range,
                              notes: [DiagnosticNote("'Set(xs)', 'union' and 'subtracting' keep it a set, its distinct elements in ascending order, as in 'set: { selected: selected.union([id]) }'")],
                              fixIt: "write '[\(element)]'")
            return nil
        }
        if table.failed.contains(text) { return nil }
        if table.records[text] != nil { return .record(text) }
        if table.enums[text] != nil { return .enumeration(text) }
        let suggestion = diagnostics.didYouMean(text, in: knownNames)
        diagnostics.error(.unknownType, "unknown type '\(text)'\(suggestion)", at: range,
                          notes: suggestion.isEmpty ? [DiagnosticNote("types are Bool, Int, Double, String, Void, a type declared under 'types:', '[T]' for a list and 'T?' for an optional")] : [])
        return nil
    }
}
