import ArgumentParser
import ScreenSpec
import SpecRuntime

struct Run: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Play a spec's scenarios and print every emission as a timeline.",
        discussion: """
            Exit status: 0 when every expectation held, 1 when an 'expect' failed, 2 when the spec is \
            invalid, 64 for a usage error.
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json, html
    }

    @Argument(help: "The spec file to play.")
    var spec: String

    @Option(name: .long, help: "Play only the scenario with this exact name.")
    var scenario: String?

    @Option(name: .long, help: "Output format: text (a readable timeline), json (one object per line) or html (a self-contained page of marble diagrams).")
    var format: Format = .text

    func run() throws {
        let loaded = SpecLoader.load(path: spec)
        Output.reportDiagnostics(loaded)
        guard let checked = loaded.spec else { throw ExitCodes.invalidSpec }
        let indices: [Int]
        if let scenario {
            guard let i = checked.scenarios.firstIndex(where: { $0.name == scenario }) else {
                let names = checked.scenarios.map { "  \($0.name)" }.joined(separator: "\n")
                Output.error("error: no scenario named '\(scenario)' in \(spec); its scenarios are:\n\(names)\n")
                throw ExitCodes.usage
            }
            indices = [i]
        } else {
            indices = Array(checked.scenarios.indices)
        }
        var failed = false
        var played: [MarbleReport.Scenario] = []
        for (n, i) in indices.enumerated() {
            let timeline = ScenarioRunner.run(checked, scenario: i)
            failed = failed || !timeline.passed
            switch format {
            case .text: Output.write((n > 0 ? "\n" : "") + TimelineFormatter.text(timeline))
            case .json: Output.write(TimelineFormatter.jsonLines(timeline))
            case .html: played.append(MarbleReport.Scenario(played: timeline, specPath: spec))
            }
        }
        if format == .html { Output.write(MarbleReport.html(title: checked.screen, scenarios: played)) }
        if failed { throw ExitCodes.failure }
    }
}
