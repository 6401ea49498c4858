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

    static func reportDiagnostics(_ loaded: LoadedSpec) {
        guard !loaded.diagnostics.isEmpty else { return }
        error(loaded.renderDiagnostics(colors: useColor(for: STDERR_FILENO)))
        let count = loaded.diagnostics.filter { $0.severity == .error }.count
        if count > 0 { error("\(count) error\(count == 1 ? "" : "s") in \(loaded.source.path)\n") }
    }
}

extension Output {
    /// Writes a report to standard output, or atomically to `file` when given.
    static func deliver(_ text: String, to file: String?) throws {
        guard let file else { return write(text) }
        do {
            try SnapshotFile.writeAtomically(text, to: file)
        } catch {
            Output.error("error: cannot write '\(file)': \(error)\n")
            throw ExitCodes.failure
        }
    }
}
