import ScreenSpec
import SpecRuntime

/// The readable report: each survivor with its place, change and the scenarios that should have
/// caught it; a score line per spec and for the run.
package enum MutationText {
    package static func render(_ report: MutationReport, colors: Bool = false) -> String {
        let red = colors ? "\u{1B}[31m" : "", green = colors ? "\u{1B}[32m" : "", bold = colors ? "\u{1B}[1m" : ""
        let reset = colors ? "\u{1B}[0m" : ""
        var out = ""
        for spec in report.specs {
            out += "\(bold)\(spec.specPath)\(reset) (\(spec.screen))\n"
            for name in spec.staleSnapshots {
                out += "  warning: scenario '\(name)' does not match its snapshot; run 'specrun test' first\n"
            }
            if !spec.unjudgedScenarios.isEmpty {
                let names = spec.unjudgedScenarios.map { "'\($0)'" }.joined(separator: ", ")
                let one = spec.unjudgedScenarios.count == 1
                out += "  note: \(one ? "scenario" : "scenarios") \(names) \(one ? "has" : "have") no expect: and no snapshot, so 'specrun test' passes \(one ? "it" : "them") "
                    + "whatever \(one ? "its timeline is" : "their timelines are"): \(one ? "it kills" : "they kill") a mutant only through an invariant or a runtime error "
                    + "(add an expect:, or run 'specrun test' to keep a snapshot)\n"
            }
            for s in spec.survivors {
                out += "  \(s.mutant.range.file):\(s.mutant.range.start): \(red)survived\(reset) in '\(s.mutant.declaration)': \(s.mutant.change)\n"
                out += s.shouldCatch.isEmpty
                    ? "      no scenario reaches it ('specrun coverage' says what none runs)\n"
                    : "      should have been caught by: " + s.shouldCatch.map { "'\($0)'" }.joined(separator: ", ") + "\n"
            }
            for k in spec.outcomes where k.status == .killed && k.mutant.equivalentBecause != nil {
                out += "  \(k.mutant.range.file):\(k.mutant.range.start): warning: " + markedButKilled(k, among: spec.outcomes) + "\n"
            }
            for e in spec.outcomes where e.status == .equivalent {
                out += "  \(e.mutant.range.file):\(e.mutant.range.start): equivalent in '\(e.mutant.declaration)': \(e.mutant.change) (\(e.mutant.equivalentBecause ?? ""))\n"
            }
            let color = spec.survivors.isEmpty ? green : red
            let invalid = spec.outcomes.filter { $0.status == .invalid }.count
            // Nothing scored is no score: "100 %" would say that the scenarios check everything.
            out += spec.scored == 0 ? "  \(red)no mutants\(reset)" : "  \(color)score \(formatPercent(spec.score)): \(spec.killed) of \(spec.scored) mutants killed\(reset)"
            var extras: [String] = []
            if spec.equivalent > 0 { extras.append("\(spec.equivalent) equivalent") }
            if invalid > 0 { extras.append("\(invalid) not type-correct, skipped") }
            if spec.notPlayed > 0 { extras.append("\(spec.notPlayed) not played (time budget)") }
            out += (extras.isEmpty ? "" : ", " + extras.joined(separator: ", ")) + "\n\n"
        }
        // A spec refused (an error, a failing scenario) is named here too, as a log that keeps
        // standard output alone would otherwise show only the score of the others.
        for loaded in report.invalid {
            let error = loaded.diagnostics.first { $0.severity == .error }?.message ?? "it has errors"
            out += "\(bold)\(loaded.source.path)\(reset)\n  \(red)not mutated\(reset): \(error)\n\n"
        }
        if report.specs.isEmpty && !report.invalid.isEmpty {
            out += "\(bold)total: no score: \(report.invalid.count) spec\(report.invalid.count == 1 ? "" : "s") not mutated\(reset)\n"
            if let stop = stopLine(report) { out += stop + "\n" }
            return out
        }
        out += report.scored == 0 ? "\(bold)total: no mutants in \(report.specs.count) spec"
            : "\(bold)total: score \(formatPercent(report.score)): \(report.killed) of \(report.scored) mutants killed in \(report.specs.count) spec"
        out += "\(report.specs.count == 1 ? "" : "s")\(reset)"
        if !report.invalid.isEmpty { out += ", \(report.invalid.count) not mutated" }
        out += "\n"
        if let stop = stopLine(report) { out += stop + "\n" }
        return out
    }

    /// The warning for `killed`, a mutant marked in `equivalentMutants:` that a scenario kills (it
    /// counts as killed): when its mark names others of its change, how to mark those alone.
    static func markedButKilled(_ killed: MutantOutcome, among outcomes: [MutantOutcome]) -> String {
        let m = killed.mutant
        var out = "marked equivalent (\(m.equivalentBecause ?? "")), but scenario '\(killed.killedBy ?? "")' kills it: '\(m.declaration)': \(m.change)"
        let sameMark = outcomes.filter { $0.mutant.equivalentMark?.index == m.equivalentMark?.index }
        let equivalent = sameMark.filter { $0.status == .equivalent }
        if sameMark.count > 1, !equivalent.isEmpty {
            out += "; the mark names \(sameMark.count) mutants of this change in '\(m.declaration)'; to mark one alone, add "
                + equivalent.map { "'occurrence: \($0.mutant.equivalentMark?.occurrence ?? 0)' (the one at \($0.mutant.range.start))" }.joined(separator: " or ")
        }
        return out
    }

    /// What the time budget left out, when it ran out; the same line goes to standard error.
    package static func stopLine(_ report: MutationReport) -> String? {
        guard let budget = report.timeBudget else { return nil }
        let seconds = budget == budget.rounded() && budget < 1e9 ? "\(Int(budget))" : ExploreReport.format1(budget)
        var out = "stopped: the time budget (--max-seconds \(seconds)) was used up "
        out += "after \(ExploreReport.format1(report.seconds)) s: \(report.mutants - report.notPlayed) of \(report.mutants) mutants played"
        out += " in \(report.specs.count + report.invalid.count) of \(report.specs.count + report.invalid.count + report.specsNotStarted.count) specs"
        if !report.specsNotStarted.isEmpty {
            let named = report.specsNotStarted.prefix(3).map { "'\($0)'" }.joined(separator: ", ")
            out += "; not started: " + named + (report.specsNotStarted.count > 3 ? " and \(report.specsNotStarted.count - 3) more" : "")
        }
        out += "; the score counts the mutants played (raise --max-seconds to play them all)"
        return out
    }
}
