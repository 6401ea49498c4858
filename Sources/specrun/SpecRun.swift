import ArgumentParser

@main
struct SpecRun: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "specrun",
        abstract: "Plays declarative screen specs on a virtual clock and prints what they emit.",
        version: "0.1.0",
        subcommands: [Run.self, Check.self, Test.self, Graph.self, Schema.self]
    )
}
