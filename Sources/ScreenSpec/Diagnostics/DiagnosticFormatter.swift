import SpecRuntime

/// Renders diagnostics as `path:line:col: error: message`, the source line with a gutter and a
/// caret under the range, then notes and a `help:` line for a fix-it. File names, messages and
/// source lines come from the user, so what a terminal could act on in them is escaped
/// (`TerminalText`); tabs in a source line are kept so that the caret lines up.
public struct DiagnosticFormatter: Sendable {
    /// Whether to colour the output with ANSI escapes (for a terminal).
    public var colors: Bool

    /// A formatter, without colours unless asked.
    public init(colors: Bool = false) {
        self.colors = colors
    }

    /// Every diagnostic, each with its source line and a caret, as `specrun check` prints them;
    /// `sources` maps a path to its text.
    public func render(_ diagnostics: [Diagnostic], sources: [String: SourceFile]) -> String {
        diagnostics.map { render($0, source: sources[$0.range.file]) }.joined(separator: "\n")
    }

    /// One diagnostic with its source line and a caret under the range.
    public func render(_ d: Diagnostic, source: SourceFile?) -> String {
        var out = ""
        let label: String
        switch d.severity {
        case .error: label = paint("error:", "1;31")
        case .warning: label = paint("warning:", "1;35")
        case .note: label = paint("note:", "1;36")
        }
        out += paint("\(safe(d.range.file)):\(d.range.start.line):\(d.range.start.column):", "1") + " \(label) " + paint(safe(d.message), "1") + "\n"
        // A file with no text (a folder, a device, an unreadable or empty file) has no line to show.
        if let source, !source.text.isEmpty { out += excerpt(d.range, source: source) }
        for note in d.notes {
            if let r = note.range, r != d.range {
                out += "\(safe(r.file)):\(r.start.line):\(r.start.column): " + paint("note:", "1;36") + " \(safe(note.message))\n"
                if let src = r.file == d.range.file ? source : nil { out += excerpt(r, source: src) }
            } else {
                out += paint("note:", "1;36") + " \(safe(note.message))\n"
            }
        }
        if let fix = d.fixIt {
            out += paint("help:", "1;32") + " \(safe(fix))\n"
        }
        return out
    }

    /// The widest source excerpt shown; longer lines are clipped to a window around the caret.
    static let maximumExcerptWidth = 160

    private func excerpt(_ range: SpecRange, source: SourceFile) -> String {
        guard let full = source.line(range.start.line) else { return "" }
        let number = String(range.start.line)
        let gutter = String(repeating: " ", count: number.count)
        var scalars = Array(full.unicodeScalars)
        let lineLength = scalars.count
        var startColumn = min(max(range.start.column, 1), lineLength + 1)
        let endColumn = range.end.line == range.start.line ? range.end.column : lineLength + 1
        var width = max(1, min(endColumn, lineLength + 1) - startColumn)
        var prefix = "", suffix = ""
        if lineLength > Self.maximumExcerptWidth {
            let first = max(0, startColumn - 1 - Self.maximumExcerptWidth / 2)
            let last = min(lineLength, first + Self.maximumExcerptWidth)
            if first > 0 { prefix = "…" }
            if last < lineLength { suffix = "…" }
            scalars = Array(scalars[first..<last])
            startColumn = startColumn - first + prefix.count
            width = min(width, scalars.count + 1 - (startColumn - 1 - prefix.count))
        }
        var text = String.UnicodeScalarView()
        text.append(contentsOf: scalars)
        // Keep tabs so the caret lines up under them; a scalar shown escaped takes its escape's
        // width ("\u001b": 6 columns).
        func columns(_ scalar: Unicode.Scalar) -> Int { TerminalText.isUnsafe(scalar, keeping: .tabs) ? 6 : 1 }
        var pad = prefix.isEmpty ? "" : " "
        let before = max(0, startColumn - 1 - prefix.count)
        for scalar in scalars.prefix(before) {
            pad += scalar == "\t" ? "\t" : String(repeating: " ", count: columns(scalar))
        }
        if before > scalars.count { pad += String(repeating: " ", count: before - scalars.count) }
        let underlined = scalars.dropFirst(before).prefix(width)
        let caretWidth = underlined.reduce(0) { $0 + columns($1) } + max(0, width - underlined.count)
        return "\(gutter) |\n\(number) | \(prefix)\(TerminalText.escaped(String(text), keeping: .tabs))\(suffix)\n\(gutter) | \(pad)"
            + paint("^" + String(repeating: "~", count: max(0, caretWidth - 1)), "1;32") + "\n"
    }

    private func safe(_ s: String) -> String { TerminalText.escaped(s) }

    private func paint(_ s: String, _ code: String) -> String {
        colors ? "\u{1B}[\(code)m\(s)\u{1B}[0m" : s
    }
}
