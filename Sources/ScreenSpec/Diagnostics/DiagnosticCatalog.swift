/// Every diagnostic id the loader and checker report, with what it means: the rules of
/// `check --format sarif` and the list in docs/diagnostics.md. The ids are the static members of
/// ``DiagnosticID`` (one extension per phase, in `IDs/`), so a diagnostic can only be reported with
/// an id the catalogue has; a test keeps docs/diagnostics.md and the lists here in step.
package enum DiagnosticCatalog {
    /// Every id, grouped by phase.
    package static let all: [DiagnosticID] = DiagnosticID.readingIDs
        + DiagnosticID.yamlIDs
        + DiagnosticID.structureIDs
        + DiagnosticID.expressionsIDs
        + DiagnosticID.declarationsIDs
        + DiagnosticID.viewIDs
        + DiagnosticID.explorationIDs
        + DiagnosticID.scenariosIDs
        + DiagnosticID.toolsIDs

    /// Id to a one-line summary, grouped by phase.
    package static var entries: [(id: String, summary: String)] { all.map { ($0.rawValue, $0.summary) } }

    /// The summary of `id`, nil for an id not in the catalogue.
    package static func summary(_ id: String) -> String? {
        all.first { $0.rawValue == id }?.summary
    }
}
