import Foundation

/// A progress line on standard error, rewritten in place at most four times a second, only when
/// standard error is a terminal: piped or redirected, nothing is printed. `explore`, `mutate`
/// and `graph --format svg` share it; `show` may be called from several threads.
final class ProgressLine: @unchecked Sendable {
    private let lock = NSLock()
    private var last = -1.0
    private var shown = false

    private init() {}

    /// A progress line when `wanted` and standard error is a terminal, else nil.
    static func onTerminal(_ wanted: Bool = true) -> ProgressLine? {
        wanted && isatty(STDERR_FILENO) == 1 ? ProgressLine() : nil
    }

    /// Shows `text`, unless a line was shown less than a quarter of a second before `seconds`.
    func show(_ text: @autoclosure () -> String, at seconds: Double) {
        lock.withLock {
            guard seconds - last >= 0.25 else { return }
            last = seconds
            shown = true
            Output.error("\r\u{1B}[K" + Self.fitted(text()))
        }
    }

    /// `text` cut to the terminal's width: a line that wrapped would leave its first rows behind
    /// when it is rewritten or erased.
    private static func fitted(_ text: String) -> String {
        var size = winsize()
        guard ioctl(STDERR_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 1, text.count >= Int(size.ws_col) else { return text }
        return String(text.prefix(Int(size.ws_col) - 1))
    }

    /// Erases the line, before the result is printed.
    func clear() {
        lock.withLock {
            if shown { Output.error("\r\u{1B}[K") }
            shown = false
        }
    }
}
