import Foundation
import SpecTesting
import Testing

/// `--watch` keeps watching what a hostile or careless user does to its folders: a folder
/// removed and made again (issue 25, item 7) and a FIFO named like a spec or a snapshot (item 8).
@Suite struct WatchRecoveryTests {
    typealias Watching = WatchTests.Watching

    static let login = Fixtures.path("login.yaml")

    @Test(arguments: ["specs/login.yaml", "specs"])
    func aFolderRemovedAndMadeAgainIsWatchedAgain(_ root: String) throws {
        let cli = try Workspace()
        let watching = try Watching(cli, ["run", "--watch", root])
        try watching.waitForPasses(1)
        #expect(watching.stdout.hasPrefix("Login › "))

        try FileManager.default.removeItem(atPath: cli.path("specs"))
        try watching.waitForPasses(2)
        try FileManager.default.createDirectory(atPath: cli.path("specs"), withIntermediateDirectories: false)
        usleep(300_000)
        try FileManager.default.copyItem(atPath: Self.login, toPath: cli.path("specs/login.yaml"))
        try watching.waitForOutput("the timeline again") { $0.components(separatedBy: "Login › ").count - 1 >= 2 * 3 }
        #expect(watching.stderr.components(separatedBy: "[exit ").last?.hasPrefix("0 in ") == true, "\(watching.stderr)")

        // And again, at once: removed, made and written before the loop looks.
        let before = watching.passes
        try FileManager.default.removeItem(atPath: cli.path("specs"))
        try FileManager.default.createDirectory(atPath: cli.path("specs"), withIntermediateDirectories: false)
        try FileManager.default.copyItem(atPath: Self.login, toPath: cli.path("specs/login.yaml"))
        try cli.edit("specs/login.yaml", "latency: 5s", "latency: 4s")
        try watching.waitForOutput("the changed timeline") { $0.contains("4000ms  login.executing") }
        #expect(watching.passes > before)
        #expect(watching.command.isRunning)
    }

    #if os(Linux) || os(macOS)
    /// A navigating spec's siblings and a spec's snapshots are inputs the loop reads; a FIFO
    /// among them would block the loop until someone writes to it.
    @Test func aFIFONamedLikeASpecOrASnapshotNeverBlocksTheLoop() throws {
        let cli = try Workspace(withLogin: false)
        try cli.write("specs/list.yaml", Fixtures.navigatingList)
        try cli.write("specs/detail.yaml", Fixtures.navigatedDetail)
        #expect(try cli.run(["test", "specs/list.yaml"]).status == 0)
        #expect(mkfifo(cli.path("specs/zz-fifo.yaml"), 0o644) == 0)
        #expect(mkfifo(cli.path("specs/__snapshots__/list/zz-fifo.timeline"), 0o644) == 0)

        let watching = try Watching(cli, ["test", "--watch", "specs/list.yaml"])
        try watching.waitForPasses(1)
        try cli.edit("specs/list.yaml", "pick: a", "pick: b")
        try watching.waitForPasses(2)
        #expect(watching.stderr.contains("specrun test --watch: changed specs/list.yaml\n"), "\(watching.stderr)")
        #expect(watching.command.isRunning)
    }

    /// A FIFO named like a spec appearing in a watched folder: the folder walk skips it (see
    /// `SpecFinder`), and the loop goes on running what changes.
    @Test func aFIFOSpecAppearingInAWatchedFolderIsSkipped() throws {
        let cli = try Workspace()
        let watching = try Watching(cli, ["run", "--watch", "specs"])
        try watching.waitForPasses(1)
        #expect(mkfifo(cli.path("specs/zz-fifo.yaml"), 0o644) == 0)
        try cli.edit("specs/login.yaml", "latency: 5s", "latency: 4s")
        try watching.waitForOutput("the changed timeline") { $0.contains("4000ms  login.executing") }
        #expect(watching.command.isRunning)
    }
    #endif
}
