import ArgumentParser
import Foundation

/// The `specrun` command line: every subcommand, parsed by argument-parser. Both executables run
/// it (`specrun` and `specrun-live`, which adds the commands that use the network; see
/// ``NetworkedCommands``).
package struct SpecRun: ParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "specrun",
        abstract: "Plays declarative screen specs on a virtual clock and prints what they emit.",
        version: "0.1.0",
        subcommands: [Run.self, Check.self, Test.self, Review.self, Graph.self, Coverage.self, Mutate.self, Explore.self, Schema.self, Compile.self, Generate.self, Preview.self, Init.self]
    )

    /// argument-parser's own `main`, with help, version and usage errors written through
    /// ``Output``, so that a failed write of them exits non-zero too (its `print` ignores errors);
    /// a mistyped subcommand is answered with "did you mean" first.
    package static func main() {
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

    package init() {}

    /// The subcommands' names. Each command names itself (`commandName:`): argument-parser
    /// otherwise derives the name from the type's through `String(describing:)`, whose first
    /// protocol-conformance lookups cost 18 M instructions of every start (28 % of
    /// `specrun run specs/login.yaml`; docs/performance.md, "Start-up").
    static var subcommandNames: [String] {
        configuration.subcommands.map { $0._commandName } + ["help"]
    }

    /// Whether every subcommand names itself (``subcommandNames``), for `ConventionTests`.
    static var everySubcommandNamesItself: Bool {
        configuration.subcommands.allSatisfy { $0.configuration.commandName != nil }
    }
}
