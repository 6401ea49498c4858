import Foundation
import ScreenSpec
import SpecRuntime

/// Writes to standard output and error, choosing colour once for the process.
enum Output {
    static func write(_ s: String) {
        FileHandle.standardOutput.write(Data(s.utf8))
    }

    static func error(_ s: String) {
        FileHandle.standardError.write(Data(s.utf8))
    }

    /// Colour only on a terminal, never with `NO_COLOR` set, as no-color.org asks.
    static func useColor(for fd: Int32) -> Bool {
        let env = ProcessInfo.processInfo.environment
        if let v = env["NO_COLOR"], !v.isEmpty { return false }
        if env["TERM"] == "dumb" { return false }
        return isatty(fd) == 1
    }

    /// Writes `text` to `path` whole or not at all, or to standard output when `path` is nil.
    static func deliver(_ text: String, to path: String?) throws {
        guard let path else { return write(text) }
        do {
            try SnapshotFile.writeAtomically(text, to: path)
        } catch {
            Output.error("error: cannot write '\(path)': \(error)\n")
            throw ExitCodes.failure
        }
    }

    static func reportDiagnostics(_ loaded: LoadedSpec) {
        guard !loaded.diagnostics.isEmpty else { return }
        error(loaded.renderDiagnostics(colors: useColor(for: STDERR_FILENO)))
        let count = loaded.diagnostics.filter { $0.severity == .error }.count
        if count > 0 { error("\(count) error\(count == 1 ? "" : "s") in \(loaded.source.path)\n") }
    }
}
