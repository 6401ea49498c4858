import SpecRuntime

/// Parses a template: text taken as written, with expressions in `\( )`, as in an `http:` header
/// `'Bearer \(env.TOKEN)'`. Unlike a string literal, the text needs no quotes and has no escapes
/// (a `\` not followed by `(` is itself), so a header reads as it is sent.
enum TemplateParser {
    /// An ``Expr/Kind/interpolation(_:)`` (or a plain ``Expr/Kind/string(_:)`` when it has no
    /// `\( )`); each expression is located at its true column.
    static func parse(_ source: ExpressionSource, diagnostics: inout DiagnosticBag) -> Expr {
        let scalars = source.scalars
        var parts: [InterpolationPart] = []
        var text = String.UnicodeScalarView()
        var i = 0
        var failed = false
        while i < scalars.count {
            guard scalars[i] == "\\", i + 1 < scalars.count, scalars[i + 1] == "(" else {
                text.append(scalars[i])
                i += 1
                continue
            }
            let start = i + 2
            var depth = 1
            var inString = false
            var j = start
            while j < scalars.count {
                let c = scalars[j]
                if inString {
                    if c == "\\" { j += 1 } else if c == "\"" { inString = false }
                } else if c == "\"" {
                    inString = true
                } else if c == "(" {
                    depth += 1
                } else if c == ")" {
                    depth -= 1
                    if depth == 0 { break }
                }
                j += 1
            }
            guard j < scalars.count else {
                diagnostics.error(.invalidToken, "unterminated '\\(' in the template", at: source.range(i, scalars.count))
                return Expr(.invalid, source.range)
            }
            if !text.isEmpty { parts.append(.text(String(text))) }
            text = String.UnicodeScalarView()
            let expr = ExpressionParser.parse(source, from: start, to: j, diagnostics: &diagnostics)
            if case .invalid = expr.kind { failed = true }
            parts.append(.expr(expr))
            i = j + 1
        }
        if failed { return Expr(.invalid, source.range) }
        if parts.isEmpty { return Expr(.string(String(text)), source.range) }
        if !text.isEmpty { parts.append(.text(String(text))) }
        return Expr(.interpolation(parts), source.range)
    }
}
