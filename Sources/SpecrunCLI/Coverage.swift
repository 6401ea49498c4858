import ArgumentParser
import Foundation
import SpecRuntime
import SpecTools

struct Coverage: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "coverage",
        abstract: "Play every scenario and report what the scenarios never exercised, at file:line:col.",
        discussion: """
            Items: outputs that never changed (Bool outputs never true or never false), branches of \
            '? :', sides of '&&'/'||' that never decided, '??' fallbacks and table rows never used, \
            service results and cases never answered, actions that never succeeded, failed or refused, \
            handlers and bindings never run, navigations never emitted, component events never fired \
            (see docs/coverage.md). A failing scenario is reported; its items count, but the run \
            fails. Exit status: 0, 1 below '--min' (or with '--min' when there is nothing to cover) or when a scenario fails, 2 when a spec is \
            invalid, 64 for a usage error, 66 when a path does not exist.
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json, lcov
    }

    @Option(help: "Report format: text, json or lcov.")
    var format: Format = .text

    @OptionGroup var report: ScoredReportOptions

    func run() throws {
        let paths = try report.specs()
        let line = ProgressLine.onTerminal()
        var progress: (@Sendable (ProgressCount) -> Void)?
        if let line { progress = { p in line.show("coverage: " + p.text("scenarios"), at: p.seconds) } }
        let measured = CoverageReport.measure(specPaths: paths, progress: progress)
        line?.clear()
        let text: String
        switch format {
        case .text: text = CoverageText.render(measured, colors: report.colors)
        case .json: text = CoverageJSON.render(measured)
        case .lcov:
            do {
                text = try CoverageLcov.render(measured)
            } catch {
                Output.error("error: \(error)\n")
                throw ExitCodes.usage
            }
        }
        // Nothing to cover is no percentage: `--min` asks for one (as `mutate` with no mutant).
        try report.finish(text, invalid: measured.invalid, percent: measured.total == 0 ? nil : measured.percent, measure: "coverage",
                          failing: measured.failingScenarios.map(\.name),
                          none: "the specs have nothing the scenarios could cover (no output, handler, action or service)")
    }
}
