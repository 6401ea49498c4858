import ArgumentParser
import Foundation
import SpecRuntime

struct Coverage: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Play every scenario and report what the scenarios never exercised, at file:line:col.",
        discussion: """
            Items: outputs that never changed (Bool outputs never true or never false), branches of \
            '? :', sides of '&&'/'||' that never decided, '??' fallbacks and table rows never used, \
            service results and cases never answered, actions that never succeeded, failed or refused, \
            handlers and bindings never run, navigations never emitted, component events never fired \
            (see docs/coverage.md). Exit status: 0, 1 below '--min', 2 when a spec is invalid, 64 for \
            a usage error.
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json, lcov
    }

    @Argument(help: "Spec files, or folders searched recursively for *.yaml and *.yml (default: specs).", completion: SpecArguments.completion)
    var paths: [String] = []

    @Option(help: "Report format: text, json or lcov.")
    var format: Format = .text

    @Option(help: "Fail (exit 1) when the run's coverage is below this percentage.")
    var min: Double?

    @Option(help: "Write the report to this file (whole or not at all) instead of standard output.")
    var output: String?

    @OptionGroup var display: DisplayOptions

    func validate() throws {
        if let min, !(0...100).contains(min) { throw ValidationError("'--min' is a percentage from 0 to 100, found \(min)") }
    }

    func run() throws {
        display.apply()
        let specs = try SpecFinder.specsOrUsageError(paths)
        let report = CoverageReport.measure(specPaths: specs)
        for loaded in report.invalid { Output.reportDiagnostics(loaded) }
        let text: String = switch format {
        case .text: CoverageText.render(report, colors: output == nil && Output.useColor(for: STDOUT_FILENO))
        case .json: CoverageJSON.render(report)
        case .lcov: CoverageLcov.render(report)
        }
        try Output.deliver(text, to: output)
        if !report.invalid.isEmpty { throw ExitCodes.invalidSpec }
        if let min, report.percent < min {
            Output.error("error: coverage \(String(format: "%.1f", report.percent))% is below the minimum \(min)%\n")
            throw ExitCodes.failure
        }
    }
}
