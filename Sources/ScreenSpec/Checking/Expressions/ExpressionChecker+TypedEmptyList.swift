import SpecRuntime

/// `[String]()`: an empty list of a type written before it, as Swift writes one where no context
/// gives the type (`just: '[String]()'` beside a call whose `ops:` type it later).
extension ExpressionChecker {
    /// The help of an empty `[]` with no list type around it.
    static let typedEmptyListHelp = "write its type before it, as Swift does: '[String]()' is an empty list of 'String', '[Todo]()' one of a type declared under 'types:'"

    /// `callee`, a list type as written (``typeText(_:)``), called with `arguments`: the empty list
    /// of that type, or nil, reported, when it names no type or the call has arguments.
    mutating func typedEmptyList(_ text: String, _ callee: Expr, _ arguments: [Expr], _ range: SpecRange) -> Typed? {
        guard arguments.isEmpty else {
            return error(.wrongArity, "'\(text)()' is an empty list and takes no arguments, found \(arguments.count)", range,
                         notes: [DiagnosticNote("a list with items is written with them inside: '[a, b]'")])
        }
        var reported = diagnostics
        let type = TypeResolver(table: table).resolve(text: text, range: callee.range, diagnostics: &reported)
        diagnostics = reported
        guard let type else { return nil }
        return (.list([]), type)
    }

    /// `[String]` or `[[Todo]]` as written, when `expr` is a list of one type name (capitalised,
    /// as types are) or of such a list; nil otherwise.
    static func typeText(_ expr: Expr) -> String? {
        guard case .list(let items) = expr.kind, items.count == 1 else { return nil }
        switch items[0].kind {
        case .name(let name) where name.first?.isUppercase == true: return "[\(name)]"
        case .list: return typeText(items[0]).map { "[\($0)]" }
        default: return nil
        }
    }
}
