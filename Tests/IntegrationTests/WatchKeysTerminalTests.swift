import Foundation
import SpecTesting
import Testing
@testable import SpecrunCLI

/// `specrun test --watch` on a real terminal (tmux), with Jest's keys (issue 28, "The loop"):
/// `a` accepts a changed timeline from inside the loop and the run goes green; Ctrl-C says
/// goodbye and leaves the terminal as it was; an invalid spec shows as invalid; `q` quits.
/// The key dispatch without a terminal: `WatchKeysTests`.
@Suite struct WatchKeysTerminalTests {
    static let valid = "specs/__snapshots__/login/signs-in-once-the-form-is-valid.timeline"

    /// The shell line that runs the watch, then says how it ended and whether the terminal's
    /// settings are those from before it (`stty -g`), and shows `stty -a` as it is now.
    static func command(_ cli: Workspace, redirect: String = "") throws -> String {
        // The pane's shell survives Ctrl-C (a shell dies with a child that died of SIGINT,
        // and the pane with it), so that it can say how the watch ended.
        "trap : INT; stty -g > .tty-before; NO_COLOR=1 \(try cli.binary) test --watch\(redirect); echo \"watch exited $?\"; "
            + "stty -g > .tty-after; if cmp -s .tty-before .tty-after; then echo 'terminal restored'; else echo 'terminal changed'; fi; "
            + "echo \"modes: $(stty -a | tr ' ;' '\\n\\n' | grep -x -e icanon -e -icanon -e echo -e -echo | tr '\\n' ' ')\"; sleep 120"
    }

    /// The screen once the watch's first pass finished and it shows its legend.
    static func waitForLegend(_ session: Tmux.Session, count: Int = 1) throws {
        try #require(Workspace.eventually { session.screen().components(separatedBy: WatchKeys.legend).count > count },
                     "no legend:\n\(session.screen())")
    }

    @Test(.requires(.tmux)) func aAcceptsTheChangeAndTheRunGoesGreen() throws {
        let tmux = Tmux(executable: try ExternalTool.tmux.path())
        let cli = try Workspace()
        #expect(try cli.run(["test"]).status == 0)
        let before = try #require(cli.read(Self.valid))
        // The snapshots are now outdated: sign-in got one second faster.
        try cli.edit("specs/login.yaml", "latency: 5s", "latency: 4s")
        let session = try tmux.start(command: try Self.command(cli), in: cli.folder)
        defer { session.kill() }
        try Self.waitForLegend(session)
        var screen = session.screen()
        #expect(screen.contains("1 passed, 2 failed"), "\(screen)")
        #expect(screen.contains("[exit 1 in "), "\(screen)")
        let pending = try #require(cli.read(Self.valid + ".new"))
        #expect(pending != before)

        session.send("a")
        // The screen is cleared for the new pass: its legend is the only one.
        try #require(Workspace.eventually { session.screen().contains("3 passed, 0 failed") }, "not green:\n\(session.screen())")
        try Self.waitForLegend(session)
        screen = session.screen()
        #expect(screen.contains("specrun test --watch: accepted the pending changes"), "\(screen)")
        #expect(screen.contains("[exit 0 in "), "\(screen)")
        // The snapshot on disk is the new timeline, and nothing is pending any more.
        #expect(cli.read(Self.valid) == pending)
        #expect(!cli.exists(Self.valid + ".new"))

        session.send("q")
        // The last line the shell prints: everything before it is on the screen.
        try #require(Workspace.eventually { session.screen().contains("modes: ") }, "\(session.screen())")
        screen = session.screen()
        #expect(screen.contains("watch exited 0"), "\(screen)")
        #expect(screen.contains("terminal restored"), "\(screen)")
    }

    @Test(.requires(.tmux)) func ctrlCSaysGoodbyeAndRestoresTheTerminal() throws {
        let tmux = Tmux(executable: try ExternalTool.tmux.path())
        let cli = try Workspace()
        let session = try tmux.start(command: try Self.command(cli), in: cli.folder)
        defer { session.kill() }
        try Self.waitForLegend(session)
        #if os(Linux)
        // Key mode is on while it watches: without it, restoring would prove nothing.
        let shell = try #require(session.panePid())
        let pid = try #require(ReviewKeysTerminalTests.children(of: shell).first, "the watch is not running under the pane's shell")
        let modes = ReviewKeysTerminalTests.terminalModes(of: pid) ?? ""
        #expect(modes.contains("-icanon") && modes.contains("-echo "), "\(modes)")
        #endif
        session.sendKeys("C-c")
        try #require(Workspace.eventually { session.screen().contains("modes: ") }, "\(session.screen())")
        let screen = session.screen()
        #expect(screen.contains(WatchTerminal.goodbyeLine.trimmingCharacters(in: .newlines)), "\(screen)")
        // Dies of SIGINT, as every specrun command stopped by a signal: 128 + 2.
        #expect(screen.contains("watch exited 130"), "\(screen)")
        #expect(screen.contains("terminal restored"), "\(screen)")
        // `stty -a` in the same pane afterwards: canonical mode and echo are back on.
        let after = try #require(screen.split(separator: "\n").last { $0.hasPrefix("modes: ") }, "\(screen)")
        #expect(after.split(separator: " ").contains("icanon") && after.split(separator: " ").contains("echo"), "\(after)")
    }

    @Test(.requires(.tmux)) func anInvalidSpecShowsAsInvalidThenRunsAgainWhenFixed() throws {
        let tmux = Tmux(executable: try ExternalTool.tmux.path())
        let cli = try Workspace()
        #expect(try cli.run(["test"]).status == 0)
        let session = try tmux.start(command: try Self.command(cli), in: cli.folder)
        defer { session.kill() }
        try Self.waitForLegend(session)
        try cli.edit("specs/login.yaml", "latency: 5s", "latency: nope")
        try #require(Workspace.eventually { session.screen().contains("invalid spec") }, "\(session.screen())")
        try Self.waitForLegend(session)
        var screen = session.screen()
        #expect(screen.contains("INVALID  specs/login.yaml"), "\(screen)")
        #expect(screen.contains("specs/login.yaml:"), "its located diagnostic: \(screen)")
        #expect(screen.contains("0 passed, 0 failed, 1 invalid spec"), "\(screen)")
        #expect(screen.contains("[exit 2 in "), "\(screen)")
        #expect(screen.contains(" ms: a spec is invalid] watching"), "\(screen)")
        #expect(!screen.contains("0 passed, 1 failed"), "\(screen)")

        try cli.edit("specs/login.yaml", "latency: nope", "latency: 5s")
        try #require(Workspace.eventually { session.screen().contains("3 passed, 0 failed") }, "\(session.screen())")
        session.send("q")
        // The last line the shell prints: everything before it is on the screen.
        try #require(Workspace.eventually { session.screen().contains("modes: ") }, "\(session.screen())")
        screen = session.screen()
        #expect(screen.contains("watch exited 0"), "\(screen)")
        #expect(screen.contains("terminal restored"), "\(screen)")
    }

    /// `r` reviews the pending changes one by one inside the loop (review's own prompt and
    /// keys), then the loop runs again.
    @Test(.requires(.tmux)) func rReviewsThePendingChangesWithoutLeavingTheLoop() throws {
        let tmux = Tmux(executable: try ExternalTool.tmux.path())
        let cli = try ReviewKeysTerminalTests.pending()
        let session = try tmux.start(command: try Self.command(cli), in: cli.folder)
        defer { session.kill() }
        try Self.waitForLegend(session)
        #expect(session.screen().contains("1 passed, 2 failed"))
        session.send("r")
        try #require(Workspace.eventually { session.screen().contains("Pending 1 of 2") && session.screen().contains("quit >") }, "\(session.screen())")
        session.send("a")
        try #require(Workspace.eventually { session.screen().contains("Pending 2 of 2") }, "\(session.screen())")
        session.send("a")
        try #require(Workspace.eventually { session.screen().contains("3 passed, 0 failed") }, "\(session.screen())")
        try Self.waitForLegend(session)
        #expect(session.screen().contains("specrun test --watch: reviewed the pending changes"), "\(session.screen())")
        #expect(!cli.exists(ReviewKeysTerminalTests.valid + ".new") && !cli.exists(ReviewKeysTerminalTests.secondTap + ".new"))
        session.send("q")
        try #require(Workspace.eventually { session.screen().contains("terminal ") }, "\(session.screen())")
        #expect(session.screen().contains("watch exited 0") && session.screen().contains("terminal restored"), "\(session.screen())")
    }

    /// `p` narrows the runs to the specs whose path contains a pattern; `f` to those that failed.
    @Test(.requires(.tmux)) func pFiltersBySpecPathAndFRunsFailedOnly() throws {
        let tmux = Tmux(executable: try ExternalTool.tmux.path())
        let cli = try Workspace()
        try cli.write("specs/tiny.yaml", Fixtures.tiny)
        #expect(try cli.run(["test"]).status == 0)
        try cli.edit("specs/login.yaml", "latency: 5s", "latency: 4s")
        let session = try tmux.start(command: try Self.command(cli), in: cli.folder)
        defer { session.kill() }
        try Self.waitForLegend(session)
        #expect(session.screen().contains("2 passed, 2 failed"), "\(session.screen())")
        session.send("p")
        try #require(Workspace.eventually { session.screen().contains(PatternInput.prompt) }, "\(session.screen())")
        session.send("tinx")
        session.sendKeys("BSpace")
        session.send("y")
        session.sendKeys("Enter")
        try #require(Workspace.eventually { session.screen().contains("filter 'tiny'") }, "\(session.screen())")
        try Self.waitForLegend(session)
        var screen = session.screen()
        #expect(screen.contains("1 spec left out by the watch filter"), "\(screen)")
        #expect(screen.contains("1 passed, 0 failed") && !screen.contains("login.yaml ›"), "\(screen)")
        #expect(screen.contains("only specs whose path contains 'tiny'"), "\(screen)")
        // An empty pattern clears the filter; then f keeps only the spec that failed.
        session.send("p")
        try #require(Workspace.eventually { session.screen().contains(PatternInput.prompt) }, "\(session.screen())")
        session.sendKeys("Enter")
        try #require(Workspace.eventually { session.screen().contains("filter cleared") }, "\(session.screen())")
        try Self.waitForLegend(session)
        session.send("f")
        try #require(Workspace.eventually { session.screen().contains("specrun test --watch: failed only") }, "\(session.screen())")
        try Self.waitForLegend(session)
        screen = session.screen()
        #expect(screen.contains("1 passed, 2 failed") && !screen.contains("tiny.yaml ›"), "\(screen)")
        // Accepting runs the failed spec again, green; then failed only has nothing to run, and
        // says so.
        session.send("a")
        try #require(Workspace.eventually { session.screen().contains("3 passed, 0 failed") }, "\(session.screen())")
        try Self.waitForLegend(session)
        session.sendKeys("Enter")
        try #require(Workspace.eventually { session.screen().contains("no spec failed in its last run; press f to run all again") }, "\(session.screen())")
        session.send("q")
        try #require(Workspace.eventually { session.screen().contains("watch exited 0") }, "\(session.screen())")
    }

    /// An error that ends the process from inside a pass (standard output full: exit 74)
    /// restores the terminal too.
    @Test(.requires(.tmux)) func anOutputErrorRestoresTheTerminal() throws {
        let tmux = Tmux(executable: try ExternalTool.tmux.path())
        let cli = try Workspace()
        let session = try tmux.start(command: try Self.command(cli, redirect: " > /dev/full"), in: cli.folder)
        defer { session.kill() }
        try #require(Workspace.eventually { session.screen().contains("modes: ") }, "\(session.screen())")
        let screen = session.screen()
        #expect(screen.contains("watch exited 74"), "\(screen)")
        #expect(screen.contains("terminal restored"), "\(screen)")
    }

    #if os(Linux)
    @Test(.requires(.tmux), arguments: [SIGTERM, SIGHUP])
    func aStopSignalRestoresTheTerminal(_ signal: Int32) throws {
        let tmux = Tmux(executable: try ExternalTool.tmux.path())
        let cli = try Workspace()
        let session = try tmux.start(command: try Self.command(cli), in: cli.folder)
        defer { session.kill() }
        try Self.waitForLegend(session)
        let shell = try #require(session.panePid())
        let pid = try #require(ReviewKeysTerminalTests.children(of: shell).first, "the watch is not running under the pane's shell")
        #expect(ReviewKeysTerminalTests.terminalModes(of: pid)?.contains("-icanon") == true)
        kill(pid, signal)
        try #require(Workspace.eventually { session.screen().contains("terminal ") }, "\(session.screen())")
        let screen = session.screen()
        #expect(screen.contains("watch exited \(128 + signal)"), "dies of the signal: \(screen)")
        #expect(screen.contains("terminal restored"), "\(screen)")
    }
    #endif
}
