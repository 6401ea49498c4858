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

    /// The SVG `dot -Tsvg` draws for `dot` text; `dot` is stopped after `timeout` seconds (a
    /// graph of tens of thousands of nodes can take Graphviz that long). `dot` reads and writes
    /// files without a name (see `ScratchFile`) and dies with specrun (see `ChildProcess`), so
    /// stopping specrun leaves neither a process nor a file behind.
    public static func svg(fromDOT text: String, timeout: Double = 300, executable: String? = dotExecutable()) throws(Failure) -> String {
        guard let executable else { throw Failure(description: installHint, notInstalled: true) }
        do {
            let input = try ScratchFile(), output = try ScratchFile(), errors = try ScratchFile()
            try input.write(text)
            let child = try ChildProcess.start(executable, ["-Tsvg"], input: input.fd, output: output.fd, errors: errors.fd)
            guard let status = child.wait(timeout: timeout) else {
                throw Failure(description: "'\(executable)' did not finish within \(Int(timeout)) seconds; the graph is too large "
                              + "to lay out, so write '--format dot' or '--format mermaid' instead", notInstalled: false)
            }
            guard status == 0 else {
                let message = errors.contents().trimmingCharacters(in: .whitespacesAndNewlines)
                throw Failure(description: "'\(executable)' failed with status \(status)" + (message.isEmpty ? "" : ": " + message), notInstalled: false)
            }
            return output.contents()
        } catch let failure as Failure {
            throw failure
        } catch {
            throw Failure(description: "cannot run '\(executable)': \(error)", notInstalled: false)
        }
    }
}
