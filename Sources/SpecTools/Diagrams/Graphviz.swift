import Foundation
import SpecRuntime

/// Runs Graphviz's `dot` to turn DOT text into SVG, when it is installed.
public enum Graphviz {
    /// Why no SVG came out.
    public struct Failure: Error, CustomStringConvertible, Sendable {
        public var description: String
        /// True when `dot` is not on the `PATH`: the message says how to install it.
        public var notInstalled: Bool
    }

    /// How to get `dot` on the systems specrun runs on.
    public static let installHint = "Graphviz's 'dot' is not installed (not found on PATH); install it with 'apt-get install graphviz' "
        + "(Debian, Ubuntu) or 'brew install graphviz' (macOS), or write '--format dot' and render it elsewhere"

    /// The full path of `dot` on the `PATH`, nil when there is none.
    public static func dotExecutable(path: String? = ProcessInfo.processInfo.environment["PATH"]) -> String? {
        for folder in (path ?? "").split(separator: ":") where !folder.isEmpty {
            let candidate = String(folder) + "/dot"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// The SVG `dot -Tsvg` draws for `dot` text; `dot` is killed after `timeout` seconds (a
    /// graph of tens of thousands of nodes can take Graphviz that long) and its temporary folder
    /// removed. `progress` hears the seconds spent while it runs.
    public static func svg(fromDOT text: String, timeout: Double = 120, executable: String? = dotExecutable(),
                           progress: ((Double) -> Void)? = nil) throws(Failure) -> String {
        guard let executable else { throw Failure(description: installHint, notInstalled: true) }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("specrun-dot-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("graph.dot")
        let output = folder.appendingPathComponent("graph.svg")
        let errors = folder.appendingPathComponent("errors.txt")
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: input)
            _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = ["-Tsvg", "-o", output.path, input.path]
            process.standardInput = FileHandle.nullDevice
            process.standardOutput = FileHandle.nullDevice
            process.standardError = try FileHandle(forWritingTo: errors)
            try process.run()
            let started = Date()
            let deadline = started.addingTimeInterval(timeout)
            while process.isRunning && Date() < deadline {
                Thread.sleep(forTimeInterval: 0.02)
                progress?(Date().timeIntervalSince(started))
            }
            if process.isRunning {
                kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
                let seconds = timeout == timeout.rounded() && timeout < 1e9 ? "\(Int(timeout))" : "\(timeout)"
                throw Failure(description: "the time budget (--max-seconds \(seconds)) was used up: '\(executable)' was still laying out "
                              + "the graph and was stopped; raise --max-seconds, or write '--format dot' or '--format mermaid' instead",
                              notInstalled: false)
            }
            process.waitUntilExit()
            guard process.terminationStatus == 0 else {
                let message = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
                throw Failure(description: "'\(executable)' failed with status \(process.terminationStatus): "
                              + message.trimmingCharacters(in: .whitespacesAndNewlines), notInstalled: false)
            }
            return try String(contentsOf: output, encoding: .utf8)
        } catch let failure as Failure {
            throw failure
        } catch {
            throw Failure(description: "cannot run '\(executable)': \(error.localizedDescription)", notInstalled: false)
        }
    }
}
