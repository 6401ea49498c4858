import ArgumentParser
import Foundation
import ScreenSpec
import SpecRuntime
import SpecTools

/// The interactive part of `specrun review`: shows one pending change at a time and settles it
/// by the key pressed.
struct ReviewSession {
    var pending: [PendingSnapshot]
    var colors: Bool
    /// ` PATH…` as given to `review`, for the hint to run it again.
    var hintPaths = ""
    /// Whether a diff taller than the terminal goes through the pager (`Pager`); off with
    /// `--no-pager`.
    var pager: Bool
    var accepted = 0, rejected = 0, skipped = 0, problems = 0

    init(pending: [PendingSnapshot], colors: Bool, hintPaths: String = "", pager: Bool = true) {
        self.hintPaths = hintPaths
        self.pending = pending
        self.colors = colors
        self.pager = pager
    }

    /// The exit code when a file could not be settled.
    mutating func run() -> ExitCode? {
        var stopped = false
        for (n, change) in pending.enumerated() {
            if stopped { skipped += 1; continue }
            // Only the diff is paged: the prompt and its key come after the pager quits.
            Pager.show(render(change, number: n + 1), allowed: pager)
            switch ask() {
            case "a":
                settle(change, accept: true)
            case "r":
                settle(change, accept: false)
            case "s":
                skipped += 1
                Output.write("skipped; still pending\n\n")
            default:
                stopped = true
                skipped += 1
                Output.write("stopped; the rest stay pending\n\n")
            }
        }
        var summary = "\(accepted) accepted, \(rejected) rejected, \(skipped) skipped"
        if problems > 0 { summary += ", \(problems) could not be settled" }
        Output.write(summary + (skipped > 0 ? "; run 'specrun review\(hintPaths)' again for the skipped ones" : "") + "\n")
        return problems > 0 ? ExitCodes.failure : nil
    }

    /// The header, the summary of what changed and the diff of one pending change.
    func render(_ change: PendingSnapshot, number: Int) -> String {
        let (diff, summary) = change.changes()
        // The header line of a pending file and the snapshot's lines are anyone's text: escaped.
        func safe(_ s: String) -> String { TerminalText.escaped(s) }
        let spec = change.specPath.map(safe) ?? "(spec file not found)"
        var out = paint("Pending \(number) of \(pending.count)", "1") + "\n"
        out += "  spec      \(spec)\n"
        out += "  scenario  \(change.scenario.map(safe) ?? "(unknown: the file has no '# scenario:' line)")\n"
        out += "  snapshot  \(safe(change.snapshotPath))\n"
        out += "  changes   \(safe(summary))\n"
        out += "  report    \(Self.report(for: change))\n\n"
        out += diff.render(colors: colors, words: true) + "\n"
        return out
    }

    /// The marble report of the change's scenario, the new timeline drawn: the page when it was
    /// made (a file named as below, in the current folder), else the command that makes it.
    /// Reports go where `--format html` sends them, so review proposes one name per scenario:
    /// `<spec stem>.<snapshot name>.html`.
    static func report(for change: PendingSnapshot) -> String {
        let snapshot = (change.snapshotPath as NSString).lastPathComponent
        let slug = snapshot.hasSuffix("." + SnapshotLayout.fileExtension) ? String(snapshot.dropLast(SnapshotLayout.fileExtension.count + 1)) : snapshot
        guard let spec = change.specPath, let scenario = change.scenario else { return "(none: the spec or the scenario name is unknown)" }
        let page = SnapshotLayout.stem(of: spec) + "." + slug + ".html"
        if FileManager.default.fileExists(atPath: page) { return "open \(TerminalText.escaped(page))" }
        let command = "specrun run \(ShellWord.quoted(spec)) --scenario \(ShellWord.quoted(scenario)) --format html > \(ShellWord.quoted(page))"
        return TerminalText.escaped(command)
    }

    /// The keys that act, as the one-line hint shows them.
    static let hint = "keys: a accept, r reject, s skip, q quit"

    /// Asks until a key that acts: `a`, `r`, `s`, or `q` (also Ctrl-C, Ctrl-D and the end of
    /// the input). Only those exact keys act: `A` is not `a`, and an arrow's escape sequence is
    /// read whole and ignored, so that no part of it is taken for a choice. Any other key gets
    /// the hint.
    private func ask() -> Character {
        let prompt = paint("a", "1;32") + " accept  " + paint("r", "1;31") + " reject  " + paint("s", "1;33") + " skip  "
            + paint("q", "1") + " quit > "
        Output.write(prompt)
        while true {
            switch KeyReader.next() {
            case .character(let key) where "arsq".contains(key):
                Output.write("\(key)\n")
                return key
            case .interrupt, .endOfInput:
                Output.write("q\n")
                return "q"
            case .escapeSequence:
                continue
            default:
                Output.write("\n" + Self.hint + "\n" + prompt)
            }
        }
    }

    private mutating func settle(_ change: PendingSnapshot, accept: Bool) {
        do {
            if accept {
                try change.accept()
                accepted += 1
                Output.write("accepted: \(change.snapshotPath) now holds the new timeline\n\n")
            } else {
                try change.reject()
                rejected += 1
                Output.write("rejected: deleted \(change.path)\n\n")
            }
        } catch {
            problems += 1
            Output.error("error: \(error)\n")
        }
    }

    private func paint(_ s: String, _ code: String) -> String {
        colors ? "\u{1B}[\(code)m\(s)\u{1B}[0m" : s
    }
}
