import Foundation
import ScreenSpec
import SpecRuntime
import SpecTools

/// Writes to standard output and error, choosing colour once for the process.
///
/// A write that fails (a full disk, a closed descriptor, a reader that went away while SIGPIPE is
/// ignored) ends the process with ``ExitCodes/outputFailed`` and one line on standard error when
/// that can still be written: output that silently stops, or a trap, would let a caller take a
/// truncated report for a whole one.
package enum Output {
    /// Set once by `DisplayOptions.apply()` before anything is written.
    nonisolated(unsafe) static var colorChoice: ColorChoice = .auto

    package static func write(_ s: String) {
        send(s, to: STDOUT_FILENO)
    }

    package static func error(_ s: String) {
        send(s, to: STDERR_FILENO)
    }

    private static func send(_ s: String, to fd: Int32) {
        var text = s
        guard let failure = text.withUTF8({ writeAll($0, to: fd) }) else { return }
        let name = fd == STDOUT_FILENO ? "standard output" : "standard error"
        var message = "specrun: cannot write to \(name): \(String(cString: strerror(failure)))\n"
        if fd != STDERR_FILENO { _ = message.withUTF8 { writeAll($0, to: STDERR_FILENO) } }
        exit(ExitCodes.outputFailed.rawValue)
    }

    /// Writes every byte, retrying after a signal or a partial write; the `errno` of a failure.
    private static func writeAll(_ bytes: UnsafeBufferPointer<UInt8>, to fd: Int32) -> Int32? {
        guard var next = bytes.baseAddress else { return nil }
        var left = bytes.count
        while left > 0 {
            let written = Foundation.write(fd, next, left)
            if written < 0 {
                if errno == EINTR { continue }
                return errno
            }
            if written == 0 { return EIO }
            next += written
            left -= written
        }
        return nil
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
            // The error names the path and says why (see `OutputFile`).
            Output.error("error: \(error)\n")
            throw ExitCodes.failure
        }
    }

    /// A usage error (64) naming the file when `output` is one of the input specs (by file identity,
    /// so a link or another spelling of the path is caught too): the report would replace the spec.
    static func refuseInput(_ output: String?, inputs: [String]) throws {
        guard let output else { return }
        var target = stat()
        guard stat(output, &target) == 0 else { return }
        for input in inputs where input != "-" {
            var info = stat()
            if stat(input, &info) == 0 && info.st_dev == target.st_dev && info.st_ino == target.st_ino {
                let same = input == output ? "" : " (the same file as '\(output)')"
                error("error: '--output' names the input spec '\(input)'\(same); the report would replace it\n")
                throw ExitCodes.usage
            }
        }
    }

    static func reportDiagnostics(_ loaded: LoadedSpec) {
        guard !loaded.diagnostics.isEmpty else { return }
        error(loaded.renderDiagnostics(colors: useColor(for: STDERR_FILENO)))
        let count = loaded.diagnostics.filter { $0.severity == .error }.count
        if count > 0 { error("\(count) error\(count == 1 ? "" : "s") in \(TerminalText.escaped(loaded.source.path))\n") }
    }
}
