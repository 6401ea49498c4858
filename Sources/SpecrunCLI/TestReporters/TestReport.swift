import ArgumentParser
import SpecRuntime
import SpecTools

/// What `specrun test` found, in the stable order every reporter prints: specs sorted by path,
/// scenarios in declaration order, then obsolete snapshots.
struct TestReport {
    var outcomes: [SpecOutcome]
    var obsolete: [String]
    var pruned: Set<String>
    var ci: Bool
    /// The shard this run played, when `--shard` was given.
    var shard: Shard? = nil
    /// The `--filter` text, when given.
    var filter: String? = nil
    /// The paths the command was given, so that a hint names them (`specs` when none were).
    var roots: [String] = []

    /// ` PATH…` for a hint's command, so it can be copied and run as it is; empty for the
    /// default `specs`, which every command reads when given no path.
    var pathsForHint: String {
        guard !roots.isEmpty, roots != ["specs"] else { return "" }
        return roots.map { " " + ShellWord.quoted($0) }.joined()
    }

    /// Scenarios that did not fail.
    var passed: Int { outcomes.reduce(0) { $0 + $1.scenarios.filter { !$0.status.isFailure }.count } }
    /// Failing scenarios, plus one for each invalid spec.
    var failed: Int { outcomes.reduce(0) { $0 + ($1.isValid ? $1.scenarios.filter(\.status.isFailure).count : 1) } }
    /// Scenarios left out by `--filter`.
    var skipped: Int { outcomes.reduce(0) { $0 + $1.skipped } }

    var invalid: Int { outcomes.filter { !$0.isValid }.count }

    /// `N passed, N failed`, with `, N skipped` only when something was skipped and `, N invalid
    /// spec(s)` only when a spec is invalid: an invalid spec is named as such, not counted as a
    /// failed scenario (`failed` here counts scenarios only; the machine formats keep counting an
    /// invalid spec as one failure). Followed by `(shard 2/4)` when sharded.
    var summaryLine: String {
        "\(passed) passed, \(failed - invalid) failed" + (skipped > 0 ? ", \(skipped) skipped" : "")
            + (invalid > 0 ? ", \(invalid) invalid spec\(invalid == 1 ? "" : "s")" : "") + (shard.map { " (shard \($0))" } ?? "")
    }

    /// Scenarios whose new timeline this run wrote as a pending file to review.
    var pending: [ScenarioOutcome] { outcomes.flatMap(\.scenarios).filter { $0.pendingPath != nil } }

    /// 2 when a spec is invalid, else 1 when anything failed, else nil (success).
    var exitCode: ExitCode? {
        if invalid > 0 { return ExitCodes.invalidSpec }
        if failed > 0 { return ExitCodes.failure }
        return nil
    }
}
