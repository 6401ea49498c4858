import ArgumentParser
import ScreenSpec
import SpecCodegen
import SpecRuntime
import SpecTools

struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Load and check specs without running them; report every diagnostic.",
        discussion: """
            Each path is a spec file, a folder searched recursively for *.yaml and *.yml, or '-' for \
            a spec read from standard input. Exit status: 0 when every spec is valid, 2 when any is \
            invalid, 64 for a usage error, 66 when a path does not exist.
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json, sarif, github
    }

    @Argument(help: "Spec files, folders, or '-' for standard input.", completion: SpecArguments.completion)
    var specs: [String]

    @Option(name: .long, help: "How to report diagnostics: text (for people, on standard error), json (one object per line), sarif (SARIF 2.1.0) or github (GitHub Actions workflow commands, each diagnostic annotated on its line), the last three on standard output.")
    var format: Format = .text

    @Flag(help: "Keep running: check again whatever a saved file changes (a spec, a spec it navigates to).")
    var watch = false

    @OptionGroup var display: DisplayOptions

    func validate() throws {
        if specs.isEmpty { throw ValidationError("name at least one spec file or folder ('-' reads standard input)") }
        if watch && specs.contains("-") { throw ValidationError("'--watch' cannot watch standard input; name spec files or folders") }
    }

    func run() throws {
        display.apply()
        let arguments = try SpecArguments.expandOrExit(specs, allowStandardInput: true)
        if watch {
            try WatchLoop(roots: specs, command: "check") { check($0) }.run()
        }
        if let code = check(arguments.paths) { throw code }
    }

    /// Checks `paths`, printing every diagnostic; the exit code when not 0.
    func check(_ paths: [String]) -> ExitCode? {
        var invalid = 0
        var all: [Diagnostic] = []
        var sources: [String: SourceFile] = [:]
        // Marks for `specrun mutate` and `specrun coverage` must each mark something; a name
        // `specrun generate` would refuse is a warning already.
        for loaded in SpecArguments.loadAll(paths).map(MarkCheck.check).map(GenerateCheck.check) {
            if format == .text { Output.reportDiagnostics(loaded) }
            all += loaded.diagnostics
            sources[loaded.source.path] = loaded.source
            if loaded.spec == nil { invalid += 1 }
        }
        switch format {
        case .text:
            if invalid > 0 {
                if paths.count > 1 { Output.error("\(invalid) of \(paths.count) specs invalid\n") }
            } else {
                // Warnings went to standard error above; the summary counts them, so that a
                // reader of standard output alone knows there are some.
                let warnings = all.filter { $0.severity == .warning }.count
                let counted = warnings == 0 ? "" : ", \(warnings) warning\(warnings == 1 ? "" : "s")"
                Output.write("\(paths.count) spec\(paths.count == 1 ? "" : "s") checked, no errors\(counted)\n")
            }
        case .json:
            Output.write(DiagnosticJSON.render(all, sources: sources))
        case .sarif:
            Output.write(SARIFLog.render(all, sources: sources, toolVersion: SpecRun.configuration.version))
        case .github:
            Output.write(all.map(GitHubAnnotations.command(for:)).joined())
        }
        return invalid > 0 ? ExitCodes.invalidSpec : nil
    }
}
