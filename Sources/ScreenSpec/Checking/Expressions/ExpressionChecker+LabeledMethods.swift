import SpecRuntime

/// A method called with labels that no form of the language takes (`order.firstIndex(of: 2)`,
/// `items.first(where: { $0.done })`): the parser reads a labeled call as a construction, so
/// without this it would be reported as a record type that is not declared. It is the method
/// that is missing, and the message says so, with the spelling the language has.
extension ExpressionChecker {
    /// Swift's labeled list methods and the form each has here (over `xs` and `x`).
    private static let swiftListForms: [String: String] = [
        "firstIndex": "xs.enumerated().first { $0.element == x }?.offset",
        "lastIndex": "xs.enumerated().filter { $0.element == x }.last?.offset",
        "first": "xs.first { CONDITION }",
        "contains": "xs.contains { CONDITION }",
        "allSatisfy": "xs.allSatisfy { CONDITION }",
        "filter": "xs.filter { CONDITION }",
        "map": "xs.map { VALUE }",
        // `prefix(upTo: n)`, `prefix(through: n - 1)`, `suffix(from: i)`: the forms with a count.
        "prefix": "xs.prefix(n)",
        "suffix": "xs.suffix(n)",
    ]

    /// `base.name(label: …)`, no form of which the language has: reported as the missing
    /// function of the receiver's type. Nil, nothing reported, when `base` names a type (a
    /// construction the caller reports) or `name` is not a method of the language.
    mutating func unknownLabeledMethod(_ base: Expr, _ name: String, _ nameRange: SpecRange, _ arguments: [LabeledExpr]) -> Typed?? {
        if case .name(let n) = base.kind, table.records[n] != nil || table.enums[n] != nil || table.failed.contains(n) { return nil }
        guard let b = infer(base) else { return .some(nil) }
        let labels = arguments.map { "\($0.label.isEmpty ? "_" : $0.label):" }.joined()
        let properties = BuiltinCatalog.properties.filter { $0.receiver.bind(b.type, element: nil) != nil }.map(\.name)
        var known = BuiltinCatalog.methodNames(on: b.type)
        if case .list = b.type { known = Self.closureMethods + known.filter { !Self.closureMethods.contains($0) } }
        var notes = Self.membersNote(b.type, properties: properties, methods: known.map { $0 + "()" })
        if case .list = b.type, var form = Self.swiftListForms[name] {
            let receiver = base.dottedPath ?? "xs"
            form = form.replacingOccurrences(of: "xs", with: receiver)
            if let value = arguments.first(where: { $0.label == "of" })?.value, let x = Self.literalText(value) {
                form = form.replacingOccurrences(of: "== x", with: "== \(x)")
            }
            notes.append(DiagnosticNote("write '\(form)'"))
        }
        return .some(error(.unknownMember, "'\(b.type)' has no function '\(name)(\(labels))'\(diagnostics.didYouMean(name, in: known))", nameRange,
                           notes: notes))
    }

    /// A literal or a path as written, for a help; nil for anything else.
    private static func literalText(_ e: Expr) -> String? {
        switch e.kind {
        case .int(let i): "\(i)"
        case .bool(let b): "\(b)"
        case .string(let s): "\"\(s)\""
        default: e.dottedPath
        }
    }
}
