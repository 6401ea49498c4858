import Foundation
import SpecTesting
import Testing

/// What `run`, `test` and `check` print for a hostile spec, named and written to act on the
/// terminal that shows it, holds no control character: issue 25, item 17.
@Suite struct TerminalOutputTests {
    /// A spec whose scenario name and values carry ESC, BEL, C1 CSI, DEL and a bidi override.
    static let hostile = """
        screen: Tiny
        inputs:
          t: { type: String, default: "" }
        outputs:
          echo: t
        scenarios:
          - name: "doubles \\e[31mRED\\u009b2J\\a"
            steps:
              - set: { t: "a\\u009bb\\e[0m\\x7f\\u202e" }
        """

    /// Whether `text` holds a scalar a terminal could act on; line breaks and tabs are meant.
    static func controls(in text: String) -> [String] {
        text.unicodeScalars.filter { s in
            s != "\n" && s != "\t" && (s.value < 0x20 || (0x7F...0x9F).contains(s.value) || (0x202A...0x202E).contains(s.value))
        }.map { String(format: "U+%04X", $0.value) }
    }

    @Test func runTestAndCheckPrintNoControlCharacter() throws {
        let cli = try Workspace(withLogin: false)
        let name = "specs/x\u{1B}]0;owned\u{07}.yaml"
        try cli.write(name, Self.hostile)
        try cli.write("specs/bad\u{1B}[2J.yaml", "screen: Bad\noutputs:\n  a: b\n")
        for arguments in [["run", name], ["test", "specs"], ["test", "specs"], ["check", "specs"]] {
            let result = try cli.run(arguments)
            #expect(Self.controls(in: result.stdout).isEmpty, "\(arguments) stdout: \(result.stdout)")
            #expect(Self.controls(in: result.stderr).isEmpty, "\(arguments) stderr: \(result.stderr)")
        }
        let run = try cli.run(["run", name])
        #expect(run.stdout.hasPrefix(#"Tiny › doubles \u001b[31mRED\u009b2J\u0007"#), "\(run.stdout)")
        let check = try cli.run(["check", "specs"])
        #expect(check.stderr.contains(#"specs/bad\u001b[2J.yaml:3:6: error: unknown name 'b'"#), "\(check.stderr)")
    }

    /// A committed snapshot that someone edited to hold escape sequences: its lines in the diff
    /// of `specrun test` are escaped too.
    @Test func aHostileCommittedSnapshotIsEscapedInTheDiff() throws {
        let cli = try Workspace()
        #expect(try cli.run(["test"]).status == 0)
        let snapshot = PendingReviewTests.valid
        try cli.edit(snapshot, "login.executing", "login.executing\u{1B}[2J\u{9B}0m")
        let result = try cli.run(["test"])
        #expect(result.status == 1)
        #expect(Self.controls(in: result.stdout).isEmpty, "\(result.stdout)")
        #expect(result.stdout.contains(#"login.executing\u001b[2J\u009b0m"#), "\(result.stdout)")
    }
}
