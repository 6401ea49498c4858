import Foundation
import SpecTesting
import Testing
@testable import SpecrunCLI

/// `specrun review` on a real terminal (tmux), issue 28 "The loop": a diff taller than the
/// terminal goes through the pager and the prompt comes after it; `--no-pager` and a pager that
/// cannot start print it whole; changed words are marked; each change names its marble report.
@Suite struct ReviewPagerTerminalTests {
    /// `review` with the terminal made 12 rows high, so that the login diff (about 40 lines) is
    /// taller than it; the pager copies what it is given to `.paged`.
    static func start(_ tmux: Tmux, _ cli: Workspace, pager: String, arguments: String = "") throws -> Tmux.Session {
        try tmux.start(command: "stty rows 12; PAGER=\(ShellWord.quoted(pager)) NO_COLOR=1 \(try cli.binary) review\(arguments); echo \"review exited $?\"; sleep 120",
                       in: cli.folder)
    }

    @Test(.requires(.tmux)) func aTallDiffGoesThroughThePagerThenThePromptComes() throws {
        let tmux = Tmux(executable: try ExternalTool.tmux.path())
        let cli = try ReviewKeysTerminalTests.pending()
        let session = try Self.start(tmux, cli, pager: "cat > .paged")
        defer { session.kill() }
        try #require(Workspace.eventually { session.screen().contains("quit >") }, "no prompt:\n\(session.screen())")
        let paged = try #require(cli.read(".paged"))
        #expect(paged.contains("Pending 1 of 2"), "\(paged)")
        #expect(paged.contains("@@ "), "the diff went to the pager: \(paged)")
        // The words that changed, marked as git's plain word diff does.
        #expect(paged.contains("[-5000ms-]") && paged.contains("{+4000ms+}"), "\(paged)")
        #expect(!session.screen().contains("@@ "), "the diff was paged, not printed:\n\(session.screen())")
        session.send("q")
        try #require(Workspace.eventually { session.screen().contains("review exited 0") }, "\(session.screen())")
    }

    @Test(.requires(.tmux)) func noPagerAndAPagerThatCannotStartPrintTheDiff() throws {
        let tmux = Tmux(executable: try ExternalTool.tmux.path())
        let cli = try ReviewKeysTerminalTests.pending()
        for (pager, arguments) in [("cat > .paged", " --no-pager"), ("/nonexistent/pager", "")] {
            let session = try Self.start(tmux, cli, pager: pager, arguments: arguments)
            defer { session.kill() }
            try #require(Workspace.eventually { session.screen().contains("quit >") }, "no prompt:\n\(session.screen())")
            let screen = session.screen()
            #expect(screen.contains("[-5000ms-]"), "the diff is printed: \(screen)")
            #expect(!cli.exists(".paged"), "\(pager)\(arguments)")
            if arguments.isEmpty { #expect(screen.contains("note: the pager '/nonexistent/pager' could not start"), "\(screen)") }
            session.send("q")
            try #require(Workspace.eventually { session.screen().contains("review exited 0") }, "\(session.screen())")
        }
    }

    /// The report line gives the command that makes the scenario's marble report; once made,
    /// the page itself.
    @Test(.requires(.tmux)) func eachChangeNamesItsMarbleReport() throws {
        let tmux = Tmux(executable: try ExternalTool.tmux.path())
        let cli = try ReviewKeysTerminalTests.pending()
        let page = "login.a-second-tap-while-signing-in-is-refused.html"
        var session = try Self.start(tmux, cli, pager: "", arguments: " --no-pager")
        try #require(Workspace.eventually { session.screen().contains("quit >") }, "no prompt:\n\(session.screen())")
        let screen = session.screen()
        session.kill()
        let line = try #require(screen.split(separator: "\n").first { $0.hasPrefix("  report    ") }, "\(screen)")
        let command = String(line.dropFirst("  report    ".count))
        #expect(command == "specrun run specs/login.yaml --scenario 'a second tap while signing in is refused' --format html > \(page)")
        // The command as printed makes the page.
        let made = try Command.run("/bin/sh", ["-c", "cd \(ShellWord.quoted(cli.folder)) && \(try cli.binary)\(command.dropFirst("specrun".count))"], timeout: 60)
        #expect(made.status == 0, "\(made.stderr)")
        #expect(cli.read(page)?.contains("<svg") == true)

        session = try Self.start(tmux, cli, pager: "", arguments: " --no-pager")
        defer { session.kill() }
        try #require(Workspace.eventually { session.screen().contains("quit >") }, "no prompt:\n\(session.screen())")
        #expect(session.screen().contains("  report    open \(page)"), "\(session.screen())")
    }
}
