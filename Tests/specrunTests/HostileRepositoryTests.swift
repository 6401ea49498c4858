import Foundation
import SpecTesting
import SpecTools
import Testing

/// Issue 25, part A: a hostile repository (specs named `...yaml`, links inside `__snapshots__`,
/// FIFOs named like specs and snapshots, twin extensions, names that are not UTF-8) run through
/// the built binary. Each test records every entry of the repository and of a folder beside it
/// before and after, and checks that nothing outside the snapshot tree changed and no file was lost.
@Suite("Hostile repository: snapshot files, output files, folder walks, path errors")
struct HostileRepositoryTests {
    /// A fresh folder holding `specs/` and `outside/`, a folder no run may touch.
    static func repository() throws -> String {
        let root = try PackagePaths.temporaryFolder("specrun-hostile")
        for folder in ["specs", "outside"] {
            try FileManager.default.createDirectory(atPath: root + "/" + folder, withIntermediateDirectories: true)
        }
        return root
    }

    /// A valid spec with one scenario, "one".
    static func spec(_ screen: String) -> String {
        "screen: \(screen)\ninputs:\n  n: { type: Int, default: 0 }\noutputs:\n  twice: n * 2\nscenarios:\n  - name: one\n    steps:\n      - set: { n: 1 }\n"
    }

    static func write(_ text: String, _ path: String) throws {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try text.write(toFile: path, atomically: false, encoding: .utf8)
    }

    /// Runs the binary with a time limit, so a run that blocks (on a FIFO) fails instead of hanging
    /// the suite (`timedOut`); SpecTesting's runner writes the output to files outside the
    /// repository, which never fill up as a pipe would.
    static func run(_ arguments: [String], in directory: String, limit: Double = 20) throws -> CommandResult {
        try CLI.run(arguments, in: directory, timeout: limit)
    }

    /// Every entry under `root` by relative path (names as raw bytes, shown lossily), without
    /// following links: a folder, a link and its target, a FIFO, or a file and its bytes.
    static func tree(_ root: String) -> [String: String] {
        var entries: [String: String] = [:]
        func walk(_ folder: String, _ prefix: String) {
            guard let directory = opendir(folder) else { return }
            defer { closedir(directory) }
            while let entry = readdir(directory) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
                let bytes = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
                guard name != ".", name != ".." else { continue }
                let path = folder + "/" + String(decoding: bytes, as: UTF8.self)
                let key = prefix + name
                var info = stat()
                guard lstat(path, &info) == 0 else { entries[key] = "unreadable"; continue }
                switch info.st_mode & S_IFMT {
                case S_IFDIR:
                    entries[key] = "folder"
                    walk(path, key + "/")
                case S_IFLNK:
                    entries[key] = "link to " + ((try? FileManager.default.destinationOfSymbolicLink(atPath: path)) ?? "?")
                case S_IFREG:
                    entries[key] = "file " + (FileManager.default.contents(atPath: path).map { $0.base64EncodedString() } ?? "?")
                default:
                    entries[key] = "special"
                }
            }
        }
        walk(root, "")
        return entries
    }

    /// The entries of `before` that are gone or changed in `after`, and those `after` added, for
    /// entries `keep` says are outside the snapshot tree.
    static func changes(_ before: [String: String], _ after: [String: String], outsideSnapshots keep: (String) -> Bool = { !$0.contains("__snapshots__") }) -> [String] {
        let keys = Set(before.keys).union(after.keys).filter(keep)
        return keys.sorted().compactMap { key in before[key] == after[key] ? nil : "\(key): \(before[key] ?? "absent") -> \(after[key] ?? "absent")" }
    }

    // MARK: 1. `...yaml` and `..yaml`

    @Test func specsNamedDotDotKeepTheirSnapshotsInARealChildOfSnapshots() throws {
        let root = try Self.repository()
        let specs = root + "/specs"
        try Self.write(Self.spec("Dots"), specs + "/...yaml")
        try Self.write(Self.spec("Dot"), specs + "/..yaml")
        // Files a `..` or `.` folder would have overwritten or pruned.
        try Self.write("# beside the spec\n", specs + "/one.timeline")
        try Self.write("# in __snapshots__ itself\n", specs + "/__snapshots__/one.timeline")
        try Self.write("# pending beside the spec\n", specs + "/other.timeline.new")
        let before = Self.tree(root)
        for arguments in [["test", "...yaml", "..yaml"], ["test", "--update", "...yaml", "..yaml"], ["test", "--prune", "...yaml", "..yaml"]] {
            let result = try Self.run(arguments, in: specs)
            #expect(result.status == 0, "\(arguments): \(result.stdout)\(result.stderr)")
        }
        let after = Self.tree(root)
        let kept = Self.changes(before, after) { !$0.hasPrefix("specs/__snapshots__/%") }
        #expect(kept.isEmpty, "changed outside each spec's own snapshot folder: \(kept)")
        #expect(after["specs/__snapshots__/%2E./one.timeline"]?.hasPrefix("file ") == true)
        #expect(after["specs/__snapshots__/%2E/one.timeline"]?.hasPrefix("file ") == true)
        // Each snapshot names its own spec, so neither overwrote the other's.
        let dots = try String(contentsOfFile: specs + "/__snapshots__/%2E./one.timeline", encoding: .utf8)
        #expect(dots.hasPrefix("# spec: ...yaml\n"))
    }

    @Test func snapshotFolderNamesAreOneToOneAndNeverHidden() {
        let stems = ["..", ".", ".hidden", "%2E", "100%", "a\nb", "login", "a.b", "é"]
        let names = stems.map(SnapshotLayout.folderName(forStem:))
        #expect(names == ["%2E.", "%2E", "%2Ehidden", "%252E", "100%25", "a%0Ab", "login", "a.b", "é"])
        #expect(Set(names).count == stems.count)
        #expect(names.allSatisfy { !$0.hasPrefix(".") && !$0.contains("/") })
        #expect(names.map(SnapshotLayout.stem(ofFolder:)) == stems)
        // A name `folderName` never makes stands for no spec.
        #expect(SnapshotLayout.stem(ofFolder: "100%") == nil)
        #expect(SnapshotLayout.stem(ofFolder: "%41") == nil)
    }

    // MARK: 2. Links inside `__snapshots__`

    @Test func linksInsideSnapshotsAreNeverFollowedForWritesRenamesOrDeletes() throws {
        let root = try Self.repository()
        try Self.write(Self.spec("A"), root + "/specs/a.yaml")
        try Self.write(Self.spec("B"), root + "/specs/b.yaml")
        try Self.write("x\n", root + "/outside/x.timeline")
        try Self.write("pending\n", root + "/outside/one.timeline.new")
        try Self.write("target\n", root + "/outside/target.timeline")
        try FileManager.default.createDirectory(atPath: root + "/specs/__snapshots__/a", withIntermediateDirectories: true)
        // An orphaned folder, a spec's own folder and a snapshot file, each a link out of the tree.
        try FileManager.default.createSymbolicLink(atPath: root + "/specs/__snapshots__/gone", withDestinationPath: "../../outside")
        try FileManager.default.createSymbolicLink(atPath: root + "/specs/__snapshots__/b", withDestinationPath: "../../outside")
        try FileManager.default.createSymbolicLink(atPath: root + "/specs/__snapshots__/a/old.timeline", withDestinationPath: "../../../outside/target.timeline")
        try FileManager.default.createSymbolicLink(atPath: root + "/specs/__snapshots__/a/one.timeline.new", withDestinationPath: "../../../outside/one.timeline.new")
        // A dangling link where a snapshot belongs: writing through it would create a file outside.
        try Self.write(Self.spec("C"), root + "/specs/c.yaml")
        try FileManager.default.createDirectory(atPath: root + "/specs/__snapshots__/c", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: root + "/specs/__snapshots__/c/one.timeline", withDestinationPath: "../../../outside/created.timeline")
        let before = Self.tree(root)
        for arguments in [["test", "specs"], ["test", "--prune", "specs"], ["test", "--accept", "specs"], ["test", "--reject", "specs"],
                          ["test", "--update", "--prune", "specs"]] {
            let result = try Self.run(arguments, in: root)
            #expect(!result.timedOut)
            if arguments.contains("--prune") {
                #expect(result.stderr.contains("note: skipped 'specs/__snapshots__/gone/x.timeline': 'specs/__snapshots__/gone' is a symbolic link"), "\(result.stderr)")
                #expect(result.stderr.contains("note: skipped 'specs/__snapshots__/a/old.timeline': 'specs/__snapshots__/a/old.timeline' is a symbolic link"), "\(result.stderr)")
            }
            if arguments.contains("--accept") || arguments.contains("--reject") {
                #expect(result.status == 1)
                #expect(result.stderr.contains("error: skipped 'specs/__snapshots__/b/one.timeline.new'"), "\(result.stderr)")
            }
        }
        let after = Self.tree(root)
        // Only a's own snapshot may appear; every link, and all of `outside/`, stays as it was.
        let changed = Self.changes(before, after) { $0 != "specs/__snapshots__/a/one.timeline" }
        #expect(changed.isEmpty, "\(changed)")
        #expect(after["specs/__snapshots__/a/one.timeline"]?.hasPrefix("file ") == true)
        let linked = try Self.run(["test", "specs/b.yaml"], in: root)
        #expect(linked.status == 1)
        #expect(linked.stdout.contains("'specs/__snapshots__/b' is a symbolic link"), "\(linked.stdout)")
    }

    // MARK: 3. `--output` naming an input spec

    @Test func outputNamingAnInputSpecIsRefusedInEveryForm() throws {
        let root = try Self.repository()
        try Self.write(Self.spec("A"), root + "/specs/a.yaml")
        try FileManager.default.createSymbolicLink(atPath: root + "/report.xml", withDestinationPath: "specs/a.yaml")
        let before = Self.tree(root)
        var forms: [[String]] = []
        for output in ["specs/a.yaml", "./specs/../specs/a.yaml", "report.xml"] {
            forms += [["test", "--format", "junit", "--output", output, "specs"], ["test", "--format", "json", "--output", output, "specs/a.yaml"],
                      ["test", "--format", "html", "--output", output, "specs"], ["graph", "specs/a.yaml", "--output", output],
                      ["coverage", "--output", output, "specs"], ["mutate", "--output", output, "specs/a.yaml"]]
        }
        for arguments in forms {
            let result = try Self.run(arguments, in: root)
            #expect(result.status == 64, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains("error: '--output' names the input spec 'specs/a.yaml'"), "\(arguments): \(result.stderr)")
        }
        #expect(Self.changes(before, Self.tree(root)) { _ in true }.isEmpty)
    }

    // MARK: 4. `a.yaml` and `a.yml`

    @Test func twinExtensionsAreALocatedErrorAndShareNothing() throws {
        let root = try Self.repository()
        try Self.write(Self.spec("A"), root + "/specs/a.yaml")
        try Self.write(Self.spec("A2"), root + "/specs/a.yml")
        try Self.write("# a.yaml's\n", root + "/specs/__snapshots__/a/one.timeline")
        try Self.write("# kept\n", root + "/specs/__snapshots__/a/other.timeline")
        let before = Self.tree(root)
        for arguments in [["test", "specs"], ["test", "--prune", "specs"], ["test", "--update", "specs/a.yml"]] {
            let result = try Self.run(arguments, in: root)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.stderr.contains("specs/a.yml:1:9: error: 'specs/a.yaml' keeps its snapshots in 'specs/__snapshots__/a' too"), "\(result.stderr)")
        }
        #expect(Self.changes(before, Self.tree(root)) { _ in true }.isEmpty)
    }

    // MARK: 5. A temporary file another run is writing

    @Test func pruneLeavesATemporaryFileThatAnotherRunIsWriting() throws {
        let root = try Self.repository()
        try Self.write(Self.spec("A"), root + "/specs/a.yaml")
        #expect(try Self.run(["test", "specs"], in: root).status == 0)
        let temporary = root + "/specs/__snapshots__/a/.one.timeline.0000abcd.tmp"
        try Self.write("half of a snaps", temporary)
        // Held as a writer holds it, from creation to rename.
        let fd = open(temporary, O_RDWR | O_CLOEXEC)
        #expect(fd >= 0 && flock(fd, LOCK_EX) == 0)
        let live = try Self.run(["test", "--prune", "specs"], in: root)
        #expect(live.status == 0)
        #expect(!live.stdout.contains(".one.timeline.0000abcd.tmp"), "a file being written is no leftover: \(live.stdout)")
        #expect(FileManager.default.fileExists(atPath: temporary))
        // Listed a moment before the writer locked it, it is still left alone, and said so.
        #expect(SnapshotSuite.prune([temporary]) == ["note: skipped '\(temporary)': another run is still writing it"])
        #expect(FileManager.default.fileExists(atPath: temporary))
        close(fd)
        let abandoned = try Self.run(["test", "--prune", "specs"], in: root)
        #expect(abandoned.status == 0)
        #expect(!FileManager.default.fileExists(atPath: temporary), "an abandoned temporary file is still pruned")
    }

    @Test func concurrentPrunesNeverBreakAnotherRunsWrite() throws {
        let root = try Self.repository()
        for i in 0..<4 { try Self.write(Self.spec("S\(i)"), root + "/specs/s\(i).yaml") }
        // Each round removes the snapshots so both runs write them while pruning.
        for _ in 0..<3 {
            try? FileManager.default.removeItem(atPath: root + "/specs/__snapshots__")
            let lock = NSLock()
            nonisolated(unsafe) var statuses: [Int32] = []
            DispatchQueue.concurrentPerform(iterations: 2) { _ in
                let status = (try? Self.run(["test", "--prune", "specs"], in: root).status) ?? -1
                lock.withLock { statuses.append(status) }
            }
            #expect(statuses == [0, 0])
        }
    }

    // MARK: 8. FIFOs

    @Test func folderWalksAndSnapshotReadsSkipFIFOs() throws {
        let root = try Self.repository()
        try Self.write(Self.spec("S"), root + "/specs/s.yaml")
        #expect(mkfifo(root + "/specs/x.yaml", 0o644) == 0)
        for arguments in [["check", "specs"], ["run", "specs"], ["test", "specs"]] {
            let result = try Self.run(arguments, in: root, limit: 10)
            #expect(!result.timedOut, "\(arguments) blocked on the FIFO")
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
        }
        #expect(mkfifo(root + "/specs/__snapshots__/s/one.timeline.new", 0o644) == 0)
        try FileManager.default.removeItem(atPath: root + "/specs/__snapshots__/s/one.timeline")
        #expect(mkfifo(root + "/specs/__snapshots__/s/one.timeline", 0o644) == 0)
        for arguments in [["test", "specs"], ["test", "--ci", "specs"], ["test", "--accept", "specs"], ["review", "specs"]] {
            let result = try Self.run(arguments, in: root, limit: 10)
            #expect(!result.timedOut, "\(arguments) blocked on the FIFO")
        }
        for arguments in [["test", "specs"], ["test", "--ci", "specs"]] {
            let result = try Self.run(arguments, in: root, limit: 10)
            #expect(result.status == 1)
            #expect(result.stdout.contains("'specs/__snapshots__/s/one.timeline' is a FIFO, not a regular file"), "\(arguments): \(result.stdout)")
        }
    }

    // MARK: 14. A name that is not UTF-8

    @Test func aSpecNameThatIsNotUTF8IsSaidSo() throws {
        let root = try Self.repository()
        try Self.write(Self.spec("S"), root + "/specs/s.yaml")
        var path = Array((root + "/specs/u").utf8) + [0xFF] + Array(".yaml".utf8) + [0]
        let fd = path.withUnsafeMutableBufferPointer { $0.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_WRONLY | O_CREAT | O_CLOEXEC, 0o644) } }
        #expect(fd >= 0)
        close(fd)
        for command in ["check", "run", "test", "coverage"] {
            let result = try Self.run([command, "specs"], in: root)
            #expect(result.status == 66, "\(command)")
            #expect(result.stderr == "error: the name of 'specs/u\\xFF.yaml' is not UTF-8, so specrun cannot open it; rename it\n", "\(command): \(result.stderr)")
        }
    }

    // MARK: 16. Missing paths and `--shard`

    @Test func aMissingPathIsOnePlainLineAndExit66() throws {
        let root = try Self.repository()
        try Self.write(Self.spec("S"), root + "/specs/s.yaml")
        try FileManager.default.createSymbolicLink(atPath: root + "/dangling.yaml", withDestinationPath: "nowhere.yaml")
        let forms = [["check", "nope.yaml"], ["run", "nope.yaml"], ["test", "nope.yaml"], ["test", "--accept", "nope.yaml"],
                     ["graph", "nope.yaml"], ["explore", "nope.yaml"], ["coverage", "nope.yaml"], ["mutate", "nope.yaml"],
                     ["review", "nope.yaml"], ["check", "specs", "nope.yaml"], ["test", "specs/nope/"]]
        for arguments in forms {
            let result = try Self.run(arguments, in: root)
            #expect(result.status == 66, "\(arguments)")
            #expect(result.stderr == "error: no such file or directory: '\(arguments.last!)'\n", "\(arguments)")
        }
        let dangling = try Self.run(["check", "dangling.yaml"], in: root)
        #expect(dangling.status == 66)
    }

    @Test func aShardPastItsCountSaysWhy() throws {
        let root = try Self.repository()
        try Self.write(Self.spec("S"), root + "/specs/s.yaml")
        for (shard, why) in [("5/4", "the shard index i must be 1...4"), ("0/4", "the shard index i must be 1...4"),
                             ("1/0", "the number of shards n must be at least 1"), ("two", "a shard is written i/n, such as 2/4")] {
            let result = try Self.run(["test", "--shard", shard, "specs"], in: root)
            #expect(result.status == 64)
            #expect(result.stderr.contains(why), "\(shard): \(result.stderr)")
        }
    }
}
