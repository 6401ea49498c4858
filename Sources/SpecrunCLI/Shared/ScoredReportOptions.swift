import ArgumentParser
import Foundation
import ScreenSpec
import SpecRuntime
import SpecTools

/// What `coverage` and `mutate` share: the specs to play, a minimum percentage for CI, an output
/// file and colour. Each command adds its own `--format`.
struct ScoredReportOptions: ParsableArguments {
    @Argument(help: "Spec files, or folders searched recursively for *.yaml and *.yml (default: specs).", completion: SpecArguments.completion)
    var paths: [String] = []

    @Option(help: "Fail (exit 1) when the run's percentage (covered items, or killed mutants) is below this.")
    var min: Double?

    @Option(help: "Write the report to this file (whole or not at all) instead of standard output.")
    var output: String?

    @OptionGroup var display: DisplayOptions

    func validate() throws {
        if let min, !(0...100).contains(min) { throw ValidationError("'--min' is a percentage from 0 to 100, found \(min)") }
    }

    /// The spec files to play, once the colour choice is made.
    func specs() throws -> [String] {
        display.apply()
        let specs = try SpecFinder.specsOrUsageError(paths)
        try Output.refuseInput(output, inputs: specs)
        return specs
    }

    /// Whether a text report is coloured: on a terminal, never into a file.
    var colors: Bool { output == nil && Output.useColor(for: STDOUT_FILENO) }

    /// Reports the invalid specs' diagnostics, delivers `report`, then exits 2 when a spec was
    /// invalid, or 1 when a scenario of `failing` fails or `percent` (what `measure` names) is
    /// below `--min`. A nil `percent` is no measure at all (`mutate` with no mutant to score,
    /// `none` saying why): `--min` asks for one, so it fails too.
    func finish(_ report: String, invalid: [LoadedSpec], percent: Double?, measure: String, failing: [String] = [],
                none: String = "") throws {
        for loaded in invalid { Output.reportDiagnostics(loaded) }
        try Output.deliver(report, to: output)
        if !invalid.isEmpty { throw ExitCodes.invalidSpec }
        if !failing.isEmpty {
            let names = failing.map { "'\($0)'" }.joined(separator: ", ")
            Output.error("error: \(failing.count == 1 ? "a scenario fails" : "\(failing.count) scenarios fail") (\(names)): fix \(failing.count == 1 ? "it" : "them") first ('specrun run')\n")
            throw ExitCodes.failure
        }
        if let min, percent == nil {
            Output.error("error: no \(measure): \(none); '--min \(String(format: "%g", min))' asks for one\n")
            throw ExitCodes.failure
        }
        if let min, let percent, percent < min {
            Output.error("error: \(measure) \(formatPercent(percent, below: min)) is below the minimum \(min)%\n")
            throw ExitCodes.failure
        }
    }
}
