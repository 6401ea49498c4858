import Foundation
import ArgumentParser
import ScreenSpec
import SpecRuntime
import SpecTools

/// The spec paths a subcommand was given, expanded: files kept as given, folders searched
/// recursively for `*.yaml` and `*.yml`, and `-` for a spec read from standard input.
struct SpecArguments {
    /// The name `-` stands for in diagnostics and timelines.
    static let standardInputName = "<stdin>"

    /// The spec files, sorted by path without duplicates; `-` (at most once) comes first.
    var paths: [String]
    /// Whether `-` was given.
    var readsStandardInput: Bool { paths.first == "-" }

    /// A problem with the paths themselves, reported as a usage error.
    struct Problem: Error, CustomStringConvertible {
        var description: String
    }

    /// Expands `arguments`. A folder that holds no spec is a problem, not an empty run; so is
    /// `-` where standard input cannot be read (`allowStandardInput` false) or given twice.
    static func expand(_ arguments: [String], allowStandardInput: Bool) throws(Problem) -> SpecArguments {
        var stdin = false
        var rest: [String] = []
        for argument in arguments {
            if argument == "-" {
                guard allowStandardInput else { throw Problem(description: "'-' (a spec on standard input) cannot be used here; name spec files or folders") }
                guard !stdin else { throw Problem(description: "'-' is given twice; standard input holds one spec") }
                stdin = true
                continue
            }
            if SpecFinder.isDirectory(argument), SpecFinder.specs(in: [argument]).isEmpty {
                throw Problem(description: "no specs (*.yaml or *.yml files) in the folder '\(argument)'")
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

    /// `expand(_:allowStandardInput:)`, reporting a problem as `error: …` and exit status 64.
    static func expandOrExit(_ arguments: [String], allowStandardInput: Bool) throws -> SpecArguments {
        do {
            return try expand(arguments, allowStandardInput: allowStandardInput)
        } catch {
            Output.error("error: \(error)\n")
            throw ExitCodes.usage
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
