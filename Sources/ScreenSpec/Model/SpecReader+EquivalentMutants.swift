import SpecRuntime

/// `equivalentMutants:` entries: `{ in: declaration, change: text, reason: text }`, and
/// `occurrence: N` to name one of several mutants of one change in the declaration (as an
/// `unreachable:` entry names one of several items of one text).
extension SpecReader {
    mutating func readEquivalentMutant(_ node: YAMLNode) -> EquivalentMutantDecl? {
        guard let mark = readMark(node, of: "an equivalent mutant", keys: ("change", "as 'specrun mutate' prints it"),
                                  example: "'- { in: canLogin, change: \"a >= 10 -> a > 9\", reason: \"...\" }'", optionalKey: "occurrence") else { return nil }
        var decl = EquivalentMutantDecl(declaration: mark.declaration, change: mark.text, reason: mark.reason, range: node.range)
        if let written = mark.optional {
            // `occurrence: 2`: the second mutant of that change in the declaration, in source order.
            guard let n = occurrence(written, of: "mutant") else { return nil }
            decl.occurrence = n
        }
        return decl
    }

    /// `occurrence: N`, a whole number from 1: the rank of one `what` ("mutant", "item") among
    /// those of the same text; nil, reported, otherwise.
    mutating func occurrence(_ node: YAMLNode, of what: String) -> Located<Int>? {
        guard let text = node.string, let n = Int(text), n >= 1 else {
            diagnostics.error(.invalidValue, "'occurrence:' is a whole number from 1, the \(what)'s rank among those of the same text, found \(node.scalar.map { "'\($0.value)'" } ?? node.kindName)",
                              at: node.range)
            return nil
        }
        return Located(n, node.range)
    }
}
