/// Diagnostics for machines: one JSON object per line, per diagnostic (`specrun check --format json`).
///
/// Keys: `file`, `line`, `column`, `endLine`, `endColumn` (1-based; columns in Unicode scalars;
/// the end is exclusive, the position after the last character), `severity` (`error`, `warning`,
/// `note`), `id` (stable, listed in docs/diagnostics.md), `message`, `notes` (each a `message` and,
/// when it points elsewhere, its own `file`, `line`, `column`, `endLine`, `endColumn`) and
/// `fixIts` (each a `replacement`, the suggested text, for the diagnostic's range).
package enum DiagnosticJSON {
    package static func render(_ diagnostics: [Diagnostic]) -> String {
        diagnostics.map { object($0).compact + "\n" }.joined()
    }

    package static func object(_ d: Diagnostic) -> JSONValue {
        var pairs = position(d.range)
        pairs += [
            (key: "severity", value: .string(d.severity.rawValue)),
            (key: "id", value: .string(d.id)),
            (key: "message", value: .string(d.message)),
            (key: "notes", value: .array(d.notes.map { note in
                .object([(key: "message", value: .string(note.message))] + (note.range.map(position) ?? []))
            })),
            (key: "fixIts", value: .array(d.fixIt.map { [.object([(key: "replacement", value: .string($0))] + position(d.range))] } ?? [])),
        ]
        return .object(pairs)
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
