import Foundation
import Testing

/// A command-line tool a test runs (a validator installed by `.ci/run`). When it is missing the
/// test fails in CI (`CI` set) and prints a visible warning on a developer's machine, so it never
/// passes silently.
struct ExternalTool {
    let name: String
    let path: String

    /// The tool on `PATH`, or nil after reporting that it is missing.
    static func find(_ name: String, install: String) -> ExternalTool? {
        let searchPath = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for dir in searchPath.split(separator: ":") {
            let candidate = "\(dir)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return ExternalTool(name: name, path: candidate) }
        }
        let message = "'\(name)' is not installed, so this check did not run; install it with: \(install)"
        if ProcessInfo.processInfo.environment["CI"] != nil {
            Issue.record(Comment(rawValue: message))
        } else {
            FileHandle.standardError.write(Data("\n⚠️  warning: \(message)\n\n".utf8))
        }
        return nil
    }

    struct Result {
        var status: Int32
        var output: String
    }

    /// Runs the tool with `arguments`, standard error merged into the output.
    func run(_ arguments: [String]) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, output: String(decoding: data, as: UTF8.self))
    }
}

/// A fresh temporary folder.
func temporaryFolder(_ prefix: String) throws -> String {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    return dir
}
