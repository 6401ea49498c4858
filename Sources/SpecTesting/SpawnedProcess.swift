import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A child process started with `posix_spawn`, for the tests' process runner (``Command``).
///
/// Not Foundation's `Process`: on Linux its `run()` reads `/proc/self/fd` to close inherited
/// descriptors through a `dirent` copy that reads past glibc's buffer, and a test run that
/// starts hundreds of processes crashed there now and then (SIGSEGV in `Process.run()`,
/// swift-corelibs-foundation#5472, Swift 6.3.1). This does what the runner needs and no more:
/// exactly the given environment, streams from and to files, a process group of its own, every
/// other descriptor closed, signals at their defaults and none blocked, and the exit reaped by a
/// thread of its own.
package final class SpawnedProcess: @unchecked Sendable {
    package let processIdentifier: Int32
    private let lock = NSLock()
    private var status: Int32?
    private var signaled = false
    private let exited: @Sendable () -> Void

    /// Starts `executable` (a path) with `arguments`, in `directory` when given, with exactly
    /// `environment`, its standard input read from `stdin` and its output written to `stdout` and
    /// `stderr` (paths of existing files). `exited` is called once, on another thread, when it exits.
    package init(_ executable: String, _ arguments: [String], directory: String?, environment: [String: String],
                 stdin: String, stdout: String, stderr: String, exited: @escaping @Sendable () -> Void) throws {
        self.exited = exited
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, stdin, O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, stdout, O_WRONLY | O_TRUNC, 0)
        posix_spawn_file_actions_addopen(&actions, 2, stderr, O_WRONLY | O_TRUNC, 0)
        #if canImport(Glibc)
        _ = spawnAddCloseFrom(&actions, 3)
        if let directory { _ = spawnAddChdir(&actions, directory) }
        #else
        if let directory { posix_spawn_file_actions_addchdir_np(&actions, directory) }
        #endif
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal: Int32 in 1..<32 where signal != SIGKILL && signal != SIGSTOP { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for p in argv { free(p) }
            for p in envp { free(p) }
        }
        var pid: pid_t = 0
        var failure = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        // A script another test thread has just written can be open for writing for a moment in
        // a child forked meanwhile: exec() then fails with ETXTBSY. It passes once that child
        // execs (as `ChildProcess` does for `dot`).
        var attempt = 1
        while failure == ETXTBSY && attempt < 10 {
            usleep(20_000)
            attempt += 1
            failure = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        }
        guard failure == 0 else {
            throw SpawnError(message: "\(executable): \(String(cString: strerror(failure)))")
        }
        processIdentifier = pid
        let reaper = Thread { [self] in reap() }
        reaper.stackSize = 64 << 10
        reaper.start()
    }

    /// Waits for the exit (on the reaper's thread) and records its status as Foundation reports
    /// one: the exit code, or the number of the signal that killed it.
    private func reap() {
        var raw: Int32 = 0
        while waitpid(processIdentifier, &raw, 0) == -1 && errno == EINTR {}
        let low = raw & 0x7f
        let code = low == 0 ? (raw >> 8) & 0xff : low
        lock.withLock {
            status = code
            signaled = low != 0
        }
        exited()
    }

    /// Whether it has not exited yet.
    package var isRunning: Bool { lock.withLock { status == nil } }

    /// The exit code, or the signal that ended it; -1 while it runs.
    package var terminationStatus: Int32 { lock.withLock { status ?? -1 } }

    /// Whether a signal ended it (``terminationStatus`` is then the signal's number), as
    /// Foundation's `terminationReason == .uncaughtSignal`.
    package var diedOfSignal: Bool { lock.withLock { signaled } }

    /// Sends SIGTERM, unless it exited.
    package func terminate() {
        if isRunning { _ = kill(processIdentifier, SIGTERM) }
    }
}

/// `posix_spawn` refused: the executable is missing or not executable, say.
package struct SpawnError: Error, CustomStringConvertible {
    package var message: String
    package var description: String { message }
}

#if canImport(Glibc)
// glibc has both since 2.34 (Debian 12 has 2.36); its headers declare them only with _GNU_SOURCE,
// which the Glibc module is not built with.
@_silgen_name("posix_spawn_file_actions_addclosefrom_np")
private func spawnAddCloseFrom(_ actions: UnsafeMutablePointer<posix_spawn_file_actions_t>, _ from: Int32) -> Int32
@_silgen_name("posix_spawn_file_actions_addchdir_np")
private func spawnAddChdir(_ actions: UnsafeMutablePointer<posix_spawn_file_actions_t>, _ path: UnsafePointer<CChar>) -> Int32
#endif
