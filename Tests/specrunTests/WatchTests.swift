import Foundation
import SpecTesting
import Testing
@testable import SpecrunCLI

/// `--watch` from the built binary: it runs once, then again for exactly what a save changed.
@Suite struct WatchTests {
    /// A watching process with its output files; stopped when the test ends.
    final class Watching {
        let command: RunningCommand

        init(_ cli: Workspace, _ arguments: [String]) throws {
            command = try cli.start(arguments)
        }

        deinit {
            command.terminate()
            _ = command.wait(timeout: 30)
        }

        var stdout: String { command.stdoutSoFar }
        var stderr: String { command.stderrSoFar }
        /// How many passes have finished.
        var passes: Int { stderr.components(separatedBy: "] watching ").count - 1 }

        func waitForPasses(_ n: Int) throws {
            try #require(Workspace.eventually { passes >= n }, "expected \(n) passes; stderr:\n\(stderr)")
        }

        /// Waits until a finished pass printed what `expected` wants. For a change that is not one
        /// write (`test --accept` renames one snapshot after another; a new file is created, then
        /// written), the watcher may run on a halfway state and then again on the final one: how
        /// many passes that takes depends on timing, what the last one prints does not.
        func waitForOutput(_ expected: String, _ condition: @escaping (String) -> Bool) throws {
            try #require(Workspace.eventually { stderr.hasSuffix("Ctrl-C stops\n") && condition(stdout) },
                         "expected a pass printing \(expected); stdout:\n\(stdout)\nstderr:\n\(stderr)")
        }
    }

    @Test func testWatchRerunsTheSavedSpecAndKeepsThePendingChange() throws {
        let cli = try Workspace()
        #expect(try cli.run(["test"]).status == 0)
        let watching = try Watching(cli, ["test", "--watch"])
        try watching.waitForPasses(1)
        #expect(watching.stderr.hasPrefix("specrun test --watch: 1 spec\n"))
        #expect(watching.stdout.hasSuffix("3 passed, 0 failed\n"))
        // Standard input is not a terminal: no keys, no legend, as before them.
        #expect(!watching.stderr.contains(WatchKeys.legend))

        try cli.edit("specs/login.yaml", "latency: 5s", "latency: 4s")
        try watching.waitForPasses(2)
        #expect(watching.stderr.contains("specrun test --watch: changed specs/login.yaml\n"))
        #expect(watching.stderr.contains("[exit 1 in "))
        #expect(watching.stdout.hasSuffix("1 passed, 2 failed\n"))
        #expect(cli.exists(PendingReviewTests.valid + ".new"))

        // A save that changes nothing runs nothing. (Checked here, after a change that is one
        // write: after `--accept` below, how many passes it takes is up to timing.)
        try cli.edit("specs/login.yaml", "latency: 4s", "latency: 4s")
        usleep(500_000)
        #expect(watching.passes == 2)

        // Accepting rewrites the snapshots: the spec runs again and now passes.
        #expect(try cli.run(["test", "--accept"]).status == 0)
        try watching.waitForPasses(3)
        try watching.waitForOutput("3 passed, 0 failed") { $0.hasSuffix("3 passed, 0 failed\n") }
        #expect(watching.command.isRunning)
    }

    @Test func runWatchFollowsNavigationTargetsAndNewSpecs() throws {
        let cli = try Workspace(withLogin: false)
        try cli.write("specs/list.yaml", Fixtures.navigatingList)
        try cli.write("specs/detail.yaml", Fixtures.navigatedDetail)
        try cli.write("specs/alone.yaml", Fixtures.tiny)
        let watching = try Watching(cli, ["run", "--watch", "specs"])
        try watching.waitForPasses(1)
        #expect(watching.stderr.hasPrefix("specrun run --watch: 3 specs\n"))

        // The target's parameter changes type: the navigating spec is checked again and fails.
        // The edit is not one write (the file is truncated, then written): the watcher may run on
        // the empty file first and again on the final one, so the test waits for the final error.
        try cli.edit("specs/detail.yaml", "name: String", "name: Int")
        try #require(Workspace.eventually { watching.stderr.contains("found 'x'") && watching.stderr.hasSuffix("Ctrl-C stops\n") },
                     "stderr:\n\(watching.stderr)")
        #expect(watching.stderr.contains("specrun run --watch: changed specs/detail.yaml, specs/list.yaml\n"), "\(watching.stderr)")
        #expect(watching.stderr.contains("specs/list.yaml:"))
        #expect(!watching.stderr.contains("alone.yaml"))

        try cli.write("specs/more/new.yaml", Fixtures.tiny.replacingOccurrences(of: "Tiny", with: "Fresh"))
        try #require(Workspace.eventually { watching.stderr.contains("specrun run --watch: changed specs/more/new.yaml\n") },
                     "stderr:\n\(watching.stderr)")
        try watching.waitForOutput("the new spec's timeline") { $0.hasSuffix("Fresh › doubles\n     0ms  twice             2\n     0ms  ▶ set n = 4\n     0ms  twice             8\n") }
        #expect(watching.stdout.hasSuffix("Fresh › doubles\n     0ms  twice             2\n     0ms  ▶ set n = 4\n     0ms  twice             8\n"))
    }

    @Test func checkWatchReportsAnInvalidSaveAndKeepsWatching() throws {
        let cli = try Workspace()
        let watching = try Watching(cli, ["check", "--watch", "specs/login.yaml"])
        try watching.waitForPasses(1)
        #expect(watching.stdout == "1 spec checked, no errors\n")
        try cli.edit("specs/login.yaml", "canLogin:", "canLogin: nope &&")
        try watching.waitForPasses(2)
        #expect(watching.stderr.contains("[exit 2 in "))
        #expect(watching.command.isRunning)
    }
}
