import ArgumentParser
import Foundation
import ScreenSpec
import SpecRuntime
import SpecTools

struct Run: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Play specs' scenarios and print every emission as a timeline.",
        discussion: """
            Each path is a spec file, a folder searched recursively for *.yaml and *.yml, or '-' for \
            a spec read from standard input. Exit status: 0 when every expectation held and no expression \
            failed, 1 when an 'expect' failed or a run-time error happened (a '! runtime error:' line: \
            an overflow, a division by zero, a value a component cannot take), 2 when a spec is invalid, \
            64 for a usage error, 66 when a path does not exist.
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json, html
    }

    @Argument(help: "Spec files, folders, or '-' for standard input.", completion: SpecArguments.completion)
    var specs: [String]

    @Option(name: .long, help: "Play only the scenarios with this exact name (the shell completes the names).",
            completion: ScenarioCompletion.kind)
    var scenario: String?

    @Option(name: .long, help: "Output format: text (a readable timeline), json (one object per line) or html (a self-contained page of marble diagrams).")
    var format: Format = .text

    @Flag(help: "Keep running: play again whatever a saved file changes (a spec, a spec it navigates to).")
    var watch = false

    @Flag(help: "Play on real time: services with an 'http:' section call the backend, the others stay fakes; a note for each answer the fake would not have given.")
    var live = false

    @Option(name: .customLong("base-url"), help: "With --live: the URL that the paths of 'http:' sections follow, such as http://127.0.0.1:8080.")
    var baseURL: String?

    @OptionGroup var display: DisplayOptions

    func validate() throws {
        if specs.isEmpty { throw ValidationError("name at least one spec file or folder ('-' reads standard input)") }
        if watch && specs.contains("-") { throw ValidationError("'--watch' cannot watch standard input; name spec files or folders") }
        if baseURL != nil && !live { throw ValidationError("'--base-url' is for '--live' runs; add '--live'") }
        if live && watch { throw ValidationError("'--live' plays once against the backend; it cannot be combined with '--watch'") }
        if let baseURL, let problem = LiveRun.problem(withBaseURL: baseURL) { throw ValidationError(problem) }
    }

    func run() throws {
        // A live run calls the backend over URLSession, which `specrun-live` links: in `specrun`,
        // the process becomes it here, before anything is read (NetworkedCommands.swift).
        if live { _ = NetworkedCommandsHost.required() }
        display.apply()
        let arguments = try SpecArguments.expandOrExit(specs, allowStandardInput: true)
        if watch {
            try WatchLoop(roots: specs, command: "run") { play($0) }.run()
        }
        if let code = play(arguments.paths) { throw code }
    }

    /// Plays the scenarios of `paths` and prints their timelines; the exit code when not 0.
    func play(_ paths: [String]) -> ExitCode? {
        var invalid = false, failed = false, printed = 0
        // Coloured on a terminal, as `--color`, NO_COLOR and FORCE_COLOR say.
        let colors = Output.useColor(for: STDOUT_FILENO)
        var checkedSpecs: [(path: String, spec: CheckedSpec)] = []
        for (path, loaded) in Self.load(paths) {
            switch loaded {
            case .success(let checked): checkedSpecs.append((path, checked))
            case .failure: invalid = true
            }
        }
        var selected: [(path: String, spec: CheckedSpec, indices: [Int])] = []
        for (path, checked) in checkedSpecs {
            let indices = checked.scenarios.indices.filter { scenario == nil || checked.scenarios[$0].name == scenario }
            selected.append((path, checked, indices))
        }
        if let scenario, selected.allSatisfy({ $0.indices.isEmpty }), !selected.isEmpty {
            var names = ""
            for (path, checked) in checkedSpecs {
                names += "\(TerminalText.escaped(SpecArguments.displayName(path))):\n"
                    + checked.scenarios.map { "  \(TerminalText.escaped($0.name))\n" }.joined()
            }
            Output.error("error: no scenario named '\(TerminalText.escaped(scenario))'; the scenarios are:\n\(names)")
            return ExitCodes.usage
        }
        var played: [MarbleReport.Scenario] = []
        let liveRun = live ? LiveRun(baseURL: baseURL) : nil
        var redactions: [(String) -> String] = []
        for (path, checked, indices) in selected {
            var redact: (String) -> String = { $0 }
            if let liveRun {
                if let refusal = liveRun.refusal(checked) {
                    Output.error(refusal)
                    invalid = true
                    continue
                }
                redact = { HTTPServiceClient(spec: checked, baseURL: nil, environment: liveRun.environment, transport: liveRun.transport).redact($0) }
                redactions.append(redact)
            }
            // Compiled once for all its scenarios.
            let program = ScreenProgram(checked)
            for i in indices {
                var timeline: Timeline
                if let liveRun {
                    let run = liveRun.play(checked, scenario: i)
                    timeline = run.timeline
                    if !run.notes.isEmpty { Output.error(run.notes) }
                } else {
                    timeline = ScenarioRunner.run(program, scenario: i)
                }
                failed = failed || !timeline.passed
                switch format {
                case .text: Output.write(redact((printed > 0 ? "\n" : "") + TimelineFormatter.text(timeline, colors: colors)))
                case .json: Output.write(redact(TimelineFormatter.jsonLines(timeline)))
                case .html: played.append(MarbleReport.Scenario(played: timeline, specPath: SpecArguments.displayName(path)))
                }
                printed += 1
            }
        }
        if format == .html && !selected.isEmpty {
            let page = MarbleReport.html(title: selected.map(\.spec.screen).joined(separator: ", "), scenarios: played)
            Output.write(redactions.reduce(page) { text, redact in redact(text) })
        }
        if invalid { return ExitCodes.invalidSpec }
        return failed ? ExitCodes.failure : nil
    }

    /// The checked program of each path, in order, reporting what is wrong with the others: a
    /// `.json` path is a compiled spec (`specrun compile`), loaded without checking again; any
    /// other path is a YAML spec, loaded and checked.
    static func load(_ paths: [String]) -> [(path: String, spec: Result<CheckedSpec, ExitCode>)] {
        let yaml = paths.filter { !CompiledSpec.isCompiledSpecPath($0) }
        // In the order of `paths`: the YAML ones loaded together, as `loadAll` checks them together.
        var loadedYAML = SpecArguments.loadAll(yaml)[...]
        return paths.map { path in
            guard !CompiledSpec.isCompiledSpecPath(path), let loaded = loadedYAML.popFirst() else {
                do {
                    return (path, .success(try CompiledSpec.load(path: path)))
                } catch {
                    Output.error("error: \(path): \(error)\n")
                    return (path, .failure(ExitCodes.invalidSpec))
                }
            }
            Output.reportDiagnostics(loaded)
            guard let checked = loaded.spec else { return (path, .failure(ExitCodes.invalidSpec)) }
            return (path, .success(checked))
        }
    }
}
