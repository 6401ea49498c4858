import Foundation
import SpecRuntime
import SpecTools
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Shows a long diff in `specrun review` through a pager, as git does: only when standard
/// output is a terminal and the text is taller than it, with `$PAGER` (default `less -R -F -X`:
/// colours kept, quits by itself when the text fits after all, and leaves the text on the
/// screen afterwards, so the prompt below it still has the diff above). Only the diff is paged:
/// the prompt and its key come after the pager has quit. A pager that cannot start prints the
/// text instead; an empty `PAGER` means none.
enum Pager {
    static let defaultCommand = "less -R -F -X"

    /// The command to page with; nil when `PAGER` is set but empty.
    static func command(environment: [String: String]) -> String? {
        guard let pager = environment["PAGER"] else { return defaultCommand }
        let trimmed = pager.trimmingCharacters(in: .whitespaces)
        return trimmed.isEmpty || trimmed == "cat" ? nil : trimmed
    }

    /// Whether text of `lines` lines needs a pager on a terminal of `rows` rows (nil: standard
    /// output is not a terminal). One row is kept for the prompt that follows.
    static func needed(lines: Int, rows: Int?) -> Bool {
        guard let rows, rows > 0 else { return false }
        return lines > rows - 1
    }

    /// The rows of the terminal on standard output; nil when it is not a terminal.
    static func terminalRows() -> Int? {
        guard isatty(STDOUT_FILENO) == 1 else { return nil }
        var size = winsize()
        #if os(Linux)
        let request = UInt(TIOCGWINSZ)
        #else
        let request = TIOCGWINSZ
        #endif
        if ioctl(STDOUT_FILENO, request, &size) == 0, size.ws_row > 0 { return Int(size.ws_row) }
        return Int(ProcessInfo.processInfo.environment["LINES"] ?? "") ?? 24
    }

    /// Writes `text` to standard output, through the pager when it is taller than the terminal
    /// and paging is allowed.
    static func show(_ text: String, allowed: Bool) {
        let lines = text.reduce(0) { $0 + ($1 == "\n" ? 1 : 0) }
        guard allowed, needed(lines: lines, rows: terminalRows()),
              let command = command(environment: ProcessInfo.processInfo.environment),
              page(text, with: command) else {
            return Output.write(text)
        }
    }

    /// Runs `command` through the shell with `text` as its input and waits for it; false when it
    /// could not start (the shell's 126 and 127), so that the caller prints the text.
    static func page(_ text: String, with command: String) -> Bool {
        guard let input = try? ScratchFile(), (try? input.write(text)) != nil,
              let child = try? ChildProcess.start("/bin/sh", ["-c", command], input: input.fd, output: STDOUT_FILENO, errors: STDERR_FILENO)
        else { return false }
        // Ctrl-C in the pager is the pager's (less ends a search with it), not a stop for
        // review, as git does while its pager runs.
        let previous = signal(SIGINT, SIG_IGN)
        defer { signal(SIGINT, previous) }
        let status = child.wait(timeout: 1e12)
        if status == 126 || status == 127 {
            Output.error("note: the pager '\(TerminalText.escaped(command))' could not start; the diff follows (set PAGER, or use '--no-pager')\n")
            return false
        }
        return true
    }
}
