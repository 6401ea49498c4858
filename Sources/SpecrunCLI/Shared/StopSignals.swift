import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// SIGINT, SIGTERM and SIGHUP, the signals that ask a command to stop. A command that can run
/// for long (a watch loop, `dot`, a review waiting for a key) must stop on them and die of the
/// signal, so that the shell reports the conventional status (128 + the signal).
enum StopSignals {
    static let all = [SIGINT, SIGTERM, SIGHUP]

    /// Unblocks the stop signals. A parent may have started us with them blocked (a test
    /// harness's thread mask is inherited), and a blocked SIGTERM would never stop us.
    static func unblock() {
        var set = sigset_t()
        sigemptyset(&set)
        for signal in all { sigaddset(&set, signal) }
        sigprocmask(SIG_UNBLOCK, &set, nil)
    }

    /// Unblocks the stop signals and gives each its default action, even one the parent ignored:
    /// a watch loop never ends on its own.
    static func stopByDefault() {
        for signal in all { Foundation.signal(signal, SIG_DFL) }
        unblock()
    }

    /// On a stop signal, runs `cleanup`, then dies of the signal. `cleanup` runs inside a signal
    /// handler, so it may only make async-signal-safe calls (`tcsetattr`, `kill`, `unlink`…) on
    /// state prepared beforehand. A signal the parent ignored stays ignored (`nohup`).
    static func onStop(_ cleanup: @escaping @convention(c) () -> Void) {
        StopSignals.cleanup = cleanup
        for signal in all {
            let previous = Foundation.signal(signal, SIG_IGN)
            if unsafeBitCast(previous, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self) { continue }
            Foundation.signal(signal) { received in
                StopSignals.cleanup?()
                // Die of the signal itself: it is blocked while this handler runs, so it is
                // delivered, with its default action, as soon as the handler returns.
                Foundation.signal(received, SIG_DFL)
                raise(received)
            }
        }
        unblock()
    }

    /// Set before any handler is installed, read only by the handler.
    nonisolated(unsafe) private static var cleanup: (@convention(c) () -> Void)?
}
