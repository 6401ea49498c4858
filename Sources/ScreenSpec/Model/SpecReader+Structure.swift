import SpecRuntime

/// The reader's structure helpers: a mapping's fields by key, a section's entries, a list, a name,
/// a type name, an expression and a duration, each read with its problems located.
extension SpecReader {
    /// A mapping's values by key; unknown keys are reported with the nearest known one.
    mutating func fields(_ node: YAMLNode, of what: String, allowed: [String]) -> [String: YAMLNode]? {
        guard let pairs = node.mapping else {
            diagnostics.error(.expectedMapping, "\(what) must be a mapping of keys to values, found \(node.kindName)", at: node.range)
            return nil
        }
        var result: [String: YAMLNode] = [:]
        var misspelled: [(meant: String, value: YAMLNode)] = []
        var previous: YAMLNode?
        for (key, value) in pairs {
            defer { previous = value }
            guard let name = key.string else {
                diagnostics.error(.expectedKey, "a key must be a plain name, found \(key.kindName)", at: key.range)
                continue
            }
            // `{ get: Double(max(1, n)) }`: YAML ends the value at the comma and reads `n))` as a
            // key. The value's expression reports the cut (with the note to quote it); the rest of
            // it is no key to report again.
            let cut = Self.closesMore(name) && previous?.scalar.map { Self.opensMore($0.value) } == true
            guard allowed.contains(name) else {
                if cut, let previous {
                    cutKeys.append((Diagnostic(.error, id: .unknownKey, "unknown key '\(name)' in \(what): the end of the value before it, which YAML cut at its ','",
                                               at: key.range, notes: [DiagnosticNote("inside '{ ... }' a ',' ends the value: an expression with commas must be quoted, as in 'x: \"max(a, b)\"'")]),
                                    previous.range))
                    continue
                }
                let meant = diagnostics.nearest(to: name, in: allowed)
                diagnostics.error(.unknownKey, "unknown key '\(name)' in \(what)\(meant.map { Suggestion.didYouMeanPrefix + $0 + "'?" } ?? "")", at: key.range,
                                  notes: [DiagnosticNote("expected one of: " + allowed.map { "'\($0)'" }.joined(separator: ", "))])
                if let meant { misspelled.append((meant, value)) }
                continue
            }
            result[name] = value
        }
        // Recover as a compiler does: read a misspelt key as the key it nearly is (unless that key
        // is also written), so that what it declares exists and nothing that uses it cascades.
        // The spec stays invalid: the misspelling was reported.
        for (meant, value) in misspelled where result[meant] == nil && !misspelled.contains(where: { $0.meant == meant && $0.value.range != value.range }) {
            result[meant] = value
        }
        return result
    }

    /// Whether `text` closes more parentheses or brackets than it opens.
    static func closesMore(_ text: String) -> Bool {
        text.filter { ")]".contains($0) }.count > text.filter { "([".contains($0) }.count
    }

    /// Whether `text` opens more parentheses or brackets than it closes.
    static func opensMore(_ text: String) -> Bool {
        text.filter { "([".contains($0) }.count > text.filter { ")]".contains($0) }.count
    }

    /// A mapping's entries in order, keys read as names.
    mutating func entries(_ node: YAMLNode, of what: String) -> [(Located<String>, YAMLNode)] {
        if node.isNull { return [] }
        guard let pairs = node.mapping else {
            diagnostics.error(.expectedMapping, "'\(what)' must be a mapping of names to declarations, found \(node.kindName)", at: node.range)
            return []
        }
        return pairs.compactMap { key, value in identifier(key, what: "name", allowDots: true).map { ($0, value) } }
    }

    mutating func list(_ node: YAMLNode, of what: String) -> [YAMLNode] {
        if node.isNull { return [] }
        guard let items = node.sequence else {
            diagnostics.error(.expectedList, "'\(what)' must be a list ('- ...' items), found \(node.kindName)", at: node.range)
            return []
        }
        return items
    }

    mutating func identifier(_ node: YAMLNode, what: String, allowDots: Bool = false) -> Located<String>? {
        guard let text = node.string, !node.isNull else {
            let article = what.first.map { "aeiou".contains($0) } == true ? "an" : "a"
            diagnostics.error(.expectedName, "expected \(article) \(what), found \(node.kindName)", at: node.range)
            return nil
        }
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        let valid = !parts.isEmpty && (allowDots || parts.count == 1) && parts.allSatisfy { part in
            guard let first = part.unicodeScalars.first, first.properties.isXIDStart || first == "_" else { return false }
            return part.unicodeScalars.allSatisfy { $0.properties.isXIDContinue || $0 == "_" }
        }
        guard valid else {
            // `{ x: max(a, b) }`: YAML ends the value at the comma and reads `b)` as the next key.
            let split = (text.contains(")") || text.contains("]") || text.hasPrefix(" ")) && followsComma(node)
            diagnostics.error(.invalidName, "'\(text)' is not a valid \(what); use letters, digits and '_'", at: node.range,
                              notes: split ? [DiagnosticNote("inside '{ ... }' a ',' ends the value: an expression with commas must be quoted, as in 'x: \"max(a, b)\"'")] : [])
            return nil
        }
        return Located(text, node.range)
    }

    /// Whether `node` is written after a ',' on its line, as the rest of a value YAML ended at a
    /// comma inside '{ ... }' is (`b)` of `{ x: max(a, b) }`).
    private func followsComma(_ node: YAMLNode) -> Bool {
        guard let line = source.line(node.range.start.line) else { return true }
        let before = line.unicodeScalars.prefix(max(node.range.start.column - 1, 0))
        return before.reversed().first { $0 != " " && $0 != "\t" } == ","
    }

    mutating func typeName(_ node: YAMLNode) -> Located<String>? {
        guard let text = node.string, !node.isNull else {
            diagnostics.error(.expectedType, "expected a type such as 'String' or '[Repo]', found \(node.kindName)", at: node.range)
            return nil
        }
        return Located(text.trimmingWhitespace(), node.range)
    }

    mutating func expression(_ node: YAMLNode) -> Expr? {
        if let tag = node.scalar?.tag {
            let written = tag + (node.string.map { $0.isEmpty ? "" : " " + $0 } ?? "")
            diagnostics.error(.yamlTag, "YAML reads '\(tag)' as a tag, not as the operator '!'", at: node.range,
                              fixIt: "quote the expression: \"\(written)\"")
            return nil
        }
        if node.isNull, let written = node.scalar?.value, !written.isEmpty {
            // `set: { note: ~ }`: YAML's nil is data; an expression says `nil`.
            diagnostics.error(.expectedExpression, "expected an expression, found YAML's nil '\(written)'", at: node.range,
                              notes: [DiagnosticNote("handler and output values are expressions; '~' and 'null' are nil only in data (defaults, scenario steps)")],
                              fixIt: "write 'nil'")
            return nil
        }
        if node.sequence != nil {
            // `set: { xs: [] }`: YAML reads the brackets as its own list before the expression can.
            let written = source.text(of: node.range) ?? "[...]"
            diagnostics.error(.expectedExpression, "expected an expression, found a list", at: node.range,
                              notes: [DiagnosticNote("unquoted, '[...]' is a YAML list; a list expression is quoted, as 'xs + [2]' is")],
                              fixIt: written.contains("\"") ? "quote the expression with single quotes: '\(written)'" : "quote the expression: \"\(written)\"")
            return nil
        }
        guard node.scalar != nil, !node.isNull else {
            diagnostics.error(.expectedExpression, "expected an expression, found \(node.kindName)", at: node.range)
            return nil
        }
        let before = diagnostics.all.count
        let expr = ExpressionParser.parse(ExpressionSource(node: node, source: source), diagnostics: &diagnostics)
        // `set: { page: max(page - 1, 0) }`: inside `{ ... }` YAML ended the plain value at the comma.
        if node.scalar?.style == .plain, diagnostics.all.count > before,
           let cut = diagnostics.all[before...].firstIndex(where: { $0.id == DiagnosticID.expectedSymbol.rawValue && $0.message.hasSuffix("found end of expression") }),
           source.line(node.range.end.line).map({ $0.unicodeScalars.dropFirst(node.range.end.column - 1).first == "," }) == true {
            var d = diagnostics.all[cut]
            d.notes.append(DiagnosticNote("inside '{ ... }' a ',' ends the value: an expression with commas must be quoted, as in 'x: \"max(a, b)\"'"))
            diagnostics.replace(at: cut, with: d)
            // The rest after the comma read as a key ('0)') is the same mistake.
            let line = node.range.end.line, column = node.range.end.column
            diagnostics.removeAll { $0.id == DiagnosticID.invalidName.rawValue && $0.range.start.line == line && $0.range.start.column > column
                && $0.notes.contains { $0.message.hasPrefix("inside '{ ... }'") } }
        }
        return expr
    }

    mutating func duration(_ node: YAMLNode) -> Located<Int>? {
        guard let text = node.string, !node.isNull else {
            diagnostics.error(.expectedDuration, "expected a duration such as '300ms' or '5s', found \(node.kindName)", at: node.range)
            return nil
        }
        switch DurationParser.milliseconds(text) {
        case .success(let ms): return Located(ms, node.range)
        case .failure(let error):
            diagnostics.error(.invalidDuration, error.message, at: node.range)
            return nil
        }
    }
}
