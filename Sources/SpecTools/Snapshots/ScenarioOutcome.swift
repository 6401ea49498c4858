import ScreenSpec
import SpecRuntime

/// The result of playing one scenario and comparing its timeline with its snapshot.
package struct ScenarioOutcome: Sendable {
    /// The overall verdict: `passed`, `failed`, `new` (snapshot written), `missing` (snapshot
    /// absent and not written: a failure) or `updated` (snapshot rewritten under `.update`).
    package struct Status: Sendable, Hashable, CustomStringConvertible {
        enum Kind: Sendable, Hashable { case passed, failed, new, missing, updated }
        let kind: Kind

        package static let passed = Status(kind: .passed)
        package static let failed = Status(kind: .failed)
        package static let new = Status(kind: .new)
        package static let missing = Status(kind: .missing)
        package static let updated = Status(kind: .updated)

        /// `failed` and `missing` fail a run.
        package var isFailure: Bool { kind == .failed || kind == .missing }

        /// The report label: `PASS`, `FAIL`, `NEW` (written, or missing and not written) or `UPDATED`.
        package var description: String {
            switch kind {
            case .passed: return "PASS"
            case .failed: return "FAIL"
            case .new, .missing: return "NEW"
            case .updated: return "UPDATED"
            }
        }
    }

    /// What was found on disk before anything was written.
    package struct Comparison: Sendable, Hashable {
        enum Kind: Sendable, Hashable { case matched, differed, missing }
        let kind: Kind

        package static let matched = Comparison(kind: .matched)
        package static let differed = Comparison(kind: .differed)
        package static let missing = Comparison(kind: .missing)
    }

    package var specPath: String
    package var scenario: String
    package var snapshotPath: String
    package var timeline: Timeline
    /// The snapshot text this run produced.
    package var actual: String
    package var comparison: Comparison
    /// Whether this run wrote the snapshot file.
    package var wrote: Bool
    /// Failed `expect:` steps and runtime errors, as `file:line: message (at 500ms)`.
    package var expectFailures: [String]
    /// The diff from the stored snapshot to the actual timeline, when they differ.
    package var diff: UnifiedDiff?
    /// One line naming the outputs that changed and when, when the snapshot differs.
    package var changeSummary: String?
    /// Why writing the snapshot failed, if it did.
    package var writeError: String?
    /// The pending file holding the new timeline, when this run wrote one (`SnapshotMode.review`).
    package var pendingPath: String?
    /// How long playing and comparing the scenario took, in wall time (for test reports only).
    package var duration: Duration = .zero

    package var status: Status {
        if !expectFailures.isEmpty || writeError != nil { return .failed }
        switch comparison.kind {
        case .matched: return .passed
        case .differed: return wrote ? .updated : .failed
        case .missing: return wrote ? .new : .missing
        }
    }

    /// What every report says of a snapshot that is missing and was not written.
    package var missingSnapshotMessage: String {
        "snapshot missing: \(snapshotPath) (run 'specrun test' to record it, then commit it)"
    }

    /// Every problem of this scenario as readable text, empty when it passed.
    package var failureDescription: String? {
        guard status.isFailure else { return nil }
        var lines = ["\(specPath) › \(scenario)"]
        lines += expectFailures
        if let writeError { lines.append("cannot write the snapshot: \(writeError)") }
        if comparison == .missing && !wrote {
            lines.append(missingSnapshotMessage)
        }
        if comparison == .differed && !wrote {
            lines.append("snapshot differs: \(changeSummary ?? "")")
            if let diff { lines.append(diff.render().trimmingSuffixNewline) }
        }
        return lines.joined(separator: "\n")
    }
}

extension String {
    package var trimmingSuffixNewline: String { hasSuffix("\n") ? String(dropLast()) : self }
}

/// The result of checking every scenario of one spec file.
package struct SpecOutcome: Sendable {
    package var specPath: String
    /// The loaded spec with its diagnostics; `loaded.spec` is nil when the spec is invalid.
    package var loaded: LoadedSpec
    /// The scenarios that ran, in declaration order.
    package var scenarios: [ScenarioOutcome]
    /// Scenarios left out by a filter.
    package var skipped: Int
    /// Snapshot files of this spec that match no current scenario (renamed or removed).
    package var obsoleteSnapshots: [String]

    package var isValid: Bool { loaded.spec != nil }

    /// Readable failures: the diagnostics of an invalid spec, or one entry per failing scenario.
    package var failures: [String] {
        if !isValid { return ["\(specPath) is invalid:\n" + loaded.renderDiagnostics().trimmingSuffixNewline] }
        return scenarios.compactMap(\.failureDescription)
    }
}
