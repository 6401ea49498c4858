import ArgumentParser
import Foundation
import SpecRuntime
import SpecTools

struct Mutate: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mutate",
        abstract: "Make small changes to each spec and report those no scenario notices (mutation testing).",
        discussion: """
            Each mutant (a comparison boundary, '==' <-> '!=', '&&' <-> '||', a '!' dropped, an integer \
            +-1, a string emptied, a ternary's branches swapped, an operator removed, a time halved or \
            doubled, 'flatMapLatest', 'flatMap', 'concatMap' and 'flatMapFirst' turned into one another, an 'enabledIf' dropped, a failure turned to success \
            and back) plays every scenario of its spec in process; it is killed when an 'expect' fails or \
            a timeline differs from its snapshot. Mark a mutant no scenario could tell apart under \
            'equivalentMutants:' with a reason (see docs/coverage.md). A spec with a failing scenario \
            is refused (a mutant is judged against timelines that pass). Exit status: 0, 1 below \
            '--min' (or with '--min' when no mutant was scored: 'no mutants' is no score), 2 when a spec is invalid or a scenario fails, 64 for a usage error, 66 when a path does not exist. A run stopped by \
            --max-seconds says so on standard error and in the report, and scores the mutants it played.
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    @Option(help: "Report format: text or json.")
    var format: Format = .text

    @Option(name: .customLong("max-seconds"),
            help: "Most seconds spent playing mutants; those not played by then are reported as such and not scored.")
    var maxSeconds: Double = 300

    @OptionGroup var report: ScoredReportOptions

    func validate() throws {
        guard maxSeconds.isFinite, maxSeconds > 0, maxSeconds <= 86_400 else {
            throw ValidationError("--max-seconds takes a number of seconds above 0 and at most 86400, found \(maxSeconds)")
        }
    }

    func run() throws {
        let paths = try report.specs()
        let line = ProgressLine.onTerminal()
        var progress: (@Sendable (MutationProgress) -> Void)?
        if let line { progress = { p in line.show("mutate: " + p.line, at: p.seconds) } }
        let mutants = MutationRun.run(specPaths: paths, maxSeconds: maxSeconds, progress: progress)
        line?.clear()
        // Said on standard error too, so that it is seen when the report goes to a file.
        if let stop = MutationText.stopLine(mutants) { Output.error(stop + "\n") }
        let text: String = switch format {
        case .text: MutationText.render(mutants, colors: report.colors)
        case .json: MutationJSON.render(mutants)
        }
        try report.finish(text, invalid: mutants.invalid, percent: mutants.scored == 0 ? nil : mutants.score, measure: "mutation score",
                          none: "no mutant was killed or survived, so nothing shows that the scenarios check what the specs compute")
    }
}
