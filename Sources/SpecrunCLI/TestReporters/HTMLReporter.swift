import SpecRuntime
import SpecTools

/// `--reporter html`: every scenario of the run as marble diagrams, failing ones with their
/// snapshot diff beside them (see ``MarbleReport``).
enum HTMLReporter {
    static func render(_ report: TestReport) -> String {
        let scenarios = report.outcomes.flatMap { $0.scenarios.map(MarbleReport.Scenario.init) }
        return MarbleReport.html(title: "specrun test — \(report.summaryLine)", scenarios: scenarios)
    }
}
