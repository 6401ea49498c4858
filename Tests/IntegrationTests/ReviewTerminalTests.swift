import Foundation
import SpecTesting
import Testing

/// `specrun review` on a real terminal, driven through tmux.
@Suite("specrun review in tmux")
struct ReviewTerminalTests {
    static let snapshots = "specs/__snapshots__/login/"
    static let valid = snapshots + "signs-in-once-the-form-is-valid.timeline"
    static let secondTap = snapshots + "a-second-tap-while-signing-in-is-refused.timeline"
    static let tooShort = snapshots + "a-too-short-form-keeps-the-button-disabled.timeline"

    /// Records the fixture's snapshots, then makes sign-in one second faster: two scenarios change.
    static func changed() throws -> Workspace {
        let cli = try Workspace()
        #expect(try cli.run(["test"]).status == 0)
        try cli.edit("specs/login.yaml", "latency: 5s", "latency: 4s")
        return cli
    }

    /// `specrun review` on a real terminal (tmux): the spec, scenario, summary and diff are on the
    /// screen, and the keys a, r and s do what they say.
    @Test(.requires(.tmux)) func reviewOnATerminalAcceptsRejectsAndSkips() throws {
        let tmux = Tmux(executable: try ExternalTool.tmux.path())
        let cli = try Self.changed()
        try cli.edit("specs/login.yaml", "- set: { email: \"a@b.co\" }", "- set: { email: \"a@b.cx\" }")
        _ = try cli.run(["test"])
        let pendingFiles = [Self.secondTap, Self.tooShort, Self.valid].filter { cli.exists($0 + ".new") }
        try #require(pendingFiles.count == 3, "the fixture edit should change all three scenarios")
        let valid = try #require(cli.read(Self.valid + ".new"))
        let tooShortBefore = try #require(cli.read(Self.tooShort))

        let session = try tmux.start(command: "NO_COLOR=1 \(try cli.binary) review; echo \"review exited $?\"; sleep 120", in: cli.folder)
        defer { session.kill() }
        // 1 of 3: a second tap (sorted by path) — accept.
        try #require(Workspace.eventually { session.screen().contains("quit >") }, "no prompt:\n\(session.screen())")
        let first = session.screen()
        #expect(first.contains("Pending 1 of 3"))
        #expect(first.contains("spec      specs/login.yaml"))
        #expect(first.contains("scenario  a second tap while signing in is refused"))
        #expect(first.contains("changes   outputs changed: login.elements at 4000ms, 5000ms"))
        // The changed words are marked inside the changed lines (no colours: git's markers).
        #expect(first.contains("-  [-5000ms-]  login.elements    ()"))
        #expect(first.contains("+  {+4000ms+}  login.elements    ()"))
        session.send("x")   // not a choice: asked again
        session.send("a")
        try #require(Workspace.eventually { session.screen().contains("Pending 2 of 3") }, "\(session.screen())")
        #expect(cli.read(Self.secondTap)?.contains("  4000ms  login.elements") == true)
        #expect(!cli.exists(Self.secondTap + ".new"))
        // 2 of 3: a too-short form — reject.
        try #require(Workspace.eventually { session.screen().contains("scenario  a too-short form keeps the button disabled") }, "\(session.screen())")
        session.send("r")
        try #require(Workspace.eventually { session.screen().contains("Pending 3 of 3") }, "\(session.screen())")
        #expect(cli.read(Self.tooShort) == tooShortBefore)
        #expect(!cli.exists(Self.tooShort + ".new"))
        // 3 of 3: signs in — skip.
        session.send("s")
        try #require(Workspace.eventually { session.screen().contains("review exited") }, "\(session.screen())")
        let last = session.screen()
        #expect(last.contains("1 accepted, 1 rejected, 1 skipped; run 'specrun review' again for the skipped ones"))
        #expect(last.contains("review exited 0"))
        #expect(cli.read(Self.valid + ".new") == valid)
    }
}
