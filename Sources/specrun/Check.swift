import ArgumentParser
import ScreenSpec

struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Load and check specs without running them; report every diagnostic.",
        discussion: "Exit status: 0 when every spec is valid, 2 when any is invalid, 64 for a usage error."
    )

    @Argument(help: "The spec files to check.")
    var specs: [String]

    func validate() throws {
        if specs.isEmpty { throw ValidationError("name at least one spec file") }
    }

    func run() throws {
        var invalid = 0
        for loaded in SpecLoader.load(paths: specs) {
            Output.reportDiagnostics(loaded)
            if loaded.spec == nil { invalid += 1 }
        }
        if invalid > 0 { throw ExitCodes.invalidSpec }
        Output.write("\(specs.count) spec\(specs.count == 1 ? "" : "s") checked, no errors\n")
    }
}
