import SpecRuntime

/// The types pass: the spec's `types:` into a ``TypeTable`` (records and enums, each declared
/// once), a record failing with any field whose type fails. It needs nothing else of the spec, so
/// the screen catalogue runs it alone on the specs a navigation opens.
enum TypeDeclarations {
    static func declare(_ types: [TypeDecl], into table: inout TypeTable, diagnostics: inout DiagnosticBag) {
        var seen: [String: SpecRange] = [:]
        for (name, cases) in TypeResolver.builtinEnums { table.enums[name] = cases }
        for decl in types {
            let builtin = TypeResolver.builtins[decl.name.value] != nil || TypeResolver.builtinEnums[decl.name.value] != nil
            if let first = seen[decl.name.value] ?? (builtin ? decl.name.range : nil) {
                diagnostics.error(.duplicateType, "type '\(decl.name.value)' is already declared", at: decl.name.range,
                                  notes: first == decl.name.range ? [] : [DiagnosticNote("first declared here", at: first)])
                continue
            }
            seen[decl.name.value] = decl.name.range
            switch decl.kind {
            case .record: table.records[decl.name.value] = []
            case .enumeration(let cases):
                var names: [String] = []
                for c in cases {
                    if names.contains(c.value) {
                        diagnostics.error(.duplicateCase, "case '\(c.value)' is listed twice", at: c.range)
                    } else {
                        names.append(c.value)
                    }
                }
                table.enums[decl.name.value] = names
            }
        }
        let resolver = TypeResolver(table: table)
        for decl in types {
            guard case .record(let fields) = decl.kind, table.records[decl.name.value]?.isEmpty == true else { continue }
            var resolved: [(name: String, type: SpecType)] = []
            for field in fields {
                if resolved.contains(where: { $0.name == field.name.value }) {
                    diagnostics.error(.duplicateField, "field '\(field.name.value)' is listed twice", at: field.name.range)
                    continue
                }
                if let t = resolver.resolve(field.type, diagnostics: &diagnostics) {
                    resolved.append((field.name.value, t))
                } else {
                    table.failed.insert(decl.name.value)
                }
            }
            table.records[decl.name.value] = resolved
        }
        // A record with a field of a failed type fails too; what uses them stays quiet.
        var changed = !table.failed.isEmpty
        while changed {
            changed = false
            for (name, fields) in table.records where !table.failed.contains(name) {
                if fields.contains(where: { table.mentionsFailed($0.type) }) {
                    table.failed.insert(name)
                    changed = true
                }
            }
        }
    }
}
