import Foundation
import ScreenSpec
import SpecRuntime
import SpecTools

/// The human report: one labelled line per scenario, failures and diffs indented under it,
/// obsolete snapshots, then the summary line last. Names, paths and messages are escaped for the
/// terminal (`TerminalText`).
struct TextReporter {
    var report: TestReport
    var colors: Bool

    init(_ report: TestReport, colors: Bool) {
        self.report = report
        self.colors = colors
    }

    private let indent = "         "

    func write() {
        for outcome in report.outcomes {
            guard outcome.isValid else {
                Output.reportDiagnostics(outcome.loaded)
                Output.write(label("INVALID", "1;31") + safe(outcome.specPath) + " (its diagnostics are on standard error)\n")
                continue
            }
            for scenario in outcome.scenarios { Output.write(render(scenario)) }
        }
        var tail = ""
        if !report.obsolete.isEmpty {
            for path in report.obsolete {
                let what = OutputFile.isTemporary((path as NSString).lastPathComponent)
                    ? "temporary file left by an interrupted write" : "obsolete snapshot"
                tail += report.pruned.contains(path) ? "deleted \(what) \(safe(path))\n" : "\(what) \(safe(path))\n"
            }
            let remaining = report.obsolete.filter { !report.pruned.contains($0) }
            let temporary = remaining.filter { OutputFile.isTemporary(($0 as NSString).lastPathComponent) }.count
            let left = remaining.count - temporary
            if left > 0 && !report.ci {
                tail += "\(left) obsolete snapshot\(left == 1 ? "" : "s") (its spec or scenario was renamed or removed); 'specrun test --prune\(safe(report.pathsForHint))' deletes \(left == 1 ? "it" : "them")\n"
            }
            if temporary > 0 && !report.ci {
                tail += "\(temporary) temporary file\(temporary == 1 ? "" : "s") of an interrupted 'specrun test' run; 'specrun test --prune\(safe(report.pathsForHint))' deletes \(temporary == 1 ? "it" : "them")\n"
            }
        }
        let pending = report.pending.count
        let differed = report.outcomes.flatMap(\.scenarios).contains { $0.comparison == .differed && !$0.wrote && $0.pendingPath == nil }
        if pending > 0 {
            tail += "\(pending) snapshot\(pending == 1 ? "" : "s") changed; review \(pending == 1 ? "it" : "them") one by one with 'specrun review\(safe(report.pathsForHint))', "
                + "or settle all with 'specrun test --accept\(safe(report.pathsForHint))' or '--reject'\n"
        } else if differed && !report.ci {
            tail += "review the diffs above; 'specrun test --update\(safe(report.pathsForHint))' accepts the new timelines\n"
        }
        Output.write(tail + report.summaryLine + "\n")
    }

    func render(_ scenario: ScenarioOutcome) -> String {
        let status = scenario.status
        let code: String
        switch status {
        case .passed: code = "32"
        case .failed: code = "1;31"
        case .updated: code = "36"
        default: code = status.isFailure ? "1;31" : "33"
        }
        var out = label(status.description, code) + "\(safe(scenario.specPath)) › \(safe(scenario.scenario))\n"
        for failure in scenario.expectFailures { out += indent + safe(failure) + "\n" }
        if let error = scenario.writeError { out += indent + "cannot write the snapshot: \(safe("\(error)"))\n" }
        if scenario.comparison == .missing {
            out += scenario.wrote
                ? indent + "wrote \(safe(scenario.snapshotPath))\n"
                : indent + "missing \(safe(scenario.snapshotPath)); \(report.ci ? "CI never writes snapshots: run 'specrun test' locally and commit it" : "not written")\n"
        }
        if scenario.comparison == .differed {
            if scenario.wrote {
                out += indent + "\(safe(scenario.changeSummary ?? ""))\n" + indent + "wrote \(safe(scenario.snapshotPath))\n"
            } else {
                out += indent + "snapshot differs; \(safe(scenario.changeSummary ?? ""))\n"
                let diff = scenario.diff?.render(colors: colors) ?? ""
                for line in diff.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
                    out += indent + line + "\n"
                }
                if let pending = scenario.pendingPath { out += indent + "new timeline kept for review in \(safe(pending))\n" }
            }
        }
        return out
    }

    private func safe(_ s: String) -> String { TerminalText.escaped(s) }

    private func label(_ text: String, _ code: String) -> String {
        let padded = text + String(repeating: " ", count: max(1, indent.count - text.count))
        return colors ? "\u{1B}[\(code)m\(text)\u{1B}[0m" + padded.dropFirst(text.count) : padded
    }
}
