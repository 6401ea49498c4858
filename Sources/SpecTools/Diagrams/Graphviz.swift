import Foundation
import SpecRuntime

/// Runs Graphviz's `dot` to turn DOT text into SVG, when it is installed.
package enum Graphviz {
    /// Why no SVG came out.
    package struct Failure: Error, CustomStringConvertible, Sendable {
        package var description: String
        /// True when `dot` is not on the `PATH`: the message says how to install it.
        package var notInstalled: Bool
    }

    /// How to get `dot` on the systems specrun runs on.
    package static let installHint = "Graphviz's 'dot' is not installed (not found on PATH); install it with 'apt-get install graphviz' "
        + "(Debian, Ubuntu) or 'brew install graphviz' (macOS), or write '--format dot' and render it elsewhere"

    /// The full path of `dot` on the `PATH`, nil when there is none.
    package static func dotExecutable(path: String? = ProcessInfo.processInfo.environment["PATH"]) -> String? {
        for folder in (path ?? "").split(separator: ":") where !folder.isEmpty {
            let candidate = String(folder) + "/dot"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// The SVG `dot -Tsvg` draws for `dot` text; `dot` is killed after `timeout` seconds (a
    /// graph of tens of thousands of nodes can take Graphviz that long). `progress` hears the
    /// seconds spent while it runs. `dot` reads and writes files without a name (see
    /// `ScratchFile`) and dies with specrun (see `ChildProcess`), so stopping specrun leaves
    /// neither a process nor a file behind.
    package static func svg(fromDOT text: String, timeout: Double = 120, executable: String? = dotExecutable(),
                           progress: ((Double) -> Void)? = nil) throws(Failure) -> String {
        guard let executable else { throw Failure(description: installHint, notInstalled: true) }
        do {
            let input = try ScratchFile(), output = try ScratchFile(), errors = try ScratchFile()
            try input.write(text)
            let child = try ChildProcess.start(executable, ["-Tsvg"], input: input.fd, output: output.fd, errors: errors.fd)
            guard let status = child.wait(timeout: timeout, progress: progress) else {
                let seconds = timeout == timeout.rounded() && timeout < 1e9 ? "\(Int(timeout))" : "\(timeout)"
                throw Failure(description: "the time budget (--max-seconds \(seconds)) was used up: '\(executable)' was still laying out "
                              + "the graph and was stopped; raise --max-seconds, or write '--format dot' or '--format mermaid' instead",
                              notInstalled: false)
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
