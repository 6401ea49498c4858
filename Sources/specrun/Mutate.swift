import ArgumentParser
import Foundation
import SpecRuntime

struct Mutate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Make small changes to each spec and report those no scenario notices (mutation testing).",
        discussion: """
            Each mutant (a comparison boundary, '==' <-> '!=', '&&' <-> '||', a '!' dropped, an integer \
            +-1, a string emptied, a ternary's branches swapped, an operator removed, a time halved or \
            doubled, 'flatMapLatest' <-> 'flatMap', an 'enabledIf' dropped, a failure turned to success \
            and back) plays every scenario of its spec in process; it is killed when an 'expect' fails or \
            a timeline differs from its snapshot. Mark a mutant no scenario could tell apart under \
            'equivalentMutants:' with a reason (see docs/coverage.md). Exit status: 0, 1 below '--min', \
            2 when a spec is invalid, 64 for a usage error.
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    @Argument(help: "Spec files, or folders searched recursively for *.yaml and *.yml (default: specs).", completion: SpecArguments.completion)
    var paths: [String] = []

    @Option(help: "Report format: text or json.")
    var format: Format = .text

    @Option(help: "Fail (exit 1) when the run's mutation score is below this percentage.")
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
        let report = MutationRun.run(specPaths: specs)
        for loaded in report.invalid { Output.reportDiagnostics(loaded) }
        let text: String = switch format {
        case .text: MutationText.render(report, colors: output == nil && Output.useColor(for: STDOUT_FILENO))
        case .json: MutationJSON.render(report)
        }
        try Output.deliver(text, to: output)
        if !report.invalid.isEmpty { throw ExitCodes.invalidSpec }
        if let min, report.score < min {
            Output.error("error: mutation score \(String(format: "%.1f", report.score))% is below the minimum \(min)%\n")
            throw ExitCodes.failure
        }
    }
}
