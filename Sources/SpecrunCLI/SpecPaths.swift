import Foundation
import SpecRuntime
import SpecTools

extension SpecFinder {
    /// The paths a subcommand was given, or the `specs` folder when none; a usage error when
    /// none were given and there is no `specs` folder here.
    static func rootsOrUsageError(_ paths: [String]) throws -> [String] {
        guard paths.isEmpty else {
            try SpecArguments.requireExistingOrExit(paths)
            return paths
        }
        guard FileManager.default.fileExists(atPath: "specs") else {
            Output.error("error: there is no 'specs' folder here; name the spec files or folders\n")
            throw ExitCodes.usage
        }
        return ["specs"]
    }

    /// The specs under `paths` (default `specs`), or a usage error when there is nothing to play.
    static func specsOrUsageError(_ paths: [String]) throws -> [String] {
        let roots = try rootsOrUsageError(paths)
        // As `test` expands them: `.yml` too, and a folder with no spec is a usage error.
        return try SpecArguments.expandOrExit(roots, allowStandardInput: false).paths
    }
}
