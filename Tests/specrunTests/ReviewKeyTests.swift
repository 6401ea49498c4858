import Foundation
import Testing
@testable import specrun

/// `specrun review` acts only on the keys it names: an arrow is an escape sequence read whole
/// and ignored, not three keys of which the last (`A`) accepted (issue 25, item 6); killed while
/// it waits for a key, it leaves the terminal as it found it (item 19).
@Suite struct ReviewKeyTests {
    /// Every key in `bytes`; a pause (nil when not waiting) after each written chunk, as a
    /// terminal sends one key per write.
    static func keys(_ chunks: [UInt8]...) -> [Key] {
        var queue = chunks
        var current: [UInt8] = []
        var keys: [Key] = []
        func read(_ wait: Bool) -> UInt8? {
            if current.isEmpty {
                // A pause between two writes: a reader that does not wait sees nothing.
                guard wait, !queue.isEmpty else { return nil }
                current = queue.removeFirst()
                if current.isEmpty { return nil }
            }
            return current.removeFirst()
        }
        while true {
            let key = KeyDecoder.next(read)
            if key == .endOfInput { return keys }
            keys.append(key)
        }
    }

    static func bytes(_ s: String) -> [UInt8] { Array(s.utf8) }

    @Test func arrowsAndFunctionKeysAreOneKeyEach() {
        let esc = "\u{1B}"
        #expect(Self.keys(Self.bytes("\(esc)[A")) == [.escapeSequence(Self.bytes("\(esc)[A"))], "Up")
        #expect(Self.keys(Self.bytes("\(esc)OA")) == [.escapeSequence(Self.bytes("\(esc)OA"))], "Up in application mode")
        #expect(Self.keys(Self.bytes("\(esc)[1;2A")) == [.escapeSequence(Self.bytes("\(esc)[1;2A"))], "Shift-Up")
        #expect(Self.keys(Self.bytes("\(esc)[15~")) == [.escapeSequence(Self.bytes("\(esc)[15~"))], "F5")
        #expect(Self.keys(Self.bytes("\(esc)[[A")) == [.escapeSequence(Self.bytes("\(esc)[[A"))], "F1 on the Linux console")
        #expect(Self.keys(Self.bytes("\(esc)\(esc)[A")) == [.escapeSequence(Self.bytes("\(esc)\(esc)[A"))], "Alt-Up")
        #expect(Self.keys(Self.bytes("\(esc)a")) == [.escapeSequence(Self.bytes("\(esc)a"))], "Alt-a is not a")
        #expect(Self.keys(Self.bytes("\(esc)é")) == [.escapeSequence(Self.bytes("\(esc)é"))], "Alt-é")
        // Keys typed after a sequence, each in its own write, are keys again.
        #expect(Self.keys(Self.bytes("\(esc)[B"), Self.bytes("s"), Self.bytes("\(esc)[200~")) == [
            .escapeSequence(Self.bytes("\(esc)[B")), .character("s"), .escapeSequence(Self.bytes("\(esc)[200~")),
        ])
    }

    @Test func aLoneEscapeEndsAtThePauseAndACutSequenceNeverStalls() {
        #expect(Self.keys([0x1B], Self.bytes("a")) == [.escape, .character("a")])
        #expect(Self.keys([0x1B]) == [.escape])
        // A CSI that never ends stops at the longest sequence; one cut by a pause ends there.
        let long = [0x1B, UInt8(ascii: "[")] + [UInt8](repeating: UInt8(ascii: "1"), count: 100)
        let keys = Self.keys(long)
        #expect(keys.first == .escapeSequence(Array(long.prefix(KeyDecoder.longestSequence))))
        #expect(keys.dropFirst().allSatisfy { $0 == .character("1") })
        #expect(Self.keys(Self.bytes("\u{1B}[1;"), Self.bytes("r")) == [.escapeSequence(Self.bytes("\u{1B}[1;")), .character("r")])
    }

    @Test func lettersKeepTheirCaseAndControlsAreNamed() {
        #expect(Self.keys(Self.bytes("aArRsSq")) == "aArRsSq".map { .character($0) })
        #expect(Self.keys([3]) == [.interrupt])
        #expect(Self.keys([4, UInt8(ascii: "a")]) == [], "Ctrl-D ends the input")
        #expect(Self.keys([13, 9, 0x7F]) == [.control(13), .control(9), .control(0x7F)])
        #expect(Self.keys(Self.bytes("é日")) == [.character("é"), .character("日")])
        #expect(Self.keys([0xFF, 0xC3]) == [.invalid([0xFF]), .invalid([0xC3])])
    }

    // MARK: - On a terminal

    /// tmux, or nil after saying why the test did not run (a failure in CI).
    static func tmux() -> Tmux? {
        if let tmux = Tmux.find() { return tmux }
        let message = "tmux is not installed: the interactive review test did not run (apt-get install tmux; .ci/run installs it)"
        if ExternalTools.inCI {
            Issue.record(Comment(rawValue: message))
        } else {
            FileHandle.standardError.write(Data("warning: \(message)\n".utf8))
        }
        return nil
    }

    /// Two pending changes: a passing fixture whose sign-in got one second faster.
    static func pending() throws -> LoopBinary {
        let cli = try LoopBinary()
        #expect(try cli.run(["test"]).status == 0)
        try cli.edit("specs/login.yaml", "latency: 5s", "latency: 4s")
        _ = try cli.run(["test"])
        try #require(cli.exists(PendingReviewTests.secondTap + ".new") && cli.exists(PendingReviewTests.valid + ".new"))
        return cli
    }

    @Test func upShiftAAndOtherKeysAcceptNothing() throws {
        guard let tmux = Self.tmux() else { return }
        let cli = try Self.pending()
        let snapshot = try #require(cli.read(PendingReviewTests.secondTap))
        let session = try tmux.start(command: "NO_COLOR=1 \(try cli.binary) review; echo \"review exited $?\"; sleep 120", in: cli.folder)
        defer { session.kill() }
        try #require(LoopBinary.eventually { session.screen().contains("quit >") }, "no prompt:\n\(session.screen())")
        session.sendKeys("Up")
        session.sendKeys("Down")
        session.sendKeys("F5")
        session.send("A")
        try #require(LoopBinary.eventually { session.screen().contains(ReviewSession.hint) }, "\(session.screen())")
        session.send("s")
        try #require(LoopBinary.eventually { session.screen().contains("Pending 2 of 2") }, "\(session.screen())")
        session.send("q")
        try #require(LoopBinary.eventually { session.screen().contains("review exited") }, "\(session.screen())")
        let screen = session.screen()
        #expect(screen.contains("0 accepted, 0 rejected, 2 skipped"), "\(screen)")
        #expect(screen.contains("review exited 0"))
        #expect(cli.read(PendingReviewTests.secondTap) == snapshot, "the snapshot was not replaced")
        #expect(cli.exists(PendingReviewTests.secondTap + ".new") && cli.exists(PendingReviewTests.valid + ".new"))
        // One hint for 'A'; the three escape sequences printed nothing.
        #expect(screen.components(separatedBy: ReviewSession.hint).count == 2, "\(screen)")
    }

    #if os(Linux)
    @Test(arguments: [SIGTERM, SIGINT, SIGHUP])
    func aSignalWhileWaitingForAKeyRestoresTheTerminal(_ signal: Int32) throws {
        guard let tmux = Self.tmux() else { return }
        let cli = try Self.pending()
        // The shell compares the terminal's settings before review and after it ends, whatever
        // ended it.
        let session = try tmux.start(command: "stty -g > .tty-before; NO_COLOR=1 \(try cli.binary) review; echo \"review exited $?\"; "
                                     + "stty -g > .tty-after; if cmp -s .tty-before .tty-after; then echo 'terminal restored'; "
                                     + "else echo \"terminal changed: $(stty -a | tr ' ;' '\\n\\n' | grep -x -e -icanon -e -echo | tr '\\n' ' ')\"; fi; "
                                     + "sleep 120", in: cli.folder)
        defer { session.kill() }
        try #require(LoopBinary.eventually { session.screen().contains("quit >") }, "no prompt:\n\(session.screen())")
        let shell = try #require(session.panePid())
        let pid = try #require(GraphvizChildTests.children(of: shell).first, "review is not running under the pane's shell")
        // Raw mode is on while the prompt waits; only then could a kill leave it on.
        #expect(LoopBinary.eventually(within: 5) { Self.localModes(of: pid)?.contains("-icanon") == true }, "\(Self.localModes(of: pid) ?? "")")
        kill(pid, signal)
        try #require(LoopBinary.eventually { session.screen().contains("terminal ") }, "\(session.screen())")
        let screen = session.screen()
        #expect(screen.contains("review exited \(128 + signal)"), "dies of the signal: \(screen)")
        #expect(screen.contains("terminal restored"), "\(screen)")
        #expect(cli.exists(PendingReviewTests.secondTap + ".new"), "nothing was settled")
    }

    /// `stty -a` of the terminal `pid` reads from.
    static func localModes(of pid: Int32) -> String? {
        guard let tty = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/fd/0") else { return nil }
        return try? ExternalTools.run("/bin/sh", ["-c", "stty -a < '\(tty)'"], timeout: 10).stdout
    }
    #endif
}

extension Tmux.Session {
    /// Presses a key by its tmux name (`Up`, `F5`, `Enter`): the terminal's own escape sequence.
    func sendKeys(_ key: String) {
        _ = tmux.run(["-S", socket, "send-keys", "-t", name, key])
    }

    /// The process id of the shell running in the pane.
    func panePid() -> Int32? {
        Int32(tmux.run(["-S", socket, "display-message", "-p", "-t", name, "#{pane_pid}"]).trimmingCharacters(in: .whitespacesAndNewlines))
    }
}
