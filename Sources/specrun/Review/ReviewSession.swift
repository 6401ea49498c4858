import ArgumentParser
import ScreenSpec
import SpecRuntime

/// The interactive part of `specrun review`: shows one pending change at a time and settles it
/// by the key pressed.
struct ReviewSession {
    var pending: [PendingSnapshot]
    var colors: Bool
    var accepted = 0, rejected = 0, skipped = 0, problems = 0

    init(pending: [PendingSnapshot], colors: Bool) {
        self.pending = pending
        self.colors = colors
    }

    /// The exit code when a file could not be settled.
    mutating func run() -> ExitCode? {
        var stopped = false
        for (n, change) in pending.enumerated() {
            if stopped { skipped += 1; continue }
            Output.write(render(change, number: n + 1))
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
        Output.write(summary + (skipped > 0 ? "; run 'specrun review' again for the skipped ones" : "") + "\n")
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
        out += "  changes   \(safe(summary))\n\n"
        out += diff.render(colors: colors) + "\n"
        return out
    }

    private func ask() -> Character {
        while true {
            Output.write(paint("a", "1;32") + " accept  " + paint("r", "1;31") + " reject  " + paint("s", "1;33") + " skip  "
                + paint("q", "1") + " quit > ")
            let key = KeyReader.next()
            if "arsq".contains(key) {
                Output.write("\(key)\n")
                return key
            }
            Output.write("\n")
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
