import ArgumentParser
import ScreenSpec
import SpecRuntime

struct Compile: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compile",
        abstract: "Check a spec and write its checked program as versioned JSON, which an app linking SpecRuntime alone loads and plays.",
        discussion: """
            The JSON is {"format": "specrun-program", "version": 17, "program": ...}; 'specrun run \
            FILE.json' plays it as it plays the YAML (see docs/compiled-specs.md). Exit status: 0 when \
            the program was written, 2 when the spec is invalid (nothing is written), 1 when the output \
            cannot be written, 64 for a usage error.
            """
    )

    @Argument(help: "The spec file to compile, or '-' for standard input.", completion: SpecArguments.completion)
    var spec: String

    @Option(name: .long, help: "Write the program to this file (whole or not at all); '-' or none: standard output.")
    var output: String?

    @OptionGroup var display: DisplayOptions

    func run() throws {
        display.apply()
        let loaded = SpecArguments.load(spec)
        Output.reportDiagnostics(loaded)
        guard let checked = loaded.spec else { throw ExitCodes.invalidSpec }
        let json: String
        do {
            json = try CompiledSpec.json(checked)
        } catch {
            Output.error("error: cannot encode the program of \(SpecArguments.displayName(spec)): \(error)\n")
            throw ExitCodes.failure
        }
        try Output.deliver(json, to: output == "-" ? nil : output)
    }
}
