import Foundation
import SpecTesting
import Testing

/// Faults around the edges, on the built binary: output that cannot be written, `--output`
/// paths that are not plain files, symbolic link loops in spec folders, leftovers of an
/// interrupted run, and the empty path.
@Suite("Output faults, --output targets, link loops, leftovers", .serialized)
struct OutputFaultTests {
    /// Runs `script` with `sh -c`, `$SPECRUN` naming the binary.
    static func shell(_ script: String, in directory: String) throws -> CommandResult {
        try CLI.shell(script, in: directory)
    }

    /// A fresh folder holding `specs/a.yaml`, a spec whose timeline is long enough to fill a pipe.
    static func workspace(scenarios: Int = 1) throws -> String {
        let root = try PackagePaths.temporaryFolder("specrun-output-faults")
        try FileManager.default.createDirectory(atPath: root + "/specs", withIntermediateDirectories: true)
        var text = "screen: A\ninputs:\n  n: { type: Int, default: 0 }\noutputs:\n  twice: n * 2\nscenarios:\n"
        for i in 0..<scenarios { text += "  - name: scenario \(i)\n    steps:\n      - set: { n: \(i + 1) }\n" }
        try text.write(toFile: root + "/specs/a.yaml", atomically: true, encoding: .utf8)
        return root
    }

    static func type(_ path: String) -> FileAttributeType? {
        (try? FileManager.default.attributesOfItem(atPath: path))?[.type] as? FileAttributeType
    }

    @Test func aFullStandardOutputExits74WithOneLine() throws {
        let root = try Self.workspace()
        let result = try Self.shell("\"$SPECRUN\" run specs/a.yaml > /dev/full", in: root)
        #expect(result.status == 74)
        #expect(result.stderr == "specrun: cannot write to standard output: No space left on device\n")
    }

    @Test func aClosedStandardOutputExits74WithOneLine() throws {
        let root = try Self.workspace()
        let result = try Self.shell("\"$SPECRUN\" check specs/a.yaml >&-", in: root)
        #expect(result.status == 74)
        #expect(result.stderr == "specrun: cannot write to standard output: Bad file descriptor\n")
    }

    @Test func helpIntoAFullStandardOutputExits74() throws {
        let root = try Self.workspace()
        let result = try Self.shell("\"$SPECRUN\" --help > /dev/full", in: root)
        #expect(result.status == 74)
        #expect(result.stderr == "specrun: cannot write to standard output: No space left on device\n")
    }

    @Test func aFullStandardErrorExits74() throws {
        let root = try Self.workspace()
        let result = try Self.shell("\"$SPECRUN\" check missing.yaml 2>/dev/full; echo $? >&2", in: root)
        #expect(result.stderr == "74\n")
    }

    /// With SIGPIPE ignored, as some CI runners and `subprocess` callers leave it, a reader that
    /// goes away makes the write fail with EPIPE instead of killing the process.
    @Test func aClosedPipeWithSigpipeIgnoredExits74() throws {
        let root = try Self.workspace(scenarios: 3000)
        let result = try Self.shell("trap '' PIPE; (\"$SPECRUN\" run specs/a.yaml; echo \"status $?\" >&2) | head -c 10 > /dev/null", in: root)
        #expect(result.stderr == "specrun: cannot write to standard output: Broken pipe\nstatus 74\n")
    }

    @Test func outputIntoAFifoKeepsTheFifo() throws {
        let root = try Self.workspace()
        #expect(mkfifo(root + "/report.fifo", 0o644) == 0)
        let result = try Self.shell("cat report.fifo > received.json & \"$SPECRUN\" test --reporter json --output report.fifo; wait", in: root)
        #expect(result.status == 0, "\(result.stderr)")
        var info = stat()
        #expect(lstat(root + "/report.fifo", &info) == 0 && info.st_mode & S_IFMT == S_IFIFO)
        let received = try String(contentsOfFile: root + "/received.json", encoding: .utf8)
        #expect(received.contains("\"scenario\""))
    }

    @Test func outputThroughASymbolicLinkWritesItsTarget() throws {
        let root = try Self.workspace()
        try "old".write(toFile: root + "/target.json", atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: root + "/link.json", withDestinationPath: "target.json")
        try FileManager.default.createSymbolicLink(atPath: root + "/dangling.json", withDestinationPath: "new.json")
        let result = try Self.shell("\"$SPECRUN\" test --reporter json --output link.json && \"$SPECRUN\" test --reporter json --output dangling.json", in: root)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(Self.type(root + "/link.json") == .typeSymbolicLink)
        #expect(Self.type(root + "/dangling.json") == .typeSymbolicLink)
        #expect(try String(contentsOfFile: root + "/target.json", encoding: .utf8).contains("\"scenario\""))
        #expect(try String(contentsOfFile: root + "/new.json", encoding: .utf8).contains("\"scenario\""))
        #expect(try FileManager.default.contentsOfDirectory(atPath: root).filter { $0.hasSuffix(".tmp") }.isEmpty)
    }

    /// `/dev/stdout` is a link to `/proc/self/fd/1`, a link to a pipe that no path names.
    @Test func outputToDevStdoutReachesThePipe() throws {
        let root = try Self.workspace()
        let result = try Self.shell("\"$SPECRUN\" test --reporter json --output /dev/stdout | grep -c '\"scenario\"' >&2", in: root)
        #expect(result.stderr.hasSuffix("1\n"), "\(result.stderr)")
    }

    @Test func outputIntoAMissingFolderIsAnErrorAndCreatesNothing() throws {
        let root = try Self.workspace()
        let result = try Self.shell("\"$SPECRUN\" test --reporter json --output out/report.json", in: root)
        #expect(result.status == 1)
        #expect(result.stderr.contains("error: cannot write the report: cannot write 'out/report.json': the folder 'out' does not exist"))
        #expect(!FileManager.default.fileExists(atPath: root + "/out"))
    }

    @Test func outputToALinkLoopIsAnError() throws {
        let root = try Self.workspace()
        try FileManager.default.createSymbolicLink(atPath: root + "/l1", withDestinationPath: "l2")
        try FileManager.default.createSymbolicLink(atPath: root + "/l2", withDestinationPath: "l1")
        let result = try Self.shell("\"$SPECRUN\" test --reporter json --output l1", in: root)
        #expect(result.status == 1)
        #expect(result.stderr.contains("cannot write 'l1': a loop of symbolic links"), "\(result.stderr)")
    }

    /// A folder holding a link to itself and one to its parent used to hang `specrun test`, and
    /// a single such link tested each spec many times.
    @Test func linkLoopsInSpecFoldersVisitEachSpecOnce() throws {
        let root = try Self.workspace(scenarios: 2)
        try FileManager.default.createSymbolicLink(atPath: root + "/specs/self", withDestinationPath: ".")
        try FileManager.default.createSymbolicLink(atPath: root + "/specs/up", withDestinationPath: "..")
        let result = try CLI.run(["test"], in: root)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.components(separatedBy: "NEW").count - 1 == 2, "\(result.stdout)")
    }

    @Test func temporaryFilesOfAnInterruptedWriteAreReportedThenPruned() throws {
        let root = try Self.workspace()
        _ = try CLI.run(["test"], in: root)
        let folder = root + "/specs/__snapshots__/a"
        let leftover = folder + "/.scenario-0.timeline.0badc0de.tmp"
        try "half a snap".write(toFile: leftover, atomically: false, encoding: .utf8)
        let reported = try CLI.run(["test"], in: root)
        #expect(reported.stdout.contains("temporary file left by an interrupted write specs/__snapshots__/a/.scenario-0.timeline.0badc0de.tmp\n"
                                         + "1 temporary file of an interrupted 'specrun test' run; 'specrun test --prune' deletes it\n"), "\(reported.stdout)")
        #expect(reported.status == 0)
        #expect(FileManager.default.fileExists(atPath: leftover))
        let pruned = try CLI.run(["test", "--prune"], in: root)
        #expect(pruned.stdout.contains("deleted temporary file left by an interrupted write"), "\(pruned.stdout)")
        #expect(!FileManager.default.fileExists(atPath: leftover))
        #expect(FileManager.default.fileExists(atPath: folder + "/scenario-0.timeline"))
    }

    /// The exit status and location of each kind of hostile spec, through the binary (the full
    /// table of classes is `HostileSpecTests`, on the library).
    @Test(arguments: [
        ("yaml", "screen: A\nk: " + String(repeating: "[", count: 201) + "\n", Int32(2), "yaml.yaml:2:204: error: the document nests deeper than 200 levels"),
        ("documents", "screen: A\n---\nscreen: B\n", Int32(2), "documents.yaml:2:1: error: a spec file holds one YAML document"),
        ("operators", "screen: A\ninputs:\n  n: { type: Int, default: 0 }\noutputs:\n  o: " + Array(repeating: "n", count: 600).joined(separator: " + ") + "\n",
         Int32(2), "operators.yaml:5:2056: error: expression has more than 512 operators"),
        ("growth", "screen: G\ninputs:\n  tick: event\nstate:\n  s: { type: String, initial: \"ab\" }\nhandlers:\n  - on: tick\n    set: { s: s + s }\n"
            + "scenarios:\n  - name: grows\n    steps:\n" + String(repeating: "      - send: tick\n", count: 25),
         Int32(1), "growth.yaml:30:15: a string of 1048576 characters is larger than the limit of 1000000; the scenario stopped"),
    ])
    func hostileSpecsExitWithTheirStatusAndLocation(_ name: String, _ text: String, _ status: Int32, _ located: String) throws {
        let root = try Self.workspace()
        try text.write(toFile: root + "/" + name + ".yaml", atomically: true, encoding: .utf8)
        let result = try CLI.run(["run", name + ".yaml"], in: root)
        #expect(result.status == status)
        #expect((result.stdout + result.stderr).contains(located), "\(result.stderr)")
    }

    /// A folder given where one spec file is expected is one located line, with no empty excerpt.
    @Test func aFolderWhereASpecFileGoesIsOneLine() throws {
        let root = try Self.workspace()
        for command in ["explore", "graph"] {
            let result = try CLI.run([command, "specs"], in: root)
            #expect(result.status == 2)
            #expect(result.stderr == "specs:1:1: error: 'specs' is a folder, not a spec file\n1 error in specs\n", "\(command): \(result.stderr)")
        }
    }

    /// A device would be read without end, and a FIFO among the siblings would block every
    /// navigation check; a spec piped through /dev/stdin is read.
    @Test func devicesAreRefusedAndPipesRead() throws {
        let root = try Self.workspace()
        let device = try CLI.run(["check", "/dev/zero"], in: root)
        #expect(device.status == 2)
        #expect(device.stderr.hasPrefix("/dev/zero:1:1: error: '/dev/zero' is a device, not a spec file"), "\(device.stderr)")
        try "screen: A\ninputs:\n  go: event\noutputs:\n  o:\n    navigate: { to: B, file: /dev/zero }\n    on: go\n"
            .write(toFile: root + "/nav.yaml", atomically: true, encoding: .utf8)
        #expect(mkfifo(root + "/sibling.yaml", 0o644) == 0)
        let navigation = try CLI.run(["check", "nav.yaml"], in: root)
        #expect(navigation.status == 2)
        #expect(navigation.stderr.contains("nav.yaml:6:30: error: 'file:' is a path from the spec's folder, found the absolute path '/dev/zero'"),
                "\(navigation.stderr)")
        try "screen: A\ninputs:\n  go: event\noutputs:\n  o:\n    navigate: { to: B }\n    on: go\n".write(toFile: root + "/nav.yaml", atomically: true, encoding: .utf8)
        let sibling = try CLI.run(["check", "nav.yaml"], in: root)
        #expect(sibling.stderr.contains("note: 'sibling.yaml' was not read: it is not a regular file"), "\(sibling.stderr)")
        let piped = try Self.shell("echo 'screen: Piped' | \"$SPECRUN\" check /dev/stdin >&2", in: root)
        #expect(piped.status == 0)
        #expect(piped.stderr == "1 spec checked, no errors\n")
    }

    @Test func theEmptyPathNamesItself() throws {
        let result = try CLI.run(["check", ""])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("'':1:1: error: the spec path is empty; name a spec file\n"), "\(result.stderr)")
    }

    @Test func twoSpecsDeclaringOneScreenAreReported() throws {
        let root = try Self.workspace()
        try FileManager.default.copyItem(atPath: root + "/specs/a.yaml", toPath: root + "/specs/b.yaml")
        let result = try CLI.run(["check", "specs/a.yaml", "specs/b.yaml"], in: root)
        #expect(result.status == 2)
        #expect(result.stderr.contains("specs/b.yaml:1:9: error: 'specs/a.yaml' declares 'screen: A' too"), "\(result.stderr)")
    }
}
