import ScreenSpec

/// "did you mean" for a first argument that names no subcommand.
enum SubcommandSuggestion {
    /// The message for `arguments` whose first word is not an option and not one of `known`;
    /// nil when the first argument is fine (argument-parser reports every other problem).
    static func problem(in arguments: [String], known: [String]) -> String? {
        guard let first = arguments.first, !first.hasPrefix("-"), !known.contains(first) else { return nil }
        var message = "unknown subcommand '\(first)'"
        if let nearest = Suggestion.nearest(to: first, in: known, budget: nil) {
            message += "; did you mean '\(nearest)'?"
        } else {
            message += "; the subcommands are " + known.filter { $0 != "help" }.map { "'\($0)'" }.joined(separator: ", ")
        }
        return message
    }
}
