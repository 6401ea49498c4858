import SpecRuntime

/// A self-contained HTML page of scenarios as marble diagrams: no network, no external file,
/// styles and a small script inline. Written by `specrun run --format html` and
/// `specrun test --format html`.
package enum MarbleReport {
    /// One scenario on the page.
    package struct Scenario: Sendable {
        package var timeline: Timeline
        /// The spec file it comes from.
        package var specPath: String
        /// `PASS`, `FAIL`, `NEW`, `UPDATED`; for `run`, `PASS` or `FAIL` by its expectations.
        package var status: String
        package var failed: Bool
        /// Problems beyond the timeline's own failures: a differing or missing snapshot, a write error.
        package var problems: [String]
        /// The unified diff from the stored snapshot to this run's timeline, shown beside the marbles.
        package var snapshotDiff: String?
        /// Emissions the snapshot does not have as they are now (the diff's added lines).
        package var changed: Set<MarbleDiagram.Moment> = []
        /// Emissions the snapshot has and this run does not (the diff's removed lines), drawn as
        /// ghosts at their old times: an answer moved from 5s to 4s shows at both.
        package var snapshotOnly: [MarbleDiagram.Moment] = []

        package init(timeline: Timeline, specPath: String, status: String, failed: Bool, problems: [String] = [], snapshotDiff: String? = nil) {
            self.timeline = timeline
            self.specPath = specPath
            self.status = status
            self.failed = failed
            self.problems = problems
            self.snapshotDiff = snapshotDiff
        }

        /// A scenario played by `run`: it fails when an expectation failed or a runtime error happened.
        package init(played timeline: Timeline, specPath: String) {
            self.init(timeline: timeline, specPath: specPath, status: timeline.passed ? "PASS" : "FAIL", failed: !timeline.passed)
        }

        /// A scenario checked by `test` against its snapshot.
        package init(_ outcome: ScenarioOutcome) {
            var problems: [String] = []
            if let error = outcome.writeError { problems.append("cannot write the snapshot: \(error)") }
            if outcome.comparison == .missing && !outcome.wrote {
                problems.append(outcome.missingSnapshotMessage)
            }
            var diff: String?
            var changed: Set<MarbleDiagram.Moment> = []
            var snapshotOnly: [MarbleDiagram.Moment] = []
            if outcome.comparison == .differed && !outcome.wrote {
                problems.append("snapshot differs: \(outcome.changeSummary ?? outcome.snapshotPath)")
                diff = outcome.diff?.render()
                if let lines = outcome.diff?.diff {
                    for edit in lines.edits {
                        switch edit {
                        case .insert(let n):
                            if let moment = MarbleReport.emission(inTimelineLine: lines.new[n]) { changed.insert(moment) }
                        case .delete(let n):
                            if let moment = MarbleReport.emission(inTimelineLine: lines.old[n]) { snapshotOnly.append(moment) }
                        default:
                            break
                        }
                    }
                }
            }
            self.init(timeline: outcome.timeline, specPath: outcome.specPath, status: outcome.status.description,
                      failed: outcome.status.isFailure, problems: problems, snapshotDiff: diff)
            self.changed = changed
            self.snapshotOnly = snapshotOnly
        }
    }

    /// The most timeline entries one scenario's diagram shows.
    package static let maximumEntries = 5000
    /// The most entries of a scenario's *Timeline as text* on the page: its first ones and its
    /// last ones, so that a long scenario's page stays light (the whole text is one `run` away).
    package static let textEntries = (head: 200, tail: 50)

    /// `   300ms  degrees           "59.0°F"` read back; nil for any other line.
    static func emission(inTimelineLine line: String) -> MarbleDiagram.Moment? {
        guard let parsed = TimelineLine(line), case .emission(let name) = parsed.kind, let ms = line.range(of: "ms  ") else { return nil }
        let rest = line[ms.upperBound...]
        guard rest.hasPrefix(name) else { return nil }
        return .init(output: name, time: parsed.time, value: String(rest.dropFirst(name.count).drop { $0 == " " }))
    }

    /// The whole page. `title` heads it, such as the spec's screen or `specrun test`.
    package static func html(title: String, scenarios: [Scenario]) -> String {
        let failed = scenarios.filter(\.failed).count
        var out = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        out += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        out += "<meta name=\"generator\" content=\"specrun\">\n"
        out += "<title>\(e(title)) — marble diagrams</title>\n<style>\n\(ReportAssets.css)</style>\n</head>\n<body>\n"
        out += "<a class=\"skip\" href=\"#scenarios\">Skip to the scenarios</a>\n"
        out += "<header>\n<h1>\(e(title))</h1>\n"
        out += "<p class=\"summary\" data-scenarios=\"\(scenarios.count)\" data-failed=\"\(failed)\">\(scenarios.count) scenario\(scenarios.count == 1 ? "" : "s"), "
            + (failed == 0 ? "all passed" : "\(failed) failed") + "</p>\n"
        out += ReportAssets.legend
        if scenarios.count > 1 {
            out += "<nav aria-label=\"Scenarios\"><ol>\n"
            for (i, scenario) in scenarios.enumerated() {
                out += "<li><a href=\"#scenario-\(i + 1)\"\(scenario.failed ? " class=\"failed\"" : "")>"
                    + "\(scenario.failed ? "✗ " : "")\(e(scenario.timeline.screen)) › \(e(scenario.timeline.scenario))</a></li>\n"
            }
            out += "</ol></nav>\n"
        }
        out += "</header>\n<main id=\"scenarios\">\n"
        for (i, scenario) in scenarios.enumerated() { out += section(scenario, number: i + 1) }
        if scenarios.isEmpty { out += "<p>No scenario ran.</p>\n" }
        out += "</main>\n<script>\n\(ReportAssets.script)</script>\n</body>\n</html>\n"
        return out
    }

    private static func section(_ scenario: Scenario, number: Int) -> String {
        let id = "scenario-\(number)"
        // A runaway scenario records up to a million entries; a page of them helps nobody and
        // would take a browser minutes, so it shows the first ones and says so.
        var shown = scenario.timeline
        let cut = max(0, shown.entries.count - maximumEntries)
        if cut > 0 { shown.entries = Array(shown.entries.prefix(maximumEntries)) }
        var diagram = MarbleDiagram(shown)
        diagram.changed = scenario.changed
        diagram.addGhosts(scenario.snapshotOnly)
        let status = scenario.failed ? "failed" : "passed"
        var out = "<section class=\"scenario \(status)\" id=\"\(id)\" data-status=\"\(e(scenario.status))\" "
            + "data-emissions=\"\(diagram.lanes.reduce(0) { $0 + $1.emissionCount })\" aria-labelledby=\"\(id)-title\">\n"
        out += "<h2 id=\"\(id)-title\"><span class=\"badge \(status)\">\(e(scenario.status))</span> "
            + "\(e(scenario.timeline.screen)) › \(e(scenario.timeline.scenario))</h2>\n"
        out += "<p class=\"spec\">\(e(scenario.specPath))</p>\n"
        let failures = scenario.timeline.failures
        if !failures.isEmpty || !scenario.problems.isEmpty {
            out += "<ul class=\"problems\" aria-label=\"Problems\">\n"
            for failure in failures {
                switch failure {
                case .failure(let time, let message, let file, let line):
                    out += "<li class=\"failure\">✗ at \(HTMLText.time(time)): \(e(message)) <span class=\"where\">(\(e(file)):\(line))</span></li>\n"
                case .runtimeError(let time, let message):
                    out += "<li class=\"failure\">! at \(HTMLText.time(time)): runtime error: \(e(message))</li>\n"
                default:
                    break
                }
            }
            for problem in scenario.problems { out += "<li class=\"failure\">✗ \(e(problem))</li>\n" }
            out += "</ul>\n"
        }
        if cut > 0 {
            out += "<p class=\"truncated\">This scenario recorded \(scenario.timeline.entries.count) entries; the diagram and the text "
                + "show the first \(maximumEntries) (the full timeline is in 'specrun run --format text').</p>\n"
        }
        out += "<div class=\"panes\">\n<figure class=\"diagram\">\n<div class=\"scroll\">\n"
        out += MarbleSVG(diagram: diagram).render()
        out += "</div>\n<figcaption class=\"readout\" aria-live=\"polite\">Hover over or focus a marble (Tab, then the arrow keys) to read it here.</figcaption>\n</figure>\n"
        if let diff = scenario.snapshotDiff {
            out += "<aside class=\"diff\" aria-label=\"Snapshot diff\">\n<h3>Snapshot diff</h3>\n<pre>"
            var lines = diff.split(separator: "\n", omittingEmptySubsequences: false)
            if lines.last?.isEmpty == true { lines.removeLast() }
            for line in lines {
                let text = String(line)
                let cls = text.hasPrefix("+++") || text.hasPrefix("---") ? "file" : text.hasPrefix("+") ? "added" : text.hasPrefix("-") ? "removed"
                    : text.hasPrefix("@@") ? "hunk" : "context"
                out += "<span class=\"\(cls)\">\(e(text))</span>"
            }
            out += "</pre>\n</aside>\n"
        }
        out += "</div>\n<details class=\"text\"><summary>Timeline as text</summary>\n<pre>\(e(text(of: shown, specPath: scenario.specPath)))</pre>\n</details>\n"
        out += "</section>\n"
        return out
    }

    /// The text timeline, its middle left out (and said so) past ``textEntries``.
    static func text(of timeline: Timeline, specPath: String) -> String {
        let (head, tail) = textEntries
        guard timeline.entries.count > head + tail + 1 else { return TimelineFormatter.text(timeline) }
        var first = timeline
        first.entries = Array(timeline.entries.prefix(head))
        var last = timeline
        last.entries = Array(timeline.entries.suffix(tail))
        // The header line once, from the first part.
        let rest = TimelineFormatter.text(last).split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).last ?? ""
        let left = timeline.entries.count - head - tail
        return TimelineFormatter.text(first) + "   … \(left) entries left out; the whole timeline: specrun run \(specPath) --format text\n" + rest
    }

    private static func e(_ s: String) -> String { HTMLText.escape(s) }
}
