/// Diagnostics of YAML: their ids and one-line summaries (docs/diagnostics.md lists them).
extension DiagnosticID {
    package static let yamlSyntax = DiagnosticID("yaml-syntax", "the text is not valid YAML; common traps get a hint (tabs, unquoted 'a ? b : c', '\\(' in double quotes, '[' inside '{ ... }', an unquoted '!a && b', an unquoted argument label such as 'String(format: …)', open quotes)")
    package static let yamlDepth = DiagnosticID("yaml-depth", "the document nests deeper than 200 levels")
    package static let yamlAlias = DiagnosticID("yaml-alias", "an alias ('*name') naming no anchor written before it, aliases expanding to more than 10,000 nodes, or a merge key ('<<') that is not a mapping")
    package static let yamlDocuments = DiagnosticID("yaml-documents", "a spec file holds one YAML document")
    package static let yamlTag = DiagnosticID("yaml-tag", "an expression starting with '!' was read as a YAML tag; quote it")
    package static let duplicateKey = DiagnosticID("duplicate-key", "a mapping has the same key twice")

    /// Every id of YAML, in the order of docs/diagnostics.md.
    static let yamlIDs: [DiagnosticID] = [
        .yamlSyntax,
        .yamlDepth,
        .yamlAlias,
        .yamlDocuments,
        .yamlTag,
        .duplicateKey,
    ]
}
