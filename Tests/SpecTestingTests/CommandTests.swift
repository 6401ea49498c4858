import Foundation
import SpecTesting
import Testing

/// The one process runner: streams, exit status, input, deadline.
@Suite struct CommandTests {
    @Test func bothStreamsAndTheStatusAreKept() throws {
        let result = try Command.run("/bin/sh", ["-c", "cat; echo out; echo err >&2; exit 3"], input: "in\n")
        #expect(result.status == 3)
        #expect(result.stdout == "in\nout\n")
        #expect(result.stderr == "err\n")
        #expect(!result.timedOut)
    }

    /// Far more than a pipe buffer on both streams: files, not pipes, so nothing blocks.
    @Test func largeOutputOnBothStreamsDoesNotBlock() throws {
        let result = try Command.run("/bin/sh", ["-c", "i=0; while [ $i -lt 20000 ]; do echo line $i; echo err $i >&2; i=$((i+1)); done"],
                                     timeout: 120)
        #expect(result.status == 0)
        #expect(result.stdout.split(separator: "\n").count == 20000)
        #expect(result.stderr.split(separator: "\n").count == 20000)
    }

    @Test func aProcessPastItsDeadlineIsKilled() throws {
        let start = Date()
        let result = try Command.run("/bin/sh", ["-c", "sleep 30"], timeout: 0.5)
        #expect(result.timedOut && result.status == -1)
        #expect(Date().timeIntervalSince(start) < 20)
    }

    @Test func theBinaryRunsWithoutCIAndColor() throws {
        let result = try CLI.run(["check", "specs/login.yaml"], environment: [:])
        #expect(result.status == 0, "\(result)")
        let invalid = try CLI.temporarySpec("screen: S\noutputs:\n  a: b\n")
        let checked = try assertExecuteCommand(["check", invalid], stdout: "", exitCode: 2)
        #expect(!checked.stderr.contains("\u{1B}["), "NO_COLOR is set for every run")
    }
}
