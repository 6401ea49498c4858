import SpecRuntime

/// Diagnostics as a SARIF 2.1.0 log (`specrun check --format sarif`), the format code-review
/// tools read to show findings inline on a pull request.
///
/// One run of the tool `specrun`; a rule per diagnostic id met; a result per diagnostic with its
/// region (columns are Unicode code points, declared with `columnKind`), notes that point
/// somewhere as related locations, a "did you mean" as a fix that replaces the region, and
/// notes without a place and the fix-it (advice) in the result's property bag and message.
package enum SARIFLog {
    /// `sources` by path, to verify that a replacement fits its range.
    package static func render(_ diagnostics: [Diagnostic], sources: [String: SourceFile], toolVersion: String) -> String {
        document(diagnostics, sources: sources, toolVersion: toolVersion).pretty
    }

    package static func document(_ diagnostics: [Diagnostic], sources: [String: SourceFile], toolVersion: String) -> JSONValue {
        var ruleIDs: [String] = []
        for d in diagnostics where !ruleIDs.contains(d.id) { ruleIDs.append(d.id) }
        let rules: [JSONValue] = ruleIDs.map { id in
            ["id": .string(id), "shortDescription": ["text": .string(DiagnosticCatalog.summary(id) ?? id)],
             "help": ["text": .string("docs/diagnostics.md#\(id) explains it with an example")]]
        }
        let results: [JSONValue] = diagnostics.map { d in
            var text = d.message
            if let fix = d.fixIt { text += "\nhelp: " + fix }
            var pairs: [(key: String, value: JSONValue)] = [
                (key: "ruleId", value: .string(d.id)),
                (key: "ruleIndex", value: .int(ruleIDs.firstIndex(of: d.id) ?? 0)),
                (key: "level", value: .string(level(d.severity))),
                (key: "message", value: ["text": .string(text)]),
                (key: "locations", value: [["physicalLocation": physical(d.range)]]),
            ]
            let located = d.notes.enumerated().filter { $0.element.range != nil }
            if !located.isEmpty {
                pairs.append((key: "relatedLocations", value: .array(located.map { index, note in
                    ["id": .int(index), "physicalLocation": physical(note.range!), "message": ["text": .string(note.message)]]
                })))
            }
            if let replacement = d.replacement(in: sources[d.range.file]) {
                // A fix a code-review tool can apply: the misspelt name replaced by the nearest.
                pairs.append((key: "fixes", value: [[
                    "description": ["text": .string("replace with '\(replacement)'")],
                    "artifactChanges": [[
                        "artifactLocation": ["uri": .string(uri(d.range.file))],
                        "replacements": [["deletedRegion": region(d.range), "insertedContent": ["text": .string(replacement)]]],
                    ]],
                ]]))
            }
            var bag: [(key: String, value: JSONValue)] = []
            if !d.notes.isEmpty { bag.append((key: "notes", value: .array(d.notes.map { .string($0.message) }))) }
            if let fix = d.fixIt { bag.append((key: "fixIt", value: .string(fix))) }
            if !bag.isEmpty { pairs.append((key: "properties", value: .object(bag))) }
            return .object(pairs)
        }
        return [
            "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
            "version": "2.1.0",
            "runs": [[
                "tool": ["driver": [
                    "name": "specrun",
                    "version": .string(toolVersion),
                    "rules": .array(rules),
                ]],
                "columnKind": "unicodeCodePoints",
                "results": .array(results),
            ]],
        ]
    }

    static func level(_ severity: Severity) -> String {
        switch severity {
        case .error: return "error"
        case .warning: return "warning"
        case .note: return "note"
        }
    }

    static func physical(_ r: SpecRange) -> JSONValue {
        ["artifactLocation": ["uri": .string(uri(r.file))], "region": region(r)]
    }

    static func region(_ r: SpecRange) -> JSONValue {
        [
            "startLine": .int(max(r.start.line, 1)), "startColumn": .int(max(r.start.column, 1)),
            "endLine": .int(max(r.end.line, 1)), "endColumn": .int(max(r.end.column, 1)),
        ]
    }

    /// A relative path as a relative URI reference (as code-review tools expect, from the
    /// repository's root), an absolute one as a `file://` URI; other characters are escaped.
    static func uri(_ path: String) -> String {
        var out = path.hasPrefix("/") ? "file://" : ""
        for byte in path.utf8 {
            let c = Character(Unicode.Scalar(byte))
            if byte < 0x80, c.isLetter || c.isNumber || "/-._~".contains(c) {
                out.append(c)
            } else {
                let hex = String(byte, radix: 16, uppercase: true)
                out += "%" + (hex.count == 1 ? "0" : "") + hex
            }
        }
        return out
    }
}
