import Foundation
import Testing
@testable import SpecRuntime
@testable import SpecTools

/// Snapshot storage against real files in a fresh temporary folder per test.
@Suite struct SnapshotStoreTests {
    static let counter = """
        screen: Counter
        inputs:
          n: { type: Int, default: 0 }
        outputs:
          double: n * 2
        scenarios:
          - name: doubles
            steps:
              - set: { n: 2 }
              - wait: 1s
              - set: { n: 5 }
          - name: doubles three
            steps:
              - set: { n: 3 }
        """

    let folder: String
    let spec: String

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("specrun-snapshots-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder + "/specs", withIntermediateDirectories: true)
        spec = folder + "/specs/counter.yaml"
        try write(Self.counter, to: spec)
    }

    private func write(_ text: String, to path: String) throws {
        try text.write(toFile: path, atomically: false, encoding: .utf8)
    }

    private var snapshots: String { folder + "/specs/__snapshots__/counter" }

    private func files() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: snapshots)) ?? []).sorted()
    }

    /// The inode changes on every atomic write (a new file is renamed in), so an equal inode
    /// proves a file was not rewritten.
    private func inode(_ name: String) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: snapshots + "/" + name)
        return try #require(attributes[.systemFileNumber] as? Int)
    }

    private func statuses(_ outcome: SpecOutcome) -> [String] {
        outcome.scenarios.map { "\($0.status)" + ($0.status.isFailure ? "!" : "") }
    }

    @Test func recordsNewSnapshotsInTheDocumentedFormat() throws {
        let outcome = SnapshotSuite.verify(specPath: spec, mode: .recordNew)
        #expect(statuses(outcome) == ["NEW", "NEW"])
        #expect(files() == ["doubles-three.timeline", "doubles.timeline"])
        #expect(SnapshotFile.read(snapshots + "/doubles.timeline") == """
            # spec: counter.yaml
            # scenario: doubles
            Counter › doubles
                 0ms  double            0
                 0ms  ▶ set n = 2
                 0ms  double            4
              1000ms  ▶ set n = 5
              1000ms  double            10

            """)
    }

    @Test func verifyModeNeverWrites() throws {
        let missing = SnapshotSuite.verify(specPath: spec, mode: .verify)
        #expect(statuses(missing) == ["NEW!", "NEW!"])
        #expect(!FileManager.default.fileExists(atPath: folder + "/specs/__snapshots__"))
        #expect(SpecSnapshots.assertMatches(spec).count == 2)

        _ = SnapshotSuite.verify(specPath: spec, mode: .recordNew)
        try write(Self.counter.replacingOccurrences(of: "n * 2", with: "n * 3"), to: spec)
        let before = try String(contentsOfFile: snapshots + "/doubles.timeline", encoding: .utf8)
        let changed = SnapshotSuite.verify(specPath: spec, mode: .verify)
        #expect(statuses(changed) == ["FAIL!", "FAIL!"])
        #expect(try String(contentsOfFile: snapshots + "/doubles.timeline", encoding: .utf8) == before)
        #expect(changed.scenarios[0].changeSummary == "output changed: double at 0ms, 1000ms")
        let failures = SpecSnapshots.assertMatches(spec)
        #expect(failures.count == 2)
        #expect(failures[0].contains("snapshot differs: output changed: double at 0ms, 1000ms"))
        #expect(failures[0].contains("-     0ms  double            4\n+     0ms  double            6"))
    }

    @Test func recordNewLeavesDifferentSnapshotsAlone() throws {
        _ = SnapshotSuite.verify(specPath: spec, mode: .recordNew)
        try write(Self.counter.replacingOccurrences(of: "n: 3", with: "n: 4"), to: spec)
        let before = try inode("doubles-three.timeline")
        let outcome = SnapshotSuite.verify(specPath: spec, mode: .recordNew)
        #expect(statuses(outcome) == ["PASS", "FAIL!"])
        #expect(try inode("doubles-three.timeline") == before)
    }

    /// A snapshot that is not UTF-8 used to read as missing, so a plain run replaced it as NEW.
    @Test func aDamagedSnapshotIsReportedNotReplaced() throws {
        _ = SnapshotSuite.verify(specPath: spec, mode: .recordNew)
        let path = snapshots + "/doubles.timeline"
        try Data([0xFF, 0xFE, 0x20, 0x78]).write(to: URL(fileURLWithPath: path))
        let outcome = SnapshotSuite.verify(specPath: spec, mode: .recordNew)
        #expect(statuses(outcome) == ["FAIL!", "PASS"])
        #expect(FileManager.default.contents(atPath: path) == Data([0xFF, 0xFE, 0x20, 0x78]))
    }

    /// A file where the snapshot folder should be: the reason, not a Foundation error dump.
    @Test func aFileInTheWayOfTheSnapshotFolderIsNamed() throws {
        try write("x", to: folder + "/specs/__snapshots__")
        let outcome = SnapshotSuite.verify(specPath: spec, mode: .recordNew)
        #expect(statuses(outcome) == ["FAIL!", "FAIL!"])
        #expect(outcome.scenarios.first?.writeError
            == "cannot create the folder '\(folder)/specs/__snapshots__/counter': '\(folder)/specs/__snapshots__' is a file, not a folder")
    }

    @Test func updateRewritesOnlyChangedSnapshots() throws {
        _ = SnapshotSuite.verify(specPath: spec, mode: .recordNew)
        let unchanged = try inode("doubles.timeline")
        let changed = try inode("doubles-three.timeline")
        let modified = try FileManager.default.attributesOfItem(atPath: snapshots + "/doubles.timeline")[.modificationDate] as? Date

        try write(Self.counter.replacingOccurrences(of: "n: 3", with: "n: 4"), to: spec)
        let outcome = SnapshotSuite.verify(specPath: spec, mode: .update)
        #expect(statuses(outcome) == ["PASS", "UPDATED"])
        #expect(try inode("doubles.timeline") == unchanged)
        #expect(try FileManager.default.attributesOfItem(atPath: snapshots + "/doubles.timeline")[.modificationDate] as? Date == modified)
        #expect(try inode("doubles-three.timeline") != changed)
        #expect(SnapshotFile.read(snapshots + "/doubles-three.timeline")?.contains("double            8") == true)
        // No temporary file is left behind.
        #expect(files() == ["doubles-three.timeline", "doubles.timeline"])
        #expect(SpecSnapshots.assertMatches(spec).isEmpty)
    }

    @Test func expectFailuresFailEvenWhenTheSnapshotMatches() throws {
        try write(Self.counter + "\n      - expect: { double: 7 }\n", to: spec)
        let outcome = SnapshotSuite.verify(specPath: spec, mode: .recordNew)
        #expect(statuses(outcome) == ["NEW", "FAIL!"])
        #expect(outcome.scenarios[1].expectFailures == ["\(spec):15: expected double == 7, got 6 (at 0ms)"])
        // The failure line is reported, not recorded: the snapshot holds only behaviour.
        #expect(SnapshotFile.read(outcome.scenarios[1].snapshotPath)?.contains("expected") == false)
        #expect(statuses(SnapshotSuite.verify(specPath: spec, mode: .verify)) == ["PASS", "FAIL!"])
    }

    @Test func obsoleteSnapshotsAreListedAndPruned() throws {
        _ = SnapshotSuite.verify(specPath: spec, mode: .recordNew)
        try write(Self.counter.replacingOccurrences(of: "doubles three", with: "triples"), to: spec)
        try write("notes", to: snapshots + "/README.txt")
        let outcome = SnapshotSuite.verify(specPath: spec, mode: .recordNew)
        #expect(outcome.obsoleteSnapshots == [snapshots + "/doubles-three.timeline"])
        #expect(files() == ["README.txt", "doubles-three.timeline", "doubles.timeline", "triples.timeline"])

        #expect(SnapshotSuite.prune(outcome.obsoleteSnapshots).isEmpty)
        #expect(files() == ["README.txt", "doubles.timeline", "triples.timeline"])
        #expect(SnapshotSuite.verify(specPath: spec).obsoleteSnapshots.isEmpty)
    }

    @Test func snapshotsOfARemovedSpecAreOrphans() throws {
        _ = SnapshotSuite.verify(specPath: spec, mode: .recordNew)
        #expect(SpecFinder.orphanedSnapshots(under: folder).isEmpty)
        try FileManager.default.removeItem(atPath: spec)
        #expect(SpecFinder.orphanedSnapshots(under: folder) == [snapshots + "/doubles-three.timeline", snapshots + "/doubles.timeline"])
        #expect(SnapshotSuite.prune(SpecFinder.orphanedSnapshots(under: folder)).isEmpty)
        #expect(!FileManager.default.fileExists(atPath: snapshots))
    }

    @Test func findsSpecsRecursivelySkippingSnapshots() throws {
        _ = SnapshotSuite.verify(specPath: spec, mode: .recordNew)
        try FileManager.default.createDirectory(atPath: folder + "/specs/b/c", withIntermediateDirectories: true)
        try write("screen: X\n", to: folder + "/specs/b/c/x.yaml")
        try write("screen: Y\n", to: folder + "/specs/__snapshots__/y.yaml")
        try write("not a spec", to: folder + "/specs/b/notes.md")
        #expect(SpecFinder.specs(in: [folder + "/specs", spec]) == [folder + "/specs/b/c/x.yaml", spec])
    }

    @Test func atomicWriteReplacesWholeFiles() throws {
        let path = folder + "/deep/er/file.timeline"
        // A missing folder is an error, and nothing is created on the way.
        #expect(throws: SnapshotError.self) { try SnapshotFile.writeAtomically("one\n", to: path) }
        #expect(!FileManager.default.fileExists(atPath: folder + "/deep"))
        try FileManager.default.createDirectory(atPath: folder + "/deep/er", withIntermediateDirectories: true)
        try SnapshotFile.writeAtomically("one\n", to: path)
        try SnapshotFile.writeAtomically("two\n", to: path)
        #expect(SnapshotFile.read(path) == "two\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder + "/deep/er") == ["file.timeline"])
        // A folder where the file should be: the rename fails and the temporary file is removed.
        try FileManager.default.createDirectory(atPath: folder + "/deep/er/dir.timeline/x", withIntermediateDirectories: true)
        #expect(throws: SnapshotError.self) { try SnapshotFile.writeAtomically("three\n", to: folder + "/deep/er/dir.timeline") }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder + "/deep/er").sorted() == ["dir.timeline", "file.timeline"])
    }

    @Test func windowsLineEndingsStillMatch() throws {
        _ = SnapshotSuite.verify(specPath: spec, mode: .recordNew)
        let path = snapshots + "/doubles.timeline"
        let text = try String(contentsOfFile: path, encoding: .utf8)
        try write(text.replacingOccurrences(of: "\n", with: "\r\n"), to: path)
        #expect(statuses(SnapshotSuite.verify(specPath: spec)) == ["PASS", "PASS"])
    }
}
