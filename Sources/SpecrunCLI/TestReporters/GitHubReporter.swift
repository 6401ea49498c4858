import SpecRuntime
import SpecTools

/// `specrun test --format github`: GitHub Actions workflow commands, so that a pull request shows
/// each problem on its line. An invalid spec gives its diagnostics; a failing `expect:` or a
/// run-time error is an error at its step; a changed or missing snapshot is an error at the
/// scenario's `name:` with the change summary and the diff; an obsolete snapshot is a warning.
enum GitHubReporter {
    static func render(_ report: TestReport) -> String {
        var out = ""
        for outcome in report.outcomes {
            guard let spec = outcome.loaded.spec else {
                for diagnostic in outcome.loaded.diagnostics { out += GitHubAnnotations.command(for: diagnostic) }
                continue
            }
            for result in outcome.scenarios where result.status.isFailure {
                let title = "specrun: \(result.scenario)"
                let line = spec.scenarios.first { $0.name == result.scenario }?.range.start.line
                for entry in result.timeline.failures {
                    switch entry {
                    case .failure(let time, let message, let file, let at):
                        out += GitHubAnnotations.command(.error, file: file, line: at, title: title, "\(message) (at \(time)ms)")
                    case .runtimeError(let time, let message):
                        out += GitHubAnnotations.command(.error, file: outcome.specPath, line: line, title: title,
                                                         "run-time error: \(message) (at \(time)ms)")
                    default:
                        break
                    }
                }
                if let error = result.writeError {
                    out += GitHubAnnotations.command(.error, file: outcome.specPath, line: line, title: title,
                                                     "cannot write the snapshot: \(error)")
                }
                if result.comparison == .missing && !result.wrote {
                    out += GitHubAnnotations.command(.error, file: outcome.specPath, line: line, title: title, result.missingSnapshotMessage)
                }
                if result.comparison == .differed && !result.wrote {
                    var message = "snapshot differs: \(result.changeSummary ?? "")"
                    if let diff = result.diff { message += "\n" + diff.render().trimmingSuffixNewline }
                    out += GitHubAnnotations.command(.error, file: outcome.specPath, line: line, title: title, message)
                }
            }
        }
        for path in report.obsolete where !report.pruned.contains(path) {
            out += GitHubAnnotations.command(.warning, file: path, line: nil, title: "specrun: obsolete snapshot",
                                             "no scenario matches this snapshot; 'specrun test --prune\(report.pathsForHint)' deletes it")
        }
        return out
    }
}
