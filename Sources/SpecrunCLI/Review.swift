import ArgumentParser
import Foundation
import SpecRuntime
import SpecTools

struct Review: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "review",
        abstract: "Walk through pending snapshot changes one by one: accept, reject or skip each.",
        discussion: """
            A local 'specrun test' that finds a changed timeline keeps the new one beside the \
            snapshot as <scenario>.timeline.new. 'specrun review' shows each: its spec and \
            scenario, a summary of what changed and the diff, and reads one key: a accepts (the \
            new timeline becomes the snapshot), r rejects (the pending file is deleted), s skips \
            (it stays pending), q (or Ctrl-C) stops. Only these lowercase keys act; arrows and \
            other keys are ignored or answered with a hint. Changed words inside a changed line \
            are marked (reverse video, or [-old-]{+new+} without colours). A diff taller than the \
            terminal goes through $PAGER (default 'less -R -F -X'; '--no-pager' prints it whole); \
            the prompt comes after the pager quits. Each change names its scenario's marble \
            report (the page when it exists, else the command that makes it). It needs a terminal; 'specrun test --accept' or \
            '--reject' settle every change at once. Exit status: 0, 1 when a file could not be \
            settled, 64 for a usage error, 66 when a path does not exist.
            """
    )

    @Argument(help: "Spec files, or folders searched recursively (default: specs).", completion: SpecArguments.completion)
    var paths: [String] = []

    @Flag(help: "Print every diff whole: no pager, even for a diff taller than the terminal.")
    var noPager = false

    @OptionGroup var display: DisplayOptions

    func run() throws {
        display.apply()
        try SpecArguments.requireExistingOrExit(paths)
        let roots = paths.isEmpty ? ["specs"] : paths
        let pending = PendingSnapshot.find(in: roots)
        let hintPaths = paths.isEmpty ? "" : TerminalText.escaped(paths.map { " " + ShellWord.quoted($0) }.joined())
        guard !pending.isEmpty else {
            Output.write("no pending snapshot changes in \(roots.joined(separator: ", ")); 'specrun test' writes them when a timeline changes\n")
            return
        }
        guard KeyReader.isTerminal else {
            Output.error("error: 'specrun review' reads keys from a terminal; settle all \(pending.count) pending change\(pending.count == 1 ? "" : "s") with 'specrun test --accept\(hintPaths)' or 'specrun test --reject\(hintPaths)'\n")
            throw ExitCodes.usage
        }
        KeyReader.restoreOnStop()
        var session = ReviewSession(pending: pending, colors: Output.useColor(for: STDOUT_FILENO), hintPaths: hintPaths, pager: !noPager)
        if let code = session.run() { throw code }
    }
}
