import Foundation

/// A detached tmux session on its own server socket, driven with send-keys and read with
/// capture-pane.
struct Tmux {
    let executable: String

    struct Session {
        let tmux: Tmux
        let socket: String
        let name = "review"

        func send(_ keys: String) {
            _ = tmux.run(["-S", socket, "send-keys", "-t", name, "-l", keys])
        }

        func screen() -> String {
            tmux.run(["-S", socket, "capture-pane", "-p", "-J", "-S", "-200", "-t", name])
        }

        /// Stops the server (and so what runs in it) and removes its socket.
        func kill() {
            let pid = Int32(tmux.run(["-S", socket, "display-message", "-p", "#{pid}"]).trimmingCharacters(in: .whitespacesAndNewlines))
            _ = tmux.run(["-S", socket, "kill-server"])
            #if canImport(Glibc)
            if let pid, pid > 0 { Glibc.kill(pid, SIGKILL) }
            #elseif canImport(Darwin)
            if let pid, pid > 0 { Darwin.kill(pid, SIGKILL) }
            #endif
            try? FileManager.default.removeItem(atPath: socket)
        }
    }

    /// The environment of the server and so of what runs in its panes: this process's without
    /// `CI`, as for every run of the binary (`CLI.environment`): CI's own `CI=true` would make a
    /// watch settle nothing, which is what a test of the keys must not see.
    static var environment: [String: String] {
        var env = ProcessInfo.processInfo.environment
        env["CI"] = nil
        return env
    }

    func start(command: String, in folder: String) throws -> Session {
        let socket = FileManager.default.temporaryDirectory.appendingPathComponent("specrun-tmux-\(UUID().uuidString.prefix(8))").path
        let session = Session(tmux: self, socket: socket)
        // The server this starts outlives the client: it must not inherit a pipe we read to its end.
        run(["-S", socket, "new-session", "-d", "-s", session.name, "-x", "200", "-y", "80", "-c", folder, command], capture: false)
        return session
    }

    /// Runs tmux to its exit with posix_spawn and waitpid, its output through a file: the server
    /// a client forks must not inherit a pipe we read to its end (that would wait for the
    /// server), and Foundation's `Process` did not notice a `new-session -d` client's exit.
    #if os(Linux)
    @discardableResult
    func run(_ arguments: [String], capture: Bool = true) -> String {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("specrun-tmux-out-\(UUID().uuidString.prefix(8))").path
        defer { unlink(output) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, capture ? output : "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        // The test runner's threads block signals and a child inherits the mask: tmux's server
        // would then ignore SIGTERM and even 'kill-server'. Start it with none blocked.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t(), all = sigset_t()
        sigemptyset(&none)
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for p in argv { free(p) } }
        let envp = Self.environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for p in envp { free(p) } }
        var pid: pid_t = 0
        guard posix_spawn(&pid, executable, &actions, &attributes, argv, envp) == 0 else { return "" }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return capture ? ((try? String(contentsOfFile: output, encoding: .utf8)) ?? "") : ""
    }
    #else
    @discardableResult
    func run(_ arguments: [String], capture: Bool = true) -> String {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("specrun-tmux-out-\(UUID().uuidString.prefix(8))").path
        defer { try? FileManager.default.removeItem(atPath: output) }
        FileManager.default.createFile(atPath: output, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = Self.environment
        process.standardOutput = capture ? FileHandle(forWritingAtPath: output) : FileHandle(forWritingAtPath: "/dev/null")
        process.standardError = FileHandle(forWritingAtPath: "/dev/null")
        guard (try? process.run()) != nil else { return "" }
        process.waitUntilExit()
        return capture ? ((try? String(contentsOfFile: output, encoding: .utf8)) ?? "") : ""
    }
    #endif
}
