import ArgumentParser
import Foundation
import ScreenSpec

@main
struct SpecRun: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "specrun",
        abstract: "Plays declarative screen specs on a virtual clock and prints what they emit.",
        version: "0.1.0",
        subcommands: [Run.self, Check.self, Test.self, Review.self, Graph.self]
    )

    /// Answers a mistyped subcommand with "did you mean", then parses as usual.
    static func main() {
        if let message = SubcommandSuggestion.problem(in: Array(CommandLine.arguments.dropFirst()), known: subcommandNames) {
            Output.error("error: \(message)\nsee 'specrun --help' for what each subcommand does\n")
            Foundation.exit(ExitCodes.usage.rawValue)
        }
        main(nil)
    }

    static var subcommandNames: [String] {
        configuration.subcommands.map { $0._commandName } + ["help"]
    }
}
