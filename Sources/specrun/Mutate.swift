import ArgumentParser
import Foundation
import SpecRuntime
import SpecTools

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
            2 when a spec is invalid, 64 for a usage error, 66 when a path does not exist.
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    @Option(help: "Report format: text or json.")
    var format: Format = .text

    @OptionGroup var report: ScoredReportOptions

    func run() throws {
        let mutants = MutationRun.run(specPaths: try report.specs())
        let text: String = switch format {
        case .text: MutationText.render(mutants, colors: report.colors)
        case .json: MutationJSON.render(mutants)
        }
        try report.finish(text, invalid: mutants.invalid, percent: mutants.score, measure: "mutation score")
    }
}
