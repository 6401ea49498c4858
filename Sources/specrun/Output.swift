import Foundation
import ScreenSpec
import SpecRuntime

/// Writes to standard output and error, choosing colour once for the process.
enum Output {
    /// Set once by `DisplayOptions.apply()` before anything is written.
    nonisolated(unsafe) static var colorChoice: ColorChoice = .auto

    static func write(_ s: String) {
        FileHandle.standardOutput.write(Data(s.utf8))
    }

    static func error(_ s: String) {
        FileHandle.standardError.write(Data(s.utf8))
    }

    /// Whether to colour what goes to `fd`; see `ColorChoice.enabled(isTerminal:environment:)`.
    static func useColor(for fd: Int32) -> Bool {
        colorChoice.enabled(isTerminal: isatty(fd) == 1, environment: ProcessInfo.processInfo.environment)
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
