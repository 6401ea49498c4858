import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The terminal of `specrun test --watch` while it takes keys: non-canonical and without echo
/// for the whole loop, so that a key acts at once and is not printed over the report. Signal
/// keys stay on, so that Ctrl-C also stops a long pass.
///
/// The settings found are put back exactly on every way out: `q`, an error (`leave()`, and an
/// `atexit` hook for `exit()` from deep inside), and
/// SIGINT, SIGTERM or SIGHUP, whose handler restores them, says goodbye on Ctrl-C (SIGINT) and
/// dies of the signal, so that the shell sees 128 + the signal (130 for Ctrl-C), as for every
/// other specrun command that is stopped.
enum WatchTerminal {
    /// The settings before key mode, where a signal handler can read them.
    nonisolated(unsafe) private static let saved = UnsafeMutablePointer<termios>.allocate(capacity: 1)
    /// 1 while key mode is on.
    nonisolated(unsafe) private static var active: sig_atomic_t = 0
    /// The goodbye line, ready before any handler can run (a handler may not allocate).
    nonisolated(unsafe) private static var goodbye: UnsafeMutablePointer<CChar>?

    nonisolated(unsafe) private static var exitHookInstalled = false

    static let goodbyeLine = "specrun test --watch: stopped; goodbye\n"

    /// Turns key mode on when standard input is a terminal; false (and nothing changed) when it
    /// is not, or the terminal refuses.
    static func enter() -> Bool {
        guard isatty(STDIN_FILENO) == 1, tcgetattr(STDIN_FILENO, saved) == 0 else { return false }
        if goodbye == nil { goodbye = strdup("\n" + goodbyeLine) }
        // The handlers first: a signal between the two steps must not leave key mode on.
        for signal in StopSignals.all {
            Foundation.signal(signal) { received in
                if received == SIGINT, let line = WatchTerminal.goodbye { _ = write(STDERR_FILENO, line, strlen(line)) }
                WatchTerminal.restore()
                // Die of the signal itself: it is blocked while this handler runs, so it is
                // delivered, with its default action, as soon as the handler returns.
                Foundation.signal(received, SIG_DFL)
                raise(received)
            }
        }
        StopSignals.unblock()
        // A path that ends the process with exit() (a write to standard output that fails
        // exits 74 from deep inside a pass) skips every defer: restore there too.
        if !exitHookInstalled {
            exitHookInstalled = true
            atexit { WatchTerminal.leave() }
        }
        active = 1
        guard setKeyMode() else {
            active = 0
            return false
        }
        return true
    }

    /// Puts the settings found back for good (a no-op when key mode is off).
    static func leave() { restore() }

    /// Runs `body` with the terminal as it was found, then key mode again: `specrun review`'s
    /// session (the `r` key) sets and restores its own raw mode around each key it reads. A
    /// signal meanwhile still restores the settings found, whatever review has set.
    static func suspended<T>(_ body: () throws -> T) rethrows -> T {
        guard active == 1 else { return try body() }
        tcsetattr(STDIN_FILENO, TCSANOW, saved)
        defer { _ = setKeyMode() }
        return try body()
    }

    private static func setKeyMode() -> Bool {
        var keys = saved.pointee
        keys.c_lflag &= ~tcflag_t(ICANON | ECHO)
        withUnsafeMutableBytes(of: &keys.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        return tcsetattr(STDIN_FILENO, TCSANOW, &keys) == 0
    }

    /// Async-signal-safe: `tcsetattr` on settings saved beforehand.
    private static func restore() {
        guard active == 1 else { return }
        tcsetattr(STDIN_FILENO, TCSANOW, saved)
        active = 0
    }
}
