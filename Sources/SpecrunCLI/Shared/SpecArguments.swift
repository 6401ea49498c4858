import Foundation
import ArgumentParser
import ScreenSpec
import SpecRuntime
import SpecTools

/// The spec paths a subcommand was given, expanded: files kept as given, folders searched
/// recursively for `*.yaml` and `*.yml`, and `-` for a spec read from standard input.
package struct SpecArguments {
    /// The name `-` stands for in diagnostics and timelines.
    static let standardInputName = "<stdin>"

    /// The spec files, sorted by path without duplicates; `-` (at most once) comes first.
    package var paths: [String]
    /// Whether `-` was given.
    var readsStandardInput: Bool { paths.first == "-" }

    /// A problem with the paths themselves: a usage error, or a path that is not there.
    struct Problem: Error, CustomStringConvertible {
        var description: String
        var exitCode = ExitCodes.usage
    }

    /// A path that does not exist (a dangling link neither): one plain line, exit 66.
    static func missing(_ path: String) -> Problem {
        Problem(description: "no such file or directory: '\(path)'", exitCode: ExitCodes.noInput)
    }

    /// Every one of `paths` (but `-`, and the empty path, which loading names) exists, or the
    /// first that does not is a problem.
    static func requireExisting(_ paths: [String]) throws(Problem) {
        for path in paths where path != "-" && !path.isEmpty {
            var info = stat()
            if stat(path, &info) != 0 && (errno == ENOENT || errno == ENOTDIR) { throw missing(path) }
        }
    }

    /// Expands `arguments`. A folder that holds no spec is a problem, not an empty run; so is
    /// `-` where standard input cannot be read (`allowStandardInput` false) or given twice.
    static func expand(_ arguments: [String], allowStandardInput: Bool) throws(Problem) -> SpecArguments {
        var stdin = false
        var rest: [String] = []
        try requireExisting(arguments)
        for argument in arguments {
            if argument == "-" {
                guard allowStandardInput else { throw Problem(description: "'-' (a spec on standard input) cannot be used here; name spec files or folders") }
                guard !stdin else { throw Problem(description: "'-' is given twice; standard input holds one spec") }
                stdin = true
                continue
            }
            if SpecFinder.isDirectory(argument) {
                let found = SpecFinder.search([argument])
                if let name = found.nonUTF8Names.first {
                    // Foundation would name it with U+FFFD, a path that does not exist.
                    throw Problem(description: "the name of '\(name)' is not UTF-8, so specrun cannot open it; rename it",
                                  exitCode: ExitCodes.noInput)
                }
                if found.specs.isEmpty { throw Problem(description: "no specs (*.yaml or *.yml files) in the folder '\(argument)'") }
            }
            rest.append(argument)
        }
        return SpecArguments(paths: (stdin ? ["-"] : []) + SpecFinder.specs(in: rest))
    }

    /// Loads one expanded path: `-` reads standard input to its end.
    static func load(_ path: String) -> LoadedSpec {
        path == "-" ? StandardInput.loadSpec(named: standardInputName) : SpecLoader.load(path: path)
    }

    /// How a path is shown: `-` as `<stdin>`.
    static func displayName(_ path: String) -> String {
        path == "-" ? standardInputName : path
    }
}

extension SpecArguments {
    /// Shell completion for spec path arguments: files (spec files first) and folders.
    static let completion = CompletionKind.file(extensions: SpecFinder.specExtensions)

    /// `expand(_:allowStandardInput:)`, reporting a problem as `error: …` and exit status 64
    /// (66 for a path that does not exist or a name that is not UTF-8).
    package static func expandOrExit(_ arguments: [String], allowStandardInput: Bool) throws -> SpecArguments {
        do {
            return try expand(arguments, allowStandardInput: allowStandardInput)
        } catch {
            Output.error("error: \(error)\n")
            throw error.exitCode
        }
    }

    /// `requireExisting(_:)`, reporting a missing path as `error: …` and exit status 66.
    static func requireExistingOrExit(_ paths: [String]) throws {
        do {
            try requireExisting(paths)
        } catch {
            Output.error("error: \(error)\n")
            throw error.exitCode
        }
    }
}

extension SpecArguments {
    /// Loads expanded paths together (see `SpecLoader.load(paths:loader:)`, which also reports
    /// two specs of a folder declaring one screen), `-` from standard input under `<stdin>`.
    static func loadAll(_ paths: [String]) -> [LoadedSpec] {
        // Foundation traps on `deletingLastPathComponent` of "-", so the shared loader sees `<stdin>`.
        SpecLoader.load(paths: paths.map(displayName), loader: { _ in paths.map(load) })
    }
}
