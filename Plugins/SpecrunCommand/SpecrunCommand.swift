import Foundation
import PackagePlugin

/// `swift package specrun COMMAND …`: runs the specrun tool, built from source, in the package's
/// folder. It has no permission to write into the package, so commands that would write there
/// (recording snapshots, `--write`, `--update`, `--accept`, `review`) are pointed at
/// `specrun-write`, which asks for it; `test` runs as `test --ci`, comparing without writing.
/// `check`'s diagnostics go through the plugin diagnostics API, so Xcode and `swift package` show
/// them at their file and line.
@main
struct SpecrunCommand: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let tool = try context.tool(named: "specrun").url
        let folder = context.package.directoryURL
        try SpecrunInvocation(tool: tool, folder: folder, arguments: arguments, mayWrite: false).run()
    }
}
