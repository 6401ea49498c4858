import Foundation
import Testing

/// The insta-style loop: a changed timeline is kept as a pending `.timeline.new`, reviewed one
/// by one on a terminal or settled all at once.
@Suite struct PendingReviewTests {
    static let snapshots = "specs/__snapshots__/login/"
    static let valid = snapshots + "signs-in-once-the-form-is-valid.timeline"
    static let secondTap = snapshots + "a-second-tap-while-signing-in-is-refused.timeline"
    static let tooShort = snapshots + "a-too-short-form-keeps-the-button-disabled.timeline"

    /// Records the fixture's snapshots, then makes sign-in one second faster: two scenarios change.
    private func changed() throws -> LoopBinary {
        let cli = try LoopBinary()
        #expect(try cli.run(["test"]).status == 0)
        try cli.edit("specs/login.yaml", "latency: 5s", "latency: 4s")
        return cli
    }

    @Test func aChangedTimelineIsKeptAsPendingAndTheReportSaysHowToReview() throws {
        let cli = try changed()
        let old = try #require(cli.read(Self.valid))
        let result = try cli.run(["test"])
        #expect(result.status == 1)
        #expect(cli.read(Self.valid) == old, "the snapshot itself is not touched")
        let pending = try #require(cli.read(Self.valid + ".new"))
        #expect(pending.contains("  4000ms  login.executing   false"))
        #expect(pending.hasPrefix("# spec: login.yaml\n# scenario: signs in once the form is valid\n"))
        #expect(cli.exists(Self.secondTap + ".new"))
        #expect(!cli.exists(Self.tooShort + ".new"), "a passing scenario has no pending file")
        #expect(result.stdout.contains("new timeline kept for review in \(Self.valid).new"))
        #expect(result.stdout.contains("2 snapshots changed; review them one by one with 'specrun review', or settle all with 'specrun test --accept' or '--reject'"))
        let json = try cli.run(["test", "--format", "json"])
        #expect(json.stdout.contains("\"pending\":\"\(Self.valid).new\""))
    }

    @Test(arguments: [["CI": "true"], [:]])
    func ciNeverWritesPendingFiles(_ environment: [String: String]) throws {
        let cli = try changed()
        let arguments = environment.isEmpty ? ["test", "--ci"] : ["test"]
        let result = try cli.run(arguments, environment: environment)
        #expect(result.status == 1)
        #expect(!cli.exists(Self.valid + ".new"))
        #expect(!result.stdout.contains("specrun review"))
    }

    @Test func acceptSettlesEveryPendingChange() throws {
        let cli = try changed()
        _ = try cli.run(["test"])
        let pending = try #require(cli.read(Self.valid + ".new"))
        let accept = try cli.run(["test", "--accept"])
        #expect(accept.status == 0)
        #expect(accept.stdout == "accepted \(Self.secondTap)\naccepted \(Self.valid)\n2 accepted\n")
        #expect(cli.read(Self.valid) == pending)
        #expect(!cli.exists(Self.valid + ".new") && !cli.exists(Self.secondTap + ".new"))
        #expect(try cli.run(["test"]).status == 0)
        #expect(try cli.run(["test", "--accept"]).stdout == "no pending snapshot changes in specs\n")
    }

    @Test func rejectDeletesThePendingFilesAndKeepsTheSnapshots() throws {
        let cli = try changed()
        let old = try #require(cli.read(Self.valid))
        _ = try cli.run(["test"])
        let reject = try cli.run(["test", "--reject", "--filter", "second tap"])
        #expect(reject.stdout == "rejected \(Self.secondTap).new\n1 rejected\n")
        #expect(cli.exists(Self.valid + ".new"), "--filter settles only matching scenarios")
        #expect(try cli.run(["test", "--reject"]).status == 0)
        #expect(cli.read(Self.valid) == old)
        #expect(!cli.exists(Self.valid + ".new"))
    }

    @Test func aPendingFileGoesAwayWhenItsScenarioMatchesAgainOrIsUpdated() throws {
        let cli = try changed()
        _ = try cli.run(["test"])
        try cli.edit("specs/login.yaml", "latency: 4s", "latency: 5s")
        #expect(try cli.run(["test", "--filter", "valid"]).status == 0)
        #expect(!cli.exists(Self.valid + ".new"))
        #expect(cli.exists(Self.secondTap + ".new"), "a scenario that did not run keeps its pending file")
        try cli.edit("specs/login.yaml", "latency: 5s", "latency: 3s")
        _ = try cli.run(["test"])
        #expect(try cli.run(["test", "--update"]).status == 0)
        #expect(!cli.exists(Self.valid + ".new") && !cli.exists(Self.secondTap + ".new"))
    }

    @Test func pruneRemovesOrphanedPendingFiles() throws {
        let cli = try changed()
        _ = try cli.run(["test"])
        try cli.edit("specs/login.yaml", "name: signs in once the form is valid", "name: signs in with a valid form")
        let listed = try cli.run(["test"])
        #expect(listed.stdout.contains("obsolete snapshot \(Self.valid).new"))
        let pruned = try cli.run(["test", "--prune"])
        #expect(pruned.stdout.contains("deleted obsolete snapshot \(Self.valid).new"))
        #expect(!cli.exists(Self.valid + ".new") && !cli.exists(Self.valid))

        // A spec deleted altogether: its pending files are orphans too.
        _ = try cli.run(["test"])
        #expect(cli.exists(Self.secondTap + ".new"))
        try FileManager.default.moveItem(atPath: cli.path("specs/login.yaml"), toPath: cli.path("login.yaml.bak"))
        try cli.write("specs/other.yaml", ConventionTests.tiny)
        #expect(try cli.run(["test", "--prune"]).stdout.contains("deleted obsolete snapshot \(Self.secondTap).new"))
        #expect(!cli.exists(Self.snapshots))
    }

    @Test func settlingFlagsAreUsageErrorsWithPlayingFlags() throws {
        let cli = try LoopBinary()
        for extra in [["--reject"], ["--update"], ["--prune"], ["--shard", "1/2"], ["--watch"], ["--format", "json"]] {
            #expect(try cli.run(["test", "--accept"] + extra).status == 64, "\(extra)")
        }
        let ci = try cli.run(["test", "--accept"], environment: ["CI": "true"])
        #expect(ci.status == 0)
        #expect(ci.stderr.contains("CI is set, so nothing is written or deleted; '--accept' is ignored"))
    }

    @Test func reviewNeedsATerminal() throws {
        let cli = try changed()
        #expect(try cli.run(["review"]).stdout.hasPrefix("no pending snapshot changes in specs"))
        _ = try cli.run(["test"])
        let result = try cli.run(["review"], input: "a\n")
        #expect(result.status == 64)
        #expect(result.stderr.contains("settle all 2 pending changes with 'specrun test --accept' or 'specrun test --reject'"))
        #expect(cli.exists(Self.valid + ".new"))
    }

    /// `specrun review` on a real terminal (tmux): the spec, scenario, summary and diff are on the
    /// screen, and the keys a, r and s do what they say.
    @Test func reviewOnATerminalAcceptsRejectsAndSkips() throws {
        guard let tmux = Tmux.find() else {
            let message = "tmux is not installed: the interactive review test did not run (apt-get install tmux; .ci/run installs it)"
            if ProcessInfo.processInfo.environment["CI"].map({ !$0.isEmpty && $0 != "false" && $0 != "0" }) ?? false {
                Issue.record(Comment(rawValue: message))
            } else {
                FileHandle.standardError.write(Data("warning: \(message)\n".utf8))
            }
            return
        }
        let cli = try changed()
        try cli.edit("specs/login.yaml", "- set: { email: \"a@b.co\" }", "- set: { email: \"a@b.cx\" }")
        _ = try cli.run(["test"])
        let pendingFiles = [Self.secondTap, Self.tooShort, Self.valid].filter { cli.exists($0 + ".new") }
        try #require(pendingFiles.count == 3, "the fixture edit should change all three scenarios")
        let valid = try #require(cli.read(Self.valid + ".new"))
        let tooShortBefore = try #require(cli.read(Self.tooShort))

        let session = try tmux.start(command: "NO_COLOR=1 \(try cli.binary) review; echo \"review exited $?\"; sleep 120", in: cli.folder)
        defer { session.kill() }
        // 1 of 3: a second tap (sorted by path) — accept.
        try #require(LoopBinary.eventually { session.screen().contains("quit >") }, "no prompt:\n\(session.screen())")
        let first = session.screen()
        #expect(first.contains("Pending 1 of 3"))
        #expect(first.contains("spec      specs/login.yaml"))
        #expect(first.contains("scenario  a second tap while signing in is refused"))
        #expect(first.contains("changes   outputs changed: login.elements at 4000ms, 5000ms"))
        #expect(first.contains("-  5000ms  login.elements    ()"))
        #expect(first.contains("+  4000ms  login.elements    ()"))
        session.send("x")   // not a choice: asked again
        session.send("a")
        try #require(LoopBinary.eventually { session.screen().contains("Pending 2 of 3") }, "\(session.screen())")
        #expect(cli.read(Self.secondTap)?.contains("  4000ms  login.elements") == true)
        #expect(!cli.exists(Self.secondTap + ".new"))
        // 2 of 3: a too-short form — reject.
        try #require(LoopBinary.eventually { session.screen().contains("scenario  a too-short form keeps the button disabled") }, "\(session.screen())")
        session.send("r")
        try #require(LoopBinary.eventually { session.screen().contains("Pending 3 of 3") }, "\(session.screen())")
        #expect(cli.read(Self.tooShort) == tooShortBefore)
        #expect(!cli.exists(Self.tooShort + ".new"))
        // 3 of 3: signs in — skip.
        session.send("s")
        try #require(LoopBinary.eventually { session.screen().contains("review exited") }, "\(session.screen())")
        let last = session.screen()
        #expect(last.contains("1 accepted, 1 rejected, 1 skipped; run 'specrun review' again for the skipped ones"))
        #expect(last.contains("review exited 0"))
        #expect(cli.read(Self.valid + ".new") == valid)
    }
}

/// A detached tmux session on its own server socket, driven with send-keys and read with
/// capture-pane.
struct Tmux {
    let executable: String

    static func find() -> Tmux? {
        for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let path = folder + "/tmux"
            if FileManager.default.isExecutableFile(atPath: String(path)) { return Tmux(executable: String(path)) }
        }
        return nil
    }

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
        var pid: pid_t = 0
        guard posix_spawn(&pid, executable, &actions, &attributes, argv, environ) == 0 else { return "" }
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
        process.standardOutput = capture ? FileHandle(forWritingAtPath: output) : FileHandle(forWritingAtPath: "/dev/null")
        process.standardError = FileHandle(forWritingAtPath: "/dev/null")
        guard (try? process.run()) != nil else { return "" }
        process.waitUntilExit()
        return capture ? ((try? String(contentsOfFile: output, encoding: .utf8)) ?? "") : ""
    }
    #endif
}
