import ArgumentParser
import Foundation
import SpecRuntime
import SpecTools

/// One run of `specrun test` over a list of specs: play, compare, prune, report. `--watch`
/// repeats it for the specs a change touches.
struct TestPass {
    var roots: [String]
    var inCI: Bool
    var update: Bool
    var prune: Bool
    var filter: String?
    var shard: Shard?
    var format: Test.Format
    var output: String?

    /// Runs the specs and writes the report; the exit code when not 0.
    func run(_ specs: [String]) -> ExitCode? { result(specs).code }

    /// Runs the specs and writes the report; the exit code when not 0, and the specs that failed
    /// or are invalid (for `--watch`'s `f`).
    func result(_ specs: [String]) -> WatchLoop.PassResult {
        let mode: SnapshotMode = inCI ? .verify : (update ? .update : .review)
        let outcomes = SnapshotSuite.verify(specPaths: specs, mode: mode, filter: filter, shard: shard)
        if let filter, !specs.isEmpty, outcomes.allSatisfy({ $0.scenarios.isEmpty }), outcomes.contains(where: \.isValid) {
            Output.error("warning: no scenario name contains '\(filter)'\n")
        }
        var obsolete = outcomes.flatMap(\.obsoleteSnapshots)
        for root in roots { obsolete += SpecFinder.orphanedSnapshots(under: root) }
        obsolete = Array(Set(obsolete)).sorted()

        var pruned: [String] = []
        if prune && !inCI && !obsolete.isEmpty {
            let problems = SnapshotSuite.prune(obsolete)
            for problem in problems { Output.error(problem + "\n") }
            pruned = obsolete.filter { !FileManager.default.fileExists(atPath: $0) }
        }
        let failing = Set(outcomes.filter { !$0.isValid || $0.scenarios.contains { $0.status.isFailure } }.map(\.specPath))
        let report = TestReport(outcomes: outcomes, obsolete: obsolete, pruned: Set(pruned), ci: inCI, shard: shard, filter: filter, roots: roots)

        switch (format, output) {
        case (.text, _):
            TextReporter(report, colors: Output.useColor(for: STDOUT_FILENO)).write()
        case (.json, nil):
            Output.write(JSONReporter.render(report))
            Output.error(report.summaryLine + "\n")
        case (.junit, nil):
            Output.write(JUnitReporter.render(report))
            Output.error(report.summaryLine + "\n")
        case (.github, _):
            Output.write(GitHubReporter.render(report))
            Output.error(report.summaryLine + "\n")
        case (.html, _) where report.invalid > 0:
            // An invalid spec gives its located diagnostics and no page at all.
            for outcome in outcomes where !outcome.isValid { Output.reportDiagnostics(outcome.loaded) }
            Output.error("note: no html report was written, because \(report.invalid) spec\(report.invalid == 1 ? " is" : "s are") invalid\n")
        case (.html, nil):
            Output.write(HTMLReporter.render(report))
            Output.error(report.summaryLine + "\n")
        case (.json, let file?), (.junit, let file?), (.html, let file?):
            let text = format == .json ? JSONReporter.render(report) : format == .junit ? JUnitReporter.render(report) : HTMLReporter.render(report)
            TextReporter(report, colors: Output.useColor(for: STDOUT_FILENO)).write()
            do {
                try SnapshotFile.writeAtomically(text, to: file)
            } catch {
                Output.error("error: cannot write the report: \(error)\n")
                return WatchLoop.PassResult(code: ExitCodes.failure, failing: failing)
            }
        }
        return WatchLoop.PassResult(code: report.exitCode, failing: failing)
    }
}
