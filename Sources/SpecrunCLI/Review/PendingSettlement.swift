import ArgumentParser
import ScreenSpec
import SpecRuntime
import SpecTools

/// `specrun test --accept` and `--reject`: settles every pending change under the paths at once.
struct PendingSettlement {
    var roots: [String]
    var filter: String?
    var accept: Bool

    /// The pending files under the paths, those of scenarios whose name contains `filter` when
    /// it is given.
    var pending: [PendingSnapshot] {
        PendingSnapshot.find(in: roots).filter { p in
            guard let filter, !filter.isEmpty else { return true }
            return p.scenario?.contains(filter) ?? false
        }
    }

    /// Accepts or rejects each pending file, one line each, then a count; the exit code when
    /// some file could not be settled.
    func run() -> ExitCode? {
        let pending = self.pending
        guard !pending.isEmpty else {
            Output.write("no pending snapshot changes in \(roots.joined(separator: ", "))\n")
            return nil
        }
        var settled = 0, problems = 0
        for p in pending {
            do {
                if accept {
                    try p.accept()
                    Output.write("accepted \(TerminalText.escaped(p.snapshotPath))\n")
                } else {
                    try p.reject()
                    Output.write("rejected \(TerminalText.escaped(p.path))\n")
                }
                settled += 1
            } catch {
                Output.error("error: \(error)\n")
                problems += 1
            }
        }
        Output.write("\(settled) \(accept ? "accepted" : "rejected")" + (problems > 0 ? ", \(problems) could not be settled" : "") + "\n")
        return problems > 0 ? ExitCodes.failure : nil
    }
}
