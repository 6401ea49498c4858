import Foundation
import PackagePlugin

/// The build-tool plugin: the specs of a target become typed Swift at every build
/// (docs/generated-code.md). A spec is a `.yaml` or `.yml` file of the target with a top-level
/// `screen:` line; each becomes `<name>.swift` in the plugin's work folder, compiled with the
/// target. One command generates them all, so that a navigation between them is typed, and an
/// invalid spec fails the build at its `file:line:col`. A `specrun-generate.json` in the target
/// (`{"rxswift": true}`, `{"model": false}`) chooses what else is written.
@main
struct SpecrunGenerate: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let files = target.sourceFiles.map(\.url)
        return try GenerateCommand.commands(
            files: files, tool: context.tool(named: "specrun-generate").url, workFolder: context.pluginWorkDirectoryURL)
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

extension SpecrunGenerate: XcodeBuildToolPlugin {
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
        let files = target.inputFiles.map(\.url)
        return try GenerateCommand.commands(
            files: files, tool: context.tool(named: "specrun-generate").url, workFolder: context.pluginWorkDirectoryURL)
    }
}
#endif

/// The command for a target's files: shared by SwiftPM targets and Xcode targets.
enum GenerateCommand {
    static func commands(files: [URL], tool: URL, workFolder: URL) throws -> [Command] {
        let specs = files.filter(isSpec).sorted { $0.path < $1.path }
        guard !specs.isEmpty else { return [] }
        let configuration = files.first { $0.lastPathComponent == "specrun-generate.json" }
        let options = try configuration.map(readOptions) ?? (rxswift: false, model: true)
        let output = workFolder.appendingPathComponent("Generated")
        var arguments = ["--output", output.path]
        if options.rxswift { arguments.append("--rxswift") }
        if !options.model { arguments.append("--no-model") }
        arguments += specs.map(\.path)
        var outputs = specs.map { output.appendingPathComponent(baseName($0) + ".swift") }
        if options.rxswift { outputs += specs.map { output.appendingPathComponent(baseName($0) + "+RxSwift.swift") } }
        return [
            .buildCommand(
                displayName: "Generating typed Swift for \(specs.count) spec\(specs.count == 1 ? "" : "s")",
                executable: tool,
                arguments: arguments,
                inputFiles: specs + (configuration.map { [$0] } ?? []),
                outputFiles: outputs
            ),
        ]
    }

    /// A `.yaml` or `.yml` file with a `screen:` line at its top level.
    static func isSpec(_ url: URL) -> Bool {
        guard ["yaml", "yml"].contains(url.pathExtension.lowercased()),
              let text = try? String(contentsOf: url, encoding: .utf8) else { return false }
        return text.split(separator: "\n").contains { $0.hasPrefix("screen:") }
    }

    static func baseName(_ url: URL) -> String {
        url.deletingPathExtension().lastPathComponent
    }

    static func readOptions(_ url: URL) throws -> (rxswift: Bool, model: Bool) {
        let data = try Data(contentsOf: url)
        guard let object = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw GenerateConfigurationError(message: "\(url.path): expected a JSON object such as {\"rxswift\": true}")
        }
        for key in object.keys where !["rxswift", "model"].contains(key) {
            throw GenerateConfigurationError(message: "\(url.path): unknown key '\(key)'; the keys are 'rxswift' and 'model'")
        }
        return (object["rxswift"] as? Bool ?? false, object["model"] as? Bool ?? true)
    }
}

struct GenerateConfigurationError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}
