import Foundation
import PackagePlugin

/// `swift package specrun-write COMMAND …`: as `specrun`, for the commands that write into the
/// package (new and changed snapshots, `explore --write`, `review`, `test --accept`); it asks for
/// permission to write into the package directory (`--allow-writing-to-package-directory`).
@main
struct SpecrunWriteCommand: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let tool = try context.tool(named: "specrun").url
        let folder = context.package.directoryURL
        try SpecrunInvocation(tool: tool, folder: folder, arguments: arguments, mayWrite: true).run()
    }
}
