import ArgumentParser
import Foundation

@main
struct SpecRun: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "specrun",
        abstract: "Plays declarative screen specs on a virtual clock and prints what they emit.",
        version: "0.1.0",
        subcommands: [Run.self, Check.self, Test.self, Review.self, Graph.self, Coverage.self, Mutate.self, Explore.self, Schema.self, Compile.self, Preview.self, Init.self]
    )

    /// argument-parser's own `main`, with help, version and usage errors written through
    /// ``Output``, so that a failed write of them exits non-zero too (its `print` ignores errors);
    /// a mistyped subcommand is answered with "did you mean" first.
    static func main() {
        if let message = SubcommandSuggestion.problem(in: Array(CommandLine.arguments.dropFirst()), known: subcommandNames) {
            Output.error("error: \(message)\nsee 'specrun --help' for what each subcommand does\n")
            Foundation.exit(ExitCodes.usage.rawValue)
        }
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            let code = exitCode(for: error)
            let message = fullMessage(for: error)
            if !message.isEmpty {
                if code == .success { Output.write(message + "\n") } else { Output.error(message + "\n") }
            }
            Foundation.exit(code.rawValue)
        }
    }

    static var subcommandNames: [String] {
        configuration.subcommands.map { $0._commandName } + ["help"]
    }
}
