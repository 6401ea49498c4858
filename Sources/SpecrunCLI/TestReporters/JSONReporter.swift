import ScreenSpec
import SpecRuntime
import SpecTools

/// One JSON object per line, each with its `type`: one `scenario` per result (`status` is
/// `pass`, `fail`, `new`, `missing` or `updated`), one `invalid` per invalid spec, one `obsolete`
/// per obsolete snapshot, and a last `summary` with the counts.
enum JSONReporter {
    static func render(_ report: TestReport) -> String {
        var out = ""
        for outcome in report.outcomes {
            guard outcome.isValid else {
                out += "{\"type\":\"invalid\",\"spec\":\(q(outcome.specPath)),\"status\":\"invalid\",\"diagnostics\":\(q(outcome.loaded.renderDiagnostics()))}\n"
                continue
            }
            for s in outcome.scenarios {
                out += "{\"type\":\"scenario\",\"spec\":\(q(s.specPath)),\"scenario\":\(q(s.scenario)),\"status\":\"\(status(s.status))\""
                out += ",\"snapshot\":\(q(s.snapshotPath)),\"written\":\(s.wrote)"
                out += ",\"failures\":[" + s.expectFailures.map(q).joined(separator: ",") + "]"
                if let summary = s.changeSummary { out += ",\"changes\":\(q(summary))" }
                if let diff = s.diff { out += ",\"diff\":\(q(diff.render()))" }
                if let pending = s.pendingPath { out += ",\"pending\":\(q(pending))" }
                if let error = s.writeError { out += ",\"write_error\":\(q(error))" }
                out += "}\n"
            }
        }
        for path in report.obsolete {
            out += "{\"type\":\"obsolete\",\"obsolete\":\(q(path)),\"deleted\":\(report.pruned.contains(path))}\n"
        }
        out += "{\"type\":\"summary\",\"passed\":\(report.passed),\"failed\":\(report.failed),\"skipped\":\(report.skipped)}\n"
        return out
    }

    static func status(_ status: ScenarioOutcome.Status) -> String {
        switch status {
        case .passed: return "pass"
        case .failed: return "fail"
        case .new: return "new"
        case .missing: return "missing"
        default: return "updated"
        }
    }

    private static func q(_ s: String) -> String {
        var out = ""
        ValueFormatter.quote(s, into: &out)
        return out
    }
}
