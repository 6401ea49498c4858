/// A kind of diagnostic: its stable id (`unknown-name`), which SARIF rules, docs/diagnostics.md
/// and tools match on, and a one-line summary. The ids are static members, one extension per
/// phase in `IDs/` (as swift-syntax's `StaticParserError`), so code reports
/// `diagnostics.error(.unknownName, …)` and an id the catalogue lacks does not compile.
package struct DiagnosticID: Hashable, Sendable, CustomStringConvertible {
    /// The id as written in output: lowercase words joined by '-'.
    package let rawValue: String
    /// What it means, in one line (SARIF's `shortDescription`).
    package let summary: String

    init(_ rawValue: String, _ summary: String) {
        self.rawValue = rawValue
        self.summary = summary
    }

    package var description: String { rawValue }
}
