import Foundation
import SpecTesting
import Testing
@testable import SpecrunCLI

/// `specrun review` on a real terminal (tmux): an arrow, Shift-A or a function key accepts
/// nothing (issue 25, item 6), and killed while it waits for a key, review leaves the terminal as
/// it found it and dies of the signal (item 19).
@Suite struct ReviewKeysTerminalTests {
    static let snapshots = "specs/__snapshots__/login/"
    static let valid = snapshots + "signs-in-once-the-form-is-valid.timeline"
    static let secondTap = snapshots + "a-second-tap-while-signing-in-is-refused.timeline"

    /// Two pending changes: a passing fixture whose sign-in got one second faster.
    static func pending() throws -> Workspace {
        let cli = try Workspace()
        #expect(try cli.run(["test"]).status == 0)
        try cli.edit("specs/login.yaml", "latency: 5s", "latency: 4s")
        _ = try cli.run(["test"])
        try #require(cli.exists(secondTap + ".new") && cli.exists(valid + ".new"))
        return cli
    }

    @Test(.requires(.tmux)) func upShiftAAndOtherKeysAcceptNothing() throws {
        let tmux = Tmux(executable: try ExternalTool.tmux.path())
        let cli = try Self.pending()
        let snapshot = try #require(cli.read(Self.secondTap))
        let session = try tmux.start(command: "NO_COLOR=1 \(try cli.binary) review; echo \"review exited $?\"; sleep 120", in: cli.folder)
        defer { session.kill() }
        try #require(Workspace.eventually { session.screen().contains("quit >") }, "no prompt:\n\(session.screen())")
        session.sendKeys("Up")
        session.sendKeys("Down")
        session.sendKeys("F5")
        session.send("A")
        try #require(Workspace.eventually { session.screen().contains(ReviewSession.hint) }, "\(session.screen())")
        session.send("s")
        try #require(Workspace.eventually { session.screen().contains("Pending 2 of 2") }, "\(session.screen())")
        session.send("q")
        try #require(Workspace.eventually { session.screen().contains("review exited") }, "\(session.screen())")
        let screen = session.screen()
        #expect(screen.contains("0 accepted, 0 rejected, 2 skipped"), "\(screen)")
        #expect(screen.contains("review exited 0"))
        #expect(cli.read(Self.secondTap) == snapshot, "the snapshot was not replaced")
        #expect(cli.exists(Self.secondTap + ".new") && cli.exists(Self.valid + ".new"))
        // One hint for 'A'; the three escape sequences printed nothing.
        #expect(screen.components(separatedBy: ReviewSession.hint).count == 2, "\(screen)")
    }

    #if os(Linux)
    @Test(.requires(.tmux), arguments: [SIGTERM, SIGINT, SIGHUP])
    func aSignalWhileWaitingForAKeyRestoresTheTerminal(_ signal: Int32) throws {
        let tmux = Tmux(executable: try ExternalTool.tmux.path())
        let cli = try Self.pending()
        // The shell compares the terminal's settings before review and after it ends, whatever
        // ended it.
        let session = try tmux.start(command: "stty -g > .tty-before; NO_COLOR=1 \(try cli.binary) review; echo \"review exited $?\"; "
                                     + "stty -g > .tty-after; if cmp -s .tty-before .tty-after; then echo 'terminal restored'; "
                                     + "else echo \"terminal changed: $(stty -a | tr ' ;' '\\n\\n' | grep -x -e -icanon -e -echo | tr '\\n' ' ')\"; fi; "
                                     + "sleep 120", in: cli.folder)
        defer { session.kill() }
        try #require(Workspace.eventually { session.screen().contains("quit >") }, "no prompt:\n\(session.screen())")
        let shell = try #require(session.panePid())
        let pid = try #require(Self.children(of: shell).first, "review is not running under the pane's shell")
        // Raw mode is on while the prompt waits; only then could a kill leave it on.
        #expect(Workspace.eventually(within: 5) { Self.terminalModes(of: pid)?.contains("-icanon") == true }, "\(Self.terminalModes(of: pid) ?? "")")
        kill(pid, signal)
        try #require(Workspace.eventually { session.screen().contains("terminal ") }, "\(session.screen())")
        let screen = session.screen()
        #expect(screen.contains("review exited \(128 + signal)"), "dies of the signal: \(screen)")
        #expect(screen.contains("terminal restored"), "\(screen)")
        #expect(cli.exists(Self.secondTap + ".new"), "nothing was settled")
    }

    /// `stty -a` of the terminal `pid` reads from.
    static func terminalModes(of pid: Int32) -> String? {
        guard let tty = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/fd/0") else { return nil }
        return try? Command.run("/bin/sh", ["-c", "stty -a < '\(tty)'"], timeout: 10).stdout
    }

    /// The pids whose parent is `parent`, read from /proc.
    static func children(of parent: Int32) -> [Int32] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return names.compactMap(Int32.init).filter { pid in
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { return false }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            return fields.count > 1 && Int32(fields[1]) == parent
        }
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
