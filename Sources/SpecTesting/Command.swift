import Foundation

/// What a finished process left: its exit status and both output streams.
package struct CommandResult: Sendable, CustomStringConvertible {
    /// The exit status, or -1 when the process was killed at its deadline.
    package var status: Int32
    package var stdout: String
    package var stderr: String
    /// Whether the process outlived its deadline and was killed.
    package var timedOut: Bool

    package init(status: Int32, stdout: String, stderr: String, timedOut: Bool = false) {
        self.status = status
        self.stdout = stdout
        self.stderr = stderr
        self.timedOut = timedOut
    }

    /// The last line of standard output, without its newline.
    package var lastLine: String { stdout.split(separator: "\n").last.map(String.init) ?? "" }

    /// Standard output followed by standard error, for a failure message.
    package var output: String { stdout + stderr }

    package var description: String { "exit \(status)\(timedOut ? " (timed out)" : "")\n--- stdout\n\(stdout)--- stderr\n\(stderr)" }
}

/// A started process; the caller waits for it or kills it.
///
/// Its streams go to files, not pipes: nothing can block on a full pipe buffer, and a grandchild
/// that inherits a stream (a server the process forks) cannot keep a reader waiting.
package final class RunningCommand: @unchecked Sendable {
    package let process: SpawnedProcess
    private let folder: String
    private let exited: DispatchSemaphore
    private var finished: CommandResult?

    fileprivate init(_ executable: String, _ arguments: [String], directory: String?, input: String?, environment: [String: String]) throws {
        folder = try PackagePaths.temporaryFolder("specrun-command")
        _ = FileManager.default.createFile(atPath: folder + "/stdout", contents: nil)
        _ = FileManager.default.createFile(atPath: folder + "/stderr", contents: nil)
        _ = FileManager.default.createFile(atPath: folder + "/stdin", contents: Data((input ?? "").utf8))
        let exited = DispatchSemaphore(value: 0)
        self.exited = exited
        process = try SpawnedProcess(executable, arguments, directory: directory, environment: environment,
                                     stdin: folder + "/stdin", stdout: folder + "/stdout", stderr: folder + "/stderr") { exited.signal() }
    }

    /// The process id.
    package var pid: Int32 { process.processIdentifier }

    /// Whether the process still runs.
    package var isRunning: Bool { process.isRunning }

    /// What the process has written to standard output so far.
    package var stdoutSoFar: String { finished?.stdout ?? (try? String(contentsOfFile: folder + "/stdout", encoding: .utf8)) ?? "" }

    /// What the process has written to standard error so far.
    package var stderrSoFar: String { finished?.stderr ?? (try? String(contentsOfFile: folder + "/stderr", encoding: .utf8)) ?? "" }

    /// Asks the process to stop with SIGTERM, as Ctrl-C's neighbour; `wait` then collects it.
    package func terminate() {
        if process.isRunning { process.terminate() }
    }

    /// Waits for the exit, at most `timeout` seconds, then kills the process.
    package func wait(timeout: TimeInterval = 300) -> CommandResult {
        if let finished { return finished }
        var timedOut = false
        if exited.wait(timeout: .now() + timeout) == .timedOut {
            timedOut = true
            kill()
        }
        let result = CommandResult(status: timedOut ? -1 : process.terminationStatus,
                                   stdout: (try? String(contentsOfFile: folder + "/stdout", encoding: .utf8)) ?? "",
                                   stderr: (try? String(contentsOfFile: folder + "/stderr", encoding: .utf8)) ?? "",
                                   timedOut: timedOut)
        finished = result
        try? FileManager.default.removeItem(atPath: folder)
        return result
    }

    /// Kills the process and everything it started with SIGKILL (a child of the test runner may
    /// inherit a signal mask that blocks SIGTERM) and waits for it to go.
    ///
    /// Each process starts in a process group of its own: killing the process alone would leave a
    /// grandchild (the `sleep` of a shell script) running.
    package func kill() {
        guard process.isRunning else { return }
        let pid = process.processIdentifier
        #if canImport(Glibc)
        _ = Glibc.kill(-pid, SIGKILL)
        _ = Glibc.kill(pid, SIGKILL)
        #elseif canImport(Darwin)
        _ = Darwin.kill(-pid, SIGKILL)
        _ = Darwin.kill(pid, SIGKILL)
        #endif
        exited.wait()
        exited.signal()
    }
}

/// Runs processes for tests: the one process runner every test target uses, the `specrun`
/// binary (`CLI`) and external tools (`ExternalTool`) alike.
package enum Command {
    /// Starts `executable` with `arguments` in `directory`, `input` on its standard input (empty
    /// when nil) and exactly `environment`.
    package static func start(_ executable: String, _ arguments: [String], in directory: String? = nil, input: String? = nil,
                             environment: [String: String] = ProcessInfo.processInfo.environment) throws -> RunningCommand {
        try RunningCommand(executable, arguments, directory: directory, input: input, environment: environment)
    }

    /// Runs `executable` to its exit, killing it after `timeout` seconds.
    package static func run(_ executable: String, _ arguments: [String], in directory: String? = nil, input: String? = nil,
                           environment: [String: String] = ProcessInfo.processInfo.environment,
                           timeout: TimeInterval = 300) throws -> CommandResult {
        try start(executable, arguments, in: directory, input: input, environment: environment).wait(timeout: timeout)
    }
}
