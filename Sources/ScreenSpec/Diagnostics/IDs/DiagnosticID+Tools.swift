/// Diagnostics the tools and commands report about a spec (snapshots, coverage and mutation
/// marks, `run --live`).
extension DiagnosticID {
    package static let fakeDiffers = DiagnosticID("fake-differs", "a note of 'run --live': a live service answered otherwise than its fake")
    package static let sharedSnapshots = DiagnosticID("shared-snapshots", "two specs of a folder would keep their snapshots in one folder")
    package static let unknownCoverageItem = DiagnosticID("unknown-coverage-item", "a coverage mark names an item 'specrun coverage' does not count")
    package static let unknownMutant = DiagnosticID("unknown-mutant", "a mutation mark names a change no mutant makes")
    package static let failingScenario = DiagnosticID("failing-scenario", "'specrun mutate': a scenario fails, so no mutant can be judged against it")
    package static let swiftName = DiagnosticID("swift-name", "'specrun generate': a name of the spec becomes no Swift name (no letters, or `self`; a keyword is written in backquotes); a warning of `specrun check`")
    package static let swiftCollision = DiagnosticID("swift-collision", "'specrun generate': two names of the spec become one Swift name, or one the generated code has")
    package static let swiftType = DiagnosticID("swift-type", "'specrun generate': a type the generated code does not take where the spec puts it")

    /// Every id the tools report, in the order of docs/diagnostics.md.
    static let toolsIDs: [DiagnosticID] = [
        .fakeDiffers,
        .sharedSnapshots,
        .unknownCoverageItem,
        .unknownMutant,
        .failingScenario,
        .swiftName,
        .swiftCollision,
        .swiftType,
    ]
}
