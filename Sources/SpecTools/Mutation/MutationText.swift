import ScreenSpec
import SpecRuntime

/// The readable report: each survivor with its place, change and the scenarios that should have
/// caught it; a score line per spec and for the run.
public enum MutationText {
    public static func render(_ report: MutationReport, colors: Bool = false) -> String {
        let red = colors ? "\u{1B}[31m" : "", green = colors ? "\u{1B}[32m" : "", bold = colors ? "\u{1B}[1m" : ""
        let reset = colors ? "\u{1B}[0m" : ""
        var out = ""
        for spec in report.specs {
            out += "\(bold)\(spec.specPath)\(reset) (\(spec.screen))\n"
            for name in spec.staleSnapshots {
                out += "  warning: scenario '\(name)' does not match its snapshot; run 'specrun test' first\n"
            }
            for s in spec.survivors {
                out += "  \(s.mutant.range.file):\(s.mutant.range.start): \(red)survived\(reset) in '\(s.mutant.declaration)': \(s.mutant.change)\n"
                out += s.shouldCatch.isEmpty
                    ? "      no scenario exercises '\(s.mutant.declaration)'\n"
                    : "      should have been caught by: " + s.shouldCatch.map { "'\($0)'" }.joined(separator: ", ") + "\n"
            }
            for e in spec.outcomes where e.status == .equivalent {
                out += "  \(e.mutant.range.file):\(e.mutant.range.start): equivalent in '\(e.mutant.declaration)': \(e.mutant.change) (\(e.mutant.equivalentBecause ?? ""))\n"
            }
            let colour = spec.survivors.isEmpty ? green : red
            let invalid = spec.outcomes.filter { $0.status == .invalid }.count
            out += "  \(colour)score \(formatPercent(spec.score)): \(spec.killed) of \(spec.scored) mutants killed\(reset)"
            var extras: [String] = []
            if spec.equivalent > 0 { extras.append("\(spec.equivalent) equivalent") }
            if invalid > 0 { extras.append("\(invalid) not type-correct, skipped") }
            out += (extras.isEmpty ? "" : ", " + extras.joined(separator: ", ")) + "\n\n"
        }
        out += "\(bold)total: score \(formatPercent(report.score)): \(report.killed) of \(report.scored) mutants killed in \(report.specs.count) spec"
        out += "\(report.specs.count == 1 ? "" : "s")\(reset)"
        if !report.invalid.isEmpty { out += ", \(report.invalid.count) invalid" }
        return out + "\n"
    }
}
