import ArgumentParser

/// When to colour output: `--color auto|always|never`, with `auto` reading the environment.
enum ColorChoice: String, ExpressibleByArgument, CaseIterable, Sendable {
    case auto, always, never

    /// Whether to colour a stream. An explicit `always` or `never` wins; under `auto`,
    /// `FORCE_COLOR` (anything but empty, `0` or `false`) turns colour on and `FORCE_COLOR=0` off,
    /// then a non-empty `NO_COLOR` (no-color.org) or `TERM=dumb` turns it off, and otherwise
    /// colour follows whether the stream is a terminal.
    func enabled(isTerminal: Bool, environment: [String: String]) -> Bool {
        switch self {
        case .always: return true
        case .never: return false
        case .auto:
            if let force = environment["FORCE_COLOR"], !force.isEmpty {
                return !["0", "false"].contains(force.lowercased())
            }
            if let none = environment["NO_COLOR"], !none.isEmpty { return false }
            if environment["TERM"] == "dumb" { return false }
            return isTerminal
        }
    }
}

/// Options every subcommand shares: `@OptionGroup var display: DisplayOptions`, then
/// `display.apply()` first thing in `run()`.
struct DisplayOptions: ParsableArguments {
    @Option(name: .long, help: "Colour the output: auto (on a terminal, unless NO_COLOR is set; FORCE_COLOR forces it), always or never.")
    var color: ColorChoice = .auto

    /// Makes this choice the process's colour choice, read by `Output.useColor(for:)`.
    func apply() {
        Output.colorChoice = color
    }
}
