import ArgumentParser
import Foundation
import SpecRuntime

struct Test: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Play specs and compare every scenario's timeline with its committed snapshot.",
        discussion: """
            Snapshots live in <spec folder>/__snapshots__/<spec name>/<scenario>.timeline (see \
            docs/snapshots.md). A missing snapshot is written and reported as NEW, except in CI mode \
            ('--ci', or the CI environment variable set to anything but 'false' or '0'), which never \
            writes and fails instead. Exit status: 0 when everything passed, 1 when a scenario \
            failed, 2 when a spec is invalid, 64 for a usage error.
            """
    )

    enum Reporter: String, ExpressibleByArgument, CaseIterable {
        case text, json, junit, html
    }

    @Argument(help: "Spec files, or folders searched recursively for *.yaml (default: specs).")
    var paths: [String] = []

    @Flag(help: "Write new and changed snapshots; equal ones are not touched.")
    var update = false

    @Flag(help: "Never write anything; a missing snapshot fails (also when CI is set in the environment).")
    var ci = false

    @Flag(help: "Delete obsolete snapshots: files of a spec's snapshot folder that match no current scenario.")
    var prune = false

    @Option(help: "Play only the scenarios whose name contains this text.")
    var filter: String?

    @Option(help: "How to report: text, json (one object per line), junit (XML) or html (a self-contained page of marble diagrams, with snapshot diffs).")
    var reporter: Reporter = .text

    @Option(help: "Write the json, junit or html report to this file (whole or not at all) and the text report to standard output.")
    var output: String?

    func validate() throws {
        if ci && update { throw ValidationError("'--ci' never writes snapshots, so it cannot be combined with '--update'") }
        if ci && prune { throw ValidationError("'--ci' never deletes snapshots, so it cannot be combined with '--prune'") }
        if output != nil && reporter == .text { throw ValidationError("'--output' needs '--reporter json', '--reporter junit' or '--reporter html'") }
    }

    /// `CI` set to anything but empty, `false` or `0` (any case) means a CI run.
    static func isCI(_ value: String?) -> Bool {
        guard let value = value?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { return false }
        return !["false", "0"].contains(value.lowercased())
    }

    func run() throws {
        let inCI = ci || Test.isCI(ProcessInfo.processInfo.environment["CI"])
        if inCI && (update || prune) {
            Output.error("note: CI is set, so nothing is written or deleted; '--update' and '--prune' are ignored\n")
        }
        let roots = paths.isEmpty ? ["specs"] : paths
        if paths.isEmpty && !FileManager.default.fileExists(atPath: "specs") {
            Output.error("error: there is no 'specs' folder here; name the spec files or folders to test\n")
            throw ExitCodes.usage
        }
        let specs = SpecFinder.specs(in: roots)
        if specs.isEmpty { Output.error("warning: no *.yaml specs found in \(roots.joined(separator: ", "))\n") }

        let mode: SnapshotMode = inCI ? .verify : (update ? .update : .recordNew)
        let outcomes = SnapshotSuite.verify(specPaths: specs, mode: mode, filter: filter)
        if let filter, !specs.isEmpty, outcomes.allSatisfy({ $0.scenarios.isEmpty }), outcomes.contains(where: \.isValid) {
            Output.error("warning: no scenario name contains '\(filter)'\n")
        }
        var obsolete = outcomes.flatMap(\.obsoleteSnapshots)
        for root in roots { obsolete += SpecFinder.orphanedSnapshots(under: root) }
        obsolete = Array(Set(obsolete)).sorted()

        var pruned: [String] = []
        if prune && !inCI && !obsolete.isEmpty {
            let problems = SnapshotSuite.prune(obsolete)
            for problem in problems { Output.error("error: \(problem)\n") }
            pruned = obsolete.filter { !FileManager.default.fileExists(atPath: $0) }
        }
        let report = TestReport(outcomes: outcomes, obsolete: obsolete, pruned: Set(pruned), ci: inCI)

        switch (reporter, output) {
        case (.text, _):
            TextReporter(report, colors: Output.useColor(for: STDOUT_FILENO)).write()
        case (.json, nil):
            Output.write(JSONReporter.render(report))
            Output.error(report.summaryLine + "\n")
        case (.junit, nil):
            Output.write(JUnitReporter.render(report))
            Output.error(report.summaryLine + "\n")
        case (.html, _) where report.invalid > 0:
            // An invalid spec gives its located diagnostics and no page at all.
            for outcome in outcomes where !outcome.isValid { Output.reportDiagnostics(outcome.loaded) }
            Output.error("note: no html report was written, because \(report.invalid) spec\(report.invalid == 1 ? " is" : "s are") invalid\n")
        case (.html, nil):
            Output.write(HTMLReporter.render(report))
            Output.error(report.summaryLine + "\n")
        case (.json, let file?), (.junit, let file?), (.html, let file?):
            let text = reporter == .json ? JSONReporter.render(report) : reporter == .junit ? JUnitReporter.render(report) : HTMLReporter.render(report)
            TextReporter(report, colors: Output.useColor(for: STDOUT_FILENO)).write()
            do {
                try SnapshotFile.writeAtomically(text, to: file)
            } catch {
                Output.error("error: cannot write the report: \(error)\n")
                throw ExitCodes.failure
            }
        }
        if let code = report.exitCode { throw code }
    }
}
