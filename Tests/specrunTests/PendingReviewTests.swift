import Foundation
import SpecTesting
import Testing

/// The insta-style loop: a changed timeline is kept as a pending `.timeline.new`, reviewed one
/// by one on a terminal or settled all at once.
@Suite struct PendingReviewTests {
    static let snapshots = "specs/__snapshots__/login/"
    static let valid = snapshots + "signs-in-once-the-form-is-valid.timeline"
    static let secondTap = snapshots + "a-second-tap-while-signing-in-is-refused.timeline"
    static let tooShort = snapshots + "a-too-short-form-keeps-the-button-disabled.timeline"

    /// Records the fixture's snapshots, then makes sign-in one second faster: two scenarios change.
    private static func changed() throws -> Workspace {
        let cli = try Workspace()
        #expect(try cli.run(["test"]).status == 0)
        try cli.edit("specs/login.yaml", "latency: 5s", "latency: 4s")
        return cli
    }

    @Test func aChangedTimelineIsKeptAsPendingAndTheReportSaysHowToReview() throws {
        let cli = try Self.changed()
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

    /// Every hint names the paths the command was given, so it runs as printed: after
    /// `specrun test .`, `specrun review .` finds what `specrun review` (reading specs/) would not.
    @Test func hintsNameThePathsTheCommandWasGiven() throws {
        let cli = try Self.changed()
        let result = try cli.run(["test", "."])
        #expect(result.status == 1)
        #expect(result.stdout.contains("2 snapshots changed; review them one by one with 'specrun review .', or settle all with 'specrun test --accept .' or '--reject'"), "\(result.stdout)")
        let review = try cli.run(["review", "."])
        #expect(review.stderr.contains("settle all 2 pending changes with 'specrun test --accept .' or 'specrun test --reject .'"), "\(review)")
        // A path a shell would split is quoted in the hint.
        try FileManager.default.createDirectory(atPath: cli.path("my specs"), withIntermediateDirectories: true)
        try FileManager.default.moveItem(atPath: cli.path("specs/login.yaml"), toPath: cli.path("my specs/login.yaml"))
        #expect(try cli.run(["test", "my specs"]).status == 0)
        try cli.edit("my specs/login.yaml", "latency: 4s", "latency: 3s")
        #expect(try cli.run(["test", "my specs"]).stdout.contains("with 'specrun review 'my specs''"))
    }

    @Test(arguments: [["CI": "true"], [:]])
    func ciNeverWritesPendingFiles(_ environment: [String: String]) throws {
        let cli = try Self.changed()
        let arguments = environment.isEmpty ? ["test", "--ci"] : ["test"]
        let result = try cli.run(arguments, environment: environment)
        #expect(result.status == 1)
        #expect(!cli.exists(Self.valid + ".new"))
        #expect(!result.stdout.contains("specrun review"))
    }

    @Test func acceptSettlesEveryPendingChange() throws {
        let cli = try Self.changed()
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
        let cli = try Self.changed()
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
        let cli = try Self.changed()
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
        let cli = try Self.changed()
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
        try cli.write("specs/other.yaml", Fixtures.tiny)
        #expect(try cli.run(["test", "--prune"]).stdout.contains("deleted obsolete snapshot \(Self.secondTap).new"))
        #expect(!cli.exists(Self.snapshots))
    }

    @Test func settlingFlagsAreUsageErrorsWithPlayingFlags() throws {
        let cli = try Workspace()
        for extra in [["--reject"], ["--update"], ["--prune"], ["--shard", "1/2"], ["--watch"], ["--format", "json"]] {
            #expect(try cli.run(["test", "--accept"] + extra).status == 64, "\(extra)")
        }
        let ci = try cli.run(["test", "--accept"], environment: ["CI": "true"])
        #expect(ci.status == 0)
        #expect(ci.stderr.contains("CI is set, so nothing is written or deleted; '--accept' is ignored"))
    }

    @Test func reviewNeedsATerminal() throws {
        let cli = try Self.changed()
        #expect(try cli.run(["review"]).stdout.hasPrefix("no pending snapshot changes in specs"))
        _ = try cli.run(["test"])
        let result = try cli.run(["review"], input: "a\n")
        #expect(result.status == 64)
        #expect(result.stderr.contains("settle all 2 pending changes with 'specrun test --accept' or 'specrun test --reject'"))
        #expect(cli.exists(Self.valid + ".new"))
    }
}
