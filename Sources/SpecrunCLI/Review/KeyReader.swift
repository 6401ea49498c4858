import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads key presses from a terminal on standard input: canonical mode, echo and signal keys
/// are off only while waiting for a key, so the terminal is left as found, also when a signal
/// stops specrun meanwhile (see `restoreOnStop()`).
enum KeyReader {
    /// Whether standard input is a terminal.
    static var isTerminal: Bool { isatty(STDIN_FILENO) == 1 }

    /// How long the bytes after an ESC may take: a terminal sends an arrow's sequence in one
    /// write, so a pause this long after ESC means Esc was pressed alone.
    static let escapePause: Int32 = 100

    /// The next key; `.endOfInput` at the end of the input.
    static func next() -> Key {
        guard makeRaw() else { return KeyDecoder.next(readByte) }
        defer { restore() }
        return KeyDecoder.next(readByte)
    }

    /// On SIGINT, SIGTERM or SIGHUP, puts the terminal back as it was before dying of the
    /// signal: killed while waiting for a key, `specrun review` would otherwise leave the shell
    /// without echo and line editing.
    static func restoreOnStop() {
        // Touch the state here, before any handler can run: a lazy global must not be first
        // initialised inside a signal handler.
        _ = saved
        isRaw = 0
        StopSignals.onStop { KeyReader.restore() }
    }

    /// The terminal's settings before raw mode, where a signal handler can read them.
    nonisolated(unsafe) private static let saved = UnsafeMutablePointer<termios>.allocate(capacity: 1)
    /// 1 while the terminal is in raw mode.
    nonisolated(unsafe) private static var isRaw: sig_atomic_t = 0

    private static func makeRaw() -> Bool {
        guard tcgetattr(STDIN_FILENO, saved) == 0 else { return false }
        var raw = saved.pointee
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO | ISIG)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        isRaw = 1
        if tcsetattr(STDIN_FILENO, TCSANOW, &raw) != 0 {
            isRaw = 0
            return false
        }
        return true
    }

    /// Async-signal-safe: `tcsetattr` on settings saved beforehand.
    private static func restore() {
        guard isRaw == 1 else { return }
        tcsetattr(STDIN_FILENO, TCSANOW, saved)
        isRaw = 0
    }

    /// The next byte of standard input, in whatever mode the terminal is (`test --watch` reads
    /// its keys with it too); with `wait` false, nil when none comes within `escapePause`.
    static func readByte(wait: Bool) -> UInt8? {
        if !wait {
            var pfd = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
            var ready: Int32
            repeat { ready = poll(&pfd, 1, escapePause) } while ready < 0 && errno == EINTR
            guard ready > 0 else { return nil }
        }
        var byte: UInt8 = 0
        while true {
            let n = read(STDIN_FILENO, &byte, 1)
            if n < 0 && errno == EINTR { continue }
            return n == 1 ? byte : nil
        }
    }
}
