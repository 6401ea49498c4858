import Foundation
import SpecRuntime

extension SpecFinder {
    /// The specs under `paths` (default `specs`), or a usage error when there is nothing to play.
    static func specsOrUsageError(_ paths: [String]) throws -> [String] {
        let roots = paths.isEmpty ? ["specs"] : paths
        if paths.isEmpty && !FileManager.default.fileExists(atPath: "specs") {
            Output.error("error: there is no 'specs' folder here; name the spec files or folders\n")
            throw ExitCodes.usage
        }
        // As `test` expands them: `.yml` too, and a folder with no spec is a usage error.
        return try SpecArguments.expandOrExit(roots, allowStandardInput: false).paths
    }
}
