import ArgumentParser
import Foundation
import SpecRuntime
import SpecTools

struct Test: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "test",
        abstract: "Play specs and compare every scenario's timeline with its committed snapshot.",
        discussion: """
            Snapshots live in <spec folder>/__snapshots__/<spec name>/<scenario>.timeline (see \
            docs/snapshots.md). A missing snapshot is written and reported as NEW; a different one \
            fails, and its new timeline is written beside it as <scenario>.timeline.new for \
            'specrun review' (or '--accept' / '--reject'). CI mode ('--ci', or the CI environment \
            variable set to anything but 'false' or '0') never writes and fails instead. Exit \
            status: 0 when everything passed, 1 when a scenario failed, 2 when a spec is invalid, \
            64 for a usage error, 66 when a path does not exist.
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json, junit, html, github
    }

    @Argument(help: "Spec files, or folders searched recursively for *.yaml and *.yml (default: specs).",
              completion: SpecArguments.completion)
    var paths: [String] = []

    @Flag(help: "Write new and changed snapshots; equal ones are not touched.")
    var update = false

    @Flag(help: "Never write anything; a missing snapshot fails (also when CI is set in the environment).")
    var ci = false

    @Flag(help: "Delete obsolete snapshots and pending files: those of a spec's snapshot folder that match no current scenario.")
    var prune = false

    @Flag(help: "Accept every pending change (.timeline.new) under the paths, without playing anything.")
    var accept = false

    @Flag(help: "Reject (delete) every pending change (.timeline.new) under the paths, without playing anything.")
    var reject = false

    @Option(help: "Play only the scenarios whose name contains this text (with --accept/--reject: settle only those; the shell completes the names).",
            completion: ScenarioCompletion.kind)
    var filter: String?

    @Option(help: ArgumentHelp("Play only shard I of N (such as 2/4) of the scenarios, for a CI matrix; the shards together play each once.",
                               valueName: "i/n"), transform: Shard.parsed)
    var shard: Shard?

    @Option(name: [.customLong("format"), .customLong("reporter")],
            help: "How to report: text, json (one object per line), junit (XML), html (a self-contained page of marble diagrams, with snapshot diffs) or github (GitHub Actions workflow commands: each problem annotated on its line). '--reporter' is the former spelling.")
    var format: Format = .text

    @Option(help: "Write the json, junit or html report to this file (whole or not at all) and the text report to standard output.")
    var output: String?

    @Flag(help: "Keep running: test again whatever a saved file changes (a spec, its snapshots, a spec it navigates to). On a terminal, keys: a accept all, r review, f failed only, p filter by spec path, Enter run again, q quit; Ctrl-C exits 130.")
    var watch = false

    @OptionGroup var display: DisplayOptions

    func validate() throws {
        if ci && update { throw ValidationError("'--ci' never writes snapshots, so it cannot be combined with '--update'") }
        if ci && prune { throw ValidationError("'--ci' never deletes snapshots, so it cannot be combined with '--prune'") }
        if output != nil && (format == .text || format == .github) {
            throw ValidationError("'--output' needs '--format json', '--format junit' or '--format html'; text and github go to standard output")
        }
        if accept && reject { throw ValidationError("'--accept' and '--reject' settle the same pending changes; choose one") }
        if accept || reject {
            let flag = accept ? "--accept" : "--reject"
            let others = [("--update", update), ("--ci", ci), ("--prune", prune), ("--watch", watch), ("--shard", shard != nil),
                          ("--output", output != nil), ("--format", format != .text)].filter(\.1).map(\.0)
            if let other = others.first {
                throw ValidationError("'\(flag)' only settles pending changes and plays nothing, so it cannot be combined with '\(other)'")
            }
        }
    }

    /// `a` and `r` in a CI watch: nothing is written, so nothing is settled.
    private static func ciSettlesNothing() -> Bool {
        Output.error("note: CI is set, so nothing is written or deleted; pending changes are not settled\n")
        return false
    }

    /// `CI` set to anything but empty, `false` or `0` (any case) means a CI run.
    static func isCI(_ value: String?) -> Bool {
        guard let value = value?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { return false }
        return !["false", "0"].contains(value.lowercased())
    }

    func run() throws {
        display.apply()
        let inCI = ci || Test.isCI(ProcessInfo.processInfo.environment["CI"])
        let roots = try SpecFinder.rootsOrUsageError(paths)
        if accept || reject {
            if inCI {
                Output.error("note: CI is set, so nothing is written or deleted; '\(accept ? "--accept" : "--reject")' is ignored\n")
                return
            }
            if let code = PendingSettlement(roots: roots, filter: filter, accept: accept).run() { throw code }
            return
        }
        if inCI && (update || prune) {
            Output.error("note: CI is set, so nothing is written or deleted; '--update' and '--prune' are ignored\n")
        }
        let specs = try SpecArguments.expandOrExit(roots, allowStandardInput: false).paths
        try Output.refuseInput(output, inputs: specs)
        let pass = TestPass(roots: roots, inCI: inCI, update: update, prune: prune, filter: filter, shard: shard,
                            format: format, output: output)
        if watch {
            let keys = WatchLoop.KeyActions(
                acceptAll: { specs in
                    guard !inCI else { return Self.ciSettlesNothing() }
                    guard !PendingSettlement(roots: specs, filter: filter, accept: true).pending.isEmpty else {
                        Output.error("no pending snapshot changes to accept\n")
                        return false
                    }
                    _ = PendingSettlement(roots: specs, filter: filter, accept: true).run()
                    return true
                },
                review: { specs in
                    guard !inCI else { return Self.ciSettlesNothing() }
                    let pending = PendingSettlement(roots: specs, filter: filter, accept: true).pending
                    guard !pending.isEmpty else {
                        Output.error("no pending snapshot changes to review\n")
                        return false
                    }
                    var session = ReviewSession(pending: pending, colors: Output.useColor(for: STDOUT_FILENO))
                    _ = session.run()
                    return true
                }
            )
            try WatchLoop(roots: roots, command: "test", rewritesSnapshots: update || prune, keyActions: keys) { pass.result($0) }.run()
        }
        if let code = pass.run(specs) { throw code }
    }
}

extension Shard {
    /// Reads `--shard i/n`, saying why a value is refused.
    static func parsed(_ text: String) throws -> Shard {
        if let shard = Shard(text) { return shard }
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]) else {
            throw ValidationError("a shard is written i/n, such as 2/4")
        }
        if count < 1 { throw ValidationError("the number of shards n must be at least 1, found \(count)") }
        throw ValidationError("the shard index i must be 1...\(count) (i/n is shard i of n), found \(index)")
    }
}
