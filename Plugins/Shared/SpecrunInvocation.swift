import Foundation
import PackagePlugin

/// One run of the specrun tool for a command plugin (shared by `specrun` and `specrun-write`
/// through a symbolic link, as plugins cannot share a library target).
struct SpecrunInvocation {
    let tool: URL
    let folder: URL
    let arguments: [String]
    /// Whether the plugin was granted permission to write into the package.
    let mayWrite: Bool

    /// The subcommand, the first argument that is not an option.
    var command: String? { arguments.first { !$0.hasPrefix("-") } }

    /// Why this run needs `specrun-write`, or nil when it writes nothing into the package.
    var writeReason: String? {
        let writingFlags = ["--write", "--update", "--accept", "--reject", "--prune", "--output"]
        if let flag = arguments.first(where: { argument in writingFlags.contains { argument == $0 || argument.hasPrefix($0 + "=") } }) {
            return "'\(flag)' writes into the package"
        }
        switch command {
        case "review": return "'review' accepts and rejects snapshots"
        case "init": return "'init' writes a first spec"
        case "preview": return "'preview' serves a page and writes recordings; run the specrun tool itself"
        default: return nil
        }
    }

    func run() throws {
        guard let command else {
            print("usage: swift package specrun COMMAND [ARGUMENTS…] (check, test, coverage, mutate, explore, graph, run, compile)")
            print("       swift package --allow-writing-to-package-directory specrun-write COMMAND … (test recording snapshots, explore --write, review, generate --output DIR)")
            return
        }
        var arguments = arguments
        if !mayWrite {
            if let reason = writeReason {
                Diagnostics.error("\(reason), and 'specrun' has no permission to write; run 'swift package --allow-writing-to-package-directory specrun-write \(self.arguments.joined(separator: " "))'")
                return
            }
            // `test` without permission compares and never writes, as in CI.
            if command == "test" && !arguments.contains("--ci") { arguments.append("--ci") }
        }
        if command == "check" && !arguments.contains(where: { $0 == "--format" || $0.hasPrefix("--format=") }) {
            try runCheck(arguments + ["--format", "json"])
        } else {
            let status = try launch(arguments, capture: false).status
            if status != 0 { Diagnostics.error("specrun \(command) exited with status \(status)") }
        }
    }

    /// `check`, with each diagnostic handed to SwiftPM at its file and line.
    private func runCheck(_ arguments: [String]) throws {
        let (status, output) = try launch(arguments, capture: true)
        var reported = 0
        for line in output.split(separator: "\n") {
            guard let data = line.data(using: .utf8),
                  let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
                  let message = object["message"] as? String
            else { continue }
            let file = (object["file"] as? String).map { $0.hasPrefix("/") ? $0 : folder.appendingPathComponent($0).path }
            let line = object["line"] as? Int
            let id = (object["id"] as? String).map { " [\($0)]" } ?? ""
            // SwiftPM's command line prints a plugin diagnostic without its place (Xcode shows it
            // on the line), so the place is printed too, as `specrun check` writes it.
            let place = [object["file"] as? String, line.map(String.init), (object["column"] as? Int).map(String.init)]
                .compactMap { $0 }.joined(separator: ":")
            print("\(place): \(object["severity"] as? String ?? "error"): \(message)\(id)")
            switch object["severity"] as? String {
            case "warning": Diagnostics.warning(message + id, file: file, line: line)
            case "note": Diagnostics.remark(message + id, file: file, line: line)
            default: Diagnostics.error(message + id, file: file, line: line)
            }
            reported += 1
        }
        if status == 0 {
            print("specrun check: every spec is valid")
        } else if reported == 0 {
            Diagnostics.error("specrun check exited with status \(status)")
        }
    }

    private func launch(_ arguments: [String], capture: Bool) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = tool
        process.arguments = arguments
        process.currentDirectoryURL = folder
        let pipe = Pipe()
        if capture { process.standardOutput = pipe }
        try process.run()
        var output = Data()
        if capture { output = pipe.fileHandleForReading.readDataToEndOfFile() }
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self))
    }
}
