import ArgumentParser
import Foundation
import ScreenSpec
import SpecRuntime
import SpecTools

struct Explore: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "explore",
        abstract: "Explore a screen's reachable states for a sequence that breaks an invariant.",
        discussion: """
            Tries the moves of the spec's 'explore:' section (inputs, events, waits, service outcomes) \
            breadth-first or by seeded random walks, checking the 'invariants:' and what is always a bug \
            after every step, and prints a shortest failing sequence as a scenario. See docs/explore.md. \
            A search stopped by a budget (--max-steps, --max-seconds, --max-states, --max-memory) says \
            which, and what it explored. Exit status: 0 when nothing was violated within the bounds, 1 on \
            a violation, 2 when the spec is invalid, 64 for a usage error, 66 when a path does not exist.
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    @Argument(help: "The spec file to explore.", completion: SpecArguments.completion)
    var spec: String

    @Option(name: .long, help: "Steps per sequence (default: the spec's 'explore: depth:', else 6 for bfs and 20 for random).")
    var depth: Int?

    @Option(name: .long, help: "bfs (every distinct state up to the depth) or random (seeded walks).")
    var strategy: String = "bfs"

    @Option(name: .long, help: "Seed of the random walks; the same seed gives the same walks.")
    var seed: UInt64 = 0

    @Option(name: .customLong("max-steps"), help: "Most steps (transitions) taken in all.")
    var maxSteps: Int = 2_000_000

    @Option(name: .customLong("max-seconds"), help: "Most seconds for the whole exploration: the search, shrinking what it finds and, after a random walk's find, the breadth-first search below it.")
    var maxSeconds: Double = 30

    @Option(name: .customLong("max-states"), help: "Most distinct states seen (bfs).")
    var maxStates: Int = 200_000

    @Option(name: .customLong("max-memory"),
            help: ArgumentHelp("Most memory the search keeps (bfs): states to expand, digests, the queue and tables, as 512MB, 1GiB or bytes.",
                               valueName: "size"))
    var maxMemory: String = "1GiB"

    @Option(name: .long, help: "Threads bfs runs on, each with a graph of its own; any number gives the same result (default: the machine's cores).")
    var workers: Int?

    @Option(name: .customLong("params-from"), help: "For a screen with 'params:': the scenario whose parameters it is explored with (default: the first scenario's).")
    var paramsFrom: String?

    @Option(name: .long, help: "Output format: text or json (one object).")
    var format: Format = .text

    @Flag(name: .long, help: "Append the counterexample scenario to the spec (the whole file or nothing).")
    var write = false

    func validate() throws {
        guard ExploreOptions.Strategy(rawValue: strategy) != nil else {
            throw ValidationError("--strategy takes 'bfs' or 'random', found '\(strategy)'")
        }
        if let depth, !(0...1_000).contains(depth) { throw ValidationError("--depth takes 0 to 1000 steps, found \(depth)") }
        guard maxSteps >= 1 else { throw ValidationError("--max-steps must be at least 1, found \(maxSteps)") }
        guard maxSeconds.isFinite, maxSeconds > 0, maxSeconds <= 86_400 else {
            throw ValidationError("--max-seconds takes a number of seconds above 0 and at most 86400, found \(maxSeconds)")
        }
        guard (1...100_000_000).contains(maxStates) else { throw ValidationError("--max-states takes 1 to 100000000, found \(maxStates)") }
        if let workers, !(1...256).contains(workers) { throw ValidationError("--workers takes 1 to 256 threads, found \(workers)") }
        guard ByteCount.parse(maxMemory) != nil else {
            throw ValidationError("--max-memory takes a size such as 512MB, 1GiB or a number of bytes, found '\(maxMemory)'")
        }
    }

    @OptionGroup var display: DisplayOptions

    func run() throws {
        display.apply()
        try SpecArguments.requireExistingOrExit([spec])
        let loaded = SpecLoader.load(path: spec)
        Output.reportDiagnostics(loaded)
        guard let checked = loaded.spec else { throw ExitCodes.invalidSpec }
        if let paramsFrom, !checked.scenarios.contains(where: { $0.name == paramsFrom }) {
            let names = checked.scenarios.map { "'\($0.name)'" }.joined(separator: ", ")
            Output.error("error: --params-from: \(spec) has no scenario '\(paramsFrom)'\(names.isEmpty ? "" : "; its scenarios are \(names)")\n")
            throw ExitCodes.usage
        }
        var options = ExploreOptions()
        options.paramsFrom = paramsFrom
        options.strategy = ExploreOptions.Strategy(rawValue: strategy) ?? .bfs
        options.depth = depth
        options.seed = seed
        options.maxSteps = maxSteps
        options.maxSeconds = maxSeconds
        options.maxStates = maxStates
        options.maxMemory = ByteCount.parse(maxMemory) ?? ExploreOptions.defaultMaxMemory
        options.workers = workers ?? ProcessInfo.processInfo.activeProcessorCount
        let line = ProgressLine.onTerminal(format == .text)
        var progress: ((ExploreProgress) -> Void)?
        if let line { progress = { p in line.show(ExploreReport.progressLine(p), at: p.seconds) } }
        let result = Explorer.explore(checked, options: options, progress: progress)
        line?.clear()
        switch format {
        case .text: Output.write(ExploreReport.text(result, specPath: spec))
        case .json: Output.write(ExploreReport.json(result, specPath: spec))
        }
        guard let counterexample = result.counterexample else { return }
        if let problem = CounterexampleCheck.problem(counterexample, specText: loaded.source.text, path: spec) {
            Output.error("warning: the printed scenario does not reproduce the violation: \(problem)\n")
        }
        if write {
            switch SpecAppender.append(counterexample, toSpecAt: spec) {
            case .success: Output.error("appended scenario '\(counterexample.scenarioName)' to \(spec)\n")
            case .failure(let f): Output.error("error: \(f.message)\n")
            }
        }
        throw ExitCodes.failure
    }
}
