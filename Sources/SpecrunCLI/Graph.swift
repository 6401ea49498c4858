import ArgumentParser
import ScreenSpec
import SpecRuntime
import SpecTools

struct Graph: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "graph",
        abstract: "Draw a spec's dataflow graph: view, view model and services, each edge a dependency the runtime follows.",
        discussion: """
            mermaid renders inside GitHub and GitLab markdown; dot feeds Graphviz; svg runs Graphviz's \
            'dot' (Debian package 'graphviz') and scales to its window; html runs 'dot' too and writes a \
            self-contained page that fits the graph to the window, with zoom (wheel, + and -), pan (drag) and \
            fit (0). Exit status: 0 when the graph was written, 2 when the spec \
            is invalid (nothing is written, except for a spec whose only error is a dependency cycle: it is \
            drawn as far as it loads, the cycle in red), 69 when 'dot' is not installed, 1 when the output cannot be \
            written or 'dot' fails or takes longer than --max-seconds (it is stopped), 64 for a usage error, \
            66 when a path does not exist.
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case mermaid, dot, svg, html
    }

    @Argument(help: "The spec file to draw.", completion: SpecArguments.completion)
    var spec: String

    @Option(name: .long, help: "Output format: mermaid, dot, svg or html.")
    var format: Format = .mermaid

    @Option(name: .long, help: "Write the graph to this file (whole or not at all) instead of standard output.")
    var output: String?

    @Option(name: .customLong("max-seconds"), help: "Most seconds 'dot' may take to lay out an svg or html graph before it is stopped.")
    var maxSeconds: Double = 120

    func validate() throws {
        guard maxSeconds.isFinite, maxSeconds > 0, maxSeconds <= 86_400 else {
            throw ValidationError("--max-seconds takes a number of seconds above 0 and at most 86400, found \(maxSeconds)")
        }
    }

    @OptionGroup var display: DisplayOptions

    func run() throws {
        display.apply()
        try SpecArguments.requireExistingOrExit([spec])
        try Output.refuseInput(output, inputs: [spec])
        let loaded = SpecLoader.load(path: spec)
        Output.reportDiagnostics(loaded)
        // A spec whose only error is a dependency cycle is drawn as far as it loads, the cycle in
        // red, so that the author sees the loop; it is still invalid (exit 2).
        guard let graph = loaded.spec.map(DataflowGraph.init(spec:)) ?? loaded.cycleDrawing.map(DataflowGraph.init(drawing:)) else {
            throw ExitCodes.invalidSpec
        }
        let text: String
        switch format {
        case .mermaid: text = MermaidRenderer.render(graph)
        case .dot: text = DotRenderer.render(graph)
        case .svg, .html:
            // `dot` can run for minutes; SIGINT and SIGTERM must stop it (it dies with us).
            StopSignals.unblock()
            let line = ProgressLine.onTerminal()
            defer { line?.clear() }
            var progress: ((Double) -> Void)?
            if let line { progress = { seconds in line.show("dot is laying out the graph: \(ExploreReport.format1(seconds)) s", at: seconds) } }
            do {
                let svg = try Graphviz.svg(fromDOT: DotRenderer.render(graph), timeout: maxSeconds, progress: progress)
                text = format == .svg ? try ScalableSVG.scaled(svg) : try GraphPage.html(screen: graph.screen, svg: svg)
            } catch let error as Graphviz.Failure {
                Output.error("error: \(error)\n")
                throw error.notInstalled ? ExitCodes.unavailable : ExitCodes.failure
            } catch {
                Output.error("error: \(error)\n")
                throw ExitCodes.failure
            }
        }
        try Output.deliver(text, to: output)
        if loaded.spec == nil { throw ExitCodes.invalidSpec }
    }
}
