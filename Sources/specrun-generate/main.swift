import Foundation
import SpecCodegen

// The build-tool plugin's generator (Plugins/SpecrunGenerate): `specrun generate` without the rest
// of the command line, so that an app's build compiles the front end, the engine and the generator
// only. Usage: specrun-generate [--rxswift] [--no-model] --output DIR SPEC...
// Diagnostics go to standard error as `file:line:col: error: message`, which SwiftPM and Xcode
// show at the spec's line.
var arguments = Array(CommandLine.arguments.dropFirst())
var options = SpecGenerator.Options()
var output: String?
var specs: [String] = []
while !arguments.isEmpty {
    let argument = arguments.removeFirst()
    switch argument {
    case "--rxswift": options.rxSwift = true
    case "--no-model": options.model = false
    case "--output":
        guard !arguments.isEmpty else {
            FileHandle.standardError.write(Data("specrun-generate: '--output' needs a folder\n".utf8))
            exit(64)
        }
        output = arguments.removeFirst()
    default: specs.append(argument)
    }
}
guard let output, !specs.isEmpty else {
    FileHandle.standardError.write(Data("usage: specrun-generate [--rxswift] [--no-model] --output DIR SPEC...\n".utf8))
    exit(64)
}
let run = GenerateRun.run(specs: specs, folder: output, options: options)
FileHandle.standardError.write(Data(run.diagnostics.utf8))
for error in run.errors { FileHandle.standardError.write(Data("error: \(error)\n".utf8)) }
exit(run.status)
