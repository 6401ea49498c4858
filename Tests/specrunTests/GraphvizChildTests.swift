import Foundation
import SpecTesting
import Testing

/// Stopping `specrun graph --format svg` while `dot` runs leaves neither `dot` nor a temporary
/// file behind: issue 25, item 11. A stand-in `dot` that never finishes plays Graphviz on a huge
/// graph, so the test needs no Graphviz.
@Suite struct GraphvizChildTests {
    #if os(Linux)
    /// The pids whose parent is `parent`, read from /proc.
    static func children(of parent: Int32) -> [Int32] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return names.compactMap(Int32.init).filter { pid in
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { return false }
            // "pid (comm) state ppid …": the command name may hold spaces, so read after ')'.
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            return fields.count > 1 && Int32(fields[1]) == parent
        }
    }

    /// Whether `pid` is running: present in /proc and not a zombie (a dead child that its new
    /// parent has not reaped yet runs nothing).
    static func isRunning(_ pid: Int32) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return false }
        return !stat[stat.index(after: close)...].hasPrefix(" Z")
    }

    @Test(arguments: [SIGTERM, SIGINT, SIGKILL])
    func stoppingGraphEndsDotAndLeavesNoTemporaryFile(_ signal: Int32) throws {
        let cli = try Workspace()
        try cli.write("bin/dot", "#!/bin/sh\nexec sleep 300\n")
        chmod(cli.path("bin/dot"), 0o755)
        try FileManager.default.createDirectory(atPath: cli.path("tmp"), withIntermediateDirectories: true)
        let command = try cli.start(["graph", "specs/login.yaml", "--format", "svg"],
                                    environment: ["PATH": cli.path("bin") + ":/usr/bin:/bin", "TMPDIR": cli.path("tmp")])
        let process = command.process
        var dot: Int32 = 0
        defer {
            if dot > 0 && Self.isRunning(dot) { kill(dot, SIGKILL) }
            command.kill()
        }
        try #require(Workspace.eventually(within: 20) {
            dot = Self.children(of: process.processIdentifier).first ?? 0
            return dot > 0
        }, "'dot' never started; stderr: \(command.stderrSoFar)")

        kill(process.processIdentifier, signal)
        try #require(Workspace.eventually(within: 10) { !process.isRunning }, "specrun did not stop on signal \(signal)")
        #expect(process.diedOfSignal && process.terminationStatus == signal,
                "specrun should die of the signal, as a command that is stopped does")
        #expect(Workspace.eventually(within: 10) { !Self.isRunning(dot) }, "'dot' (pid \(dot)) outlived specrun")
        #expect(try FileManager.default.contentsOfDirectory(atPath: cli.path("tmp")) == [], "temporary files were left behind")
    }
    #endif

    /// `dot` that fails: its message and status are reported, and nothing is left behind.
    @Test func aFailingDotIsReportedWithItsMessage() throws {
        let cli = try Workspace()
        try cli.write("bin/dot", "#!/bin/sh\ncat > /dev/null\necho 'Error: syntax error in line 1' >&2\nexit 3\n")
        chmod(cli.path("bin/dot"), 0o755)
        try FileManager.default.createDirectory(atPath: cli.path("tmp"), withIntermediateDirectories: true)
        let result = try cli.run(["graph", "specs/login.yaml", "--format", "svg"],
                                 environment: ["PATH": cli.path("bin") + ":/usr/bin:/bin", "TMPDIR": cli.path("tmp")])
        #expect(result.status == 1)
        #expect(result.stderr.hasSuffix("failed with status 3: Error: syntax error in line 1\n"), "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: cli.path("tmp")) == [])
    }
}
