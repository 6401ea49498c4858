import SpecRuntime

/// Diagnostics for machines: one JSON object per line, per diagnostic (`specrun check --format json`).
///
/// Keys: `file`, `line`, `column`, `endLine`, `endColumn` (1-based; columns in Unicode scalars;
/// the end is exclusive, the position after the last character), `severity` (`error`, `warning`,
/// `note`), `id` (stable, listed in docs/diagnostics.md), `message`, `notes` (each a `message` and,
/// when it points elsewhere, its own `file`, `line`, `column`, `endLine`, `endColumn`) and
/// `fixIts`: each a `message` (the `help:` a person reads) and a `replacement`, the exact text
/// for the diagnostic's range (the name of a "did you mean"), or null where the fix is advice.
package enum DiagnosticJSON {
    /// `sources` by path, to verify that a replacement fits its range.
    package static func render(_ diagnostics: [Diagnostic], sources: [String: SourceFile]) -> String {
        diagnostics.map { object($0, source: sources[$0.range.file]).compact + "\n" }.joined()
    }

    package static func object(_ d: Diagnostic, source: SourceFile?) -> JSONValue {
        var pairs = position(d.range)
        pairs += [
            (key: "severity", value: .string(d.severity.rawValue)),
            (key: "id", value: .string(d.id)),
            (key: "message", value: .string(d.message)),
            (key: "notes", value: .array(d.notes.map { note in
                .object([(key: "message", value: .string(note.message))] + (note.range.map(position) ?? []))
            })),
            (key: "fixIts", value: .array(fixIts(d, source: source).map { fix in
                .object([(key: "message", value: .string(fix.message)), (key: "replacement", value: fix.replacement.map { .string($0) } ?? .null)]
                        + position(d.range))
            })),
        ]
        return .object(pairs)
    }

    /// The exact replacement first (a tool may apply it), then the advice for a person.
    static func fixIts(_ d: Diagnostic, source: SourceFile?) -> [(message: String, replacement: String?)] {
        var fixes: [(message: String, replacement: String?)] = []
        if let replacement = d.replacement(in: source) { fixes.append(("replace with '\(replacement)'", replacement)) }
        if let fixIt = d.fixIt { fixes.append((fixIt, nil)) }
        return fixes
    }

    static func position(_ r: SpecRange) -> [(key: String, value: JSONValue)] {
        [
            (key: "file", value: .string(r.file)),
            (key: "line", value: .int(r.start.line)),
            (key: "column", value: .int(r.start.column)),
            (key: "endLine", value: .int(r.end.line)),
            (key: "endColumn", value: .int(r.end.column)),
        ]
    }
}
