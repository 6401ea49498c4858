import ScreenSpec
import SpecRuntime

/// The readable coverage report: per spec, each item never exercised at `file:line:col`, then a
/// summary line per spec and one for the run.
package enum CoverageText {
    package static func render(_ report: CoverageReport, colors: Bool = false) -> String {
        let red = colors ? "\u{1B}[31m" : "", green = colors ? "\u{1B}[32m" : "", bold = colors ? "\u{1B}[1m" : ""
        let reset = colors ? "\u{1B}[0m" : ""
        var out = ""
        for spec in report.specs {
            out += "\(bold)\(spec.specPath)\(reset) (\(spec.screen))\n"
            for item in spec.items where item.missed || item.unreachableBecause != nil || item.reachedThoughMarked != nil {
                if let reason = item.reachedThoughMarked {
                    let by = item.coveredBy.first.map { "scenario '\($0)'" } ?? "a scenario"
                    out += "  \(item.range.file):\(item.range.start): warning: marked unreachable (\(reason)), but \(by) reaches it: \(item.what)"
                    out += (item.markHint.map { "; " + $0 } ?? "") + "\n"
                } else if let reason = item.unreachableBecause {
                    out += "  \(item.range.file):\(item.range.start): unreachable: \(item.what) (\(reason))\n"
                } else {
                    out += "  \(item.range.file):\(item.range.start): \(red)never\(reset) \(item.what)\n"
                }
            }
            for failing in spec.failingScenarios {
                out += "  \(red)error\(reset): scenario '\(failing.name)' fails: \(failing.failure); what it exercised is counted, but it checks nothing\n"
            }
            for name in spec.stoppedScenarios {
                out += "  note: scenario '\(name)' was stopped by a runaway limit; what it would have done later is not counted\n"
            }
            let color = spec.covered == spec.total ? green : red
            out += "  \(color)\(spec.covered)/\(spec.total) covered (\(formatPercent(spec.percent)))\(reset)\n\n"
        }
        if report.specs.isEmpty && !report.invalid.isEmpty {
            // Nothing was measured: no percentage (as `mutate` gives no score).
            return out + "\(bold)total: no coverage: \(report.invalid.count) spec\(report.invalid.count == 1 ? "" : "s") invalid\(reset)\n"
        }
        out += "\(bold)total: \(report.covered)/\(report.total) covered (\(formatPercent(report.percent))) in \(report.specs.count) spec"
        out += "\(report.specs.count == 1 ? "" : "s")\(reset)"
        if !report.invalid.isEmpty { out += ", \(report.invalid.count) invalid" }
        let failing = report.failingScenarios.count
        if failing > 0 { out += ", \(failing) failing scenario\(failing == 1 ? "" : "s")" }
        return out + "\n"
    }
}
