import ArgumentParser
import ScreenSpec
import SpecRuntime

struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Load and check specs without running them; report every diagnostic.",
        discussion: "Exit status: 0 when every spec is valid, 2 when any is invalid, 64 for a usage error."
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json, sarif
    }

    @Argument(help: "The spec files to check.")
    var specs: [String]

    @Option(name: .long, help: "How to report diagnostics: text (for people, on standard error), json (one object per line) or sarif (SARIF 2.1.0), both on standard output.")
    var format: Format = .text

    func validate() throws {
        if specs.isEmpty { throw ValidationError("name at least one spec file") }
    }

    func run() throws {
        var invalid = 0
        var all: [Diagnostic] = []
        var sources: [String: SourceFile] = [:]
        // Marks for `specrun mutate` and `specrun coverage` must each mark something.
        for loaded in SpecLoader.load(paths: specs).map(MarkCheck.check) {
            if format == .text { Output.reportDiagnostics(loaded) }
            all += loaded.diagnostics
            sources[loaded.source.path] = loaded.source
            if loaded.spec == nil { invalid += 1 }
        }
        switch format {
        case .text:
            if invalid == 0 { Output.write("\(specs.count) spec\(specs.count == 1 ? "" : "s") checked, no errors\n") }
        case .json:
            Output.write(DiagnosticJSON.render(all, sources: sources))
        case .sarif:
            Output.write(SARIFLog.render(all, sources: sources, toolVersion: SpecRun.configuration.version))
        }
        if invalid > 0 { throw ExitCodes.invalidSpec }
    }
}
