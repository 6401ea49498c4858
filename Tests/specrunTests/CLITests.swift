import Foundation
import SpecTesting
import Testing

@Suite("Command line")
struct CLITests {
    /// The login example of the design sketch, verbatim (a fixture file: other suites use it too).
    static var sketchLogin: String { Fixtures.sketchLogin }

    @Test func runPrintsTheSketchTimeline() throws {
        try assertExecuteCommand(["run", try CLI.temporarySpec(Self.sketchLogin)], stdout: """
            Login › signs in once the form is valid
                 0ms  canLogin          false
                 0ms  login.enabled     false
                 0ms  login.executing   false
                 0ms  ▶ set email = "someone@example.com"
                 0ms  ▶ set password = "hunter2"
                 0ms  canLogin          true
                 0ms  login.enabled     true
                 0ms  ▶ send confirm
                 0ms  login.executing   true
                 0ms  login.enabled     false
                 0ms  auth.signIn       ↗ (email: "someone@example.com", password: "hunter2")
              5000ms  login.elements    ()
              5000ms  login.executing   false
              5000ms  login.enabled     true

            """)
    }

    @Test func jsonIsOneObjectPerLineAndByteIdenticalAcrossRuns() throws {
        let first = try CLI.run(["run", "specs/login.yaml", "--format", "json"])
        let second = try CLI.run(["run", "specs/login.yaml", "--format", "json"])
        #expect(first.status == 0)
        #expect(first.stdout == second.stdout)
        let lines = first.stdout.split(separator: "\n")
        #expect(lines.first == #"{"type":"scenario","format":"specrun-timeline","version":1,"screen":"Login","scenario":"signs in once the form is valid"}"#)
        #expect(lines.dropFirst().first == #"{"type":"emission","scenario":"signs in once the form is valid","time_ms":0,"output":"canLogin","value":false}"#)
        #expect(lines.contains(#"{"type":"step","scenario":"signs in once the form is valid","time_ms":0,"step":"send confirm"}"#))
        #expect(lines.contains(#"{"type":"emission","scenario":"a too-short form keeps the button disabled","time_ms":0,"output":"login.errors","value":{"error":"notEnabled"}}"#))
        for line in lines {
            #expect((try? JSONSerialization.jsonObject(with: Data(line.utf8))) != nil, "not JSON: \(line)")
        }
    }

    /// Issue 27 item 10: a run-time error alone fails the run, and the help and README say so.
    @Test func aRuntimeErrorAloneExitsOneAsDocumented() throws {
        let path = try CLI.temporarySpec("""
            screen: S
            inputs:
              n: { type: Int, default: 1 }
            outputs:
              ratio: 10 / n
            scenarios:
              - name: s
                steps:
                  - set: { n: 0 }
            """)
        let result = try CLI.run(["run", path])
        #expect(result.stdout.contains("! runtime error:"))
        #expect(!result.stdout.contains("✗"))
        #expect(result.status == 1)
        let help = try CLI.run(["run", "--help"]).stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(help.contains("1 when an 'expect' failed or a run-time error happened"))
        let readme = try String(contentsOfFile: PackagePaths.root + "/README.md", encoding: .utf8)
        #expect(readme.contains("1 an `expect` failed or a run-time error happened"))
    }

    @Test func aFailedExpectationExitsOneAndNamesFileLineOutputAndValues() throws {
        let path = try CLI.temporarySpec("""
            screen: S
            inputs:
              n: { type: Int, default: 1 }
            outputs:
              big: n > 5
            scenarios:
              - name: s
                steps:
                  - set: { n: 3 }
                  - expect: { big: true }
            """)
        let result = try CLI.run(["run", path])
        #expect(result.status == 1)
        #expect(result.stdout.contains("✗ expected big == true, got false  (\(path):10)"))
    }

    @Test func anInvalidSpecExitsTwoWithEveryDiagnostic() throws {
        let path = try CLI.temporarySpec("""
            screen: S
            outputs:
              a: b + 1
              c: 1 +
            """)
        try assertExecuteCommand(["check", path], stdout: "", stderr: """
            \(path):3:6: error: unknown name 'b'
              |
            3 |   a: b + 1
              |      ^

            \(path):4:9: error: expected an expression, found end of expression
              |
            4 |   c: 1 +
              |         ^
            2 errors in \(path)

            """, exitCode: 2)
        #expect(try CLI.run(["run", path]).status == 2)
    }

    @Test func usageErrorsExitSixtyFour() throws {
        #expect(try CLI.run(["run", "specs/login.yaml", "--scenario", "nope"]).status == 64)
        #expect(try CLI.run(["run", "specs/login.yaml", "--format", "xml"]).status == 64)
        #expect(try CLI.run(["frobnicate"]).status == 64)
    }

    @Test func hostileFilesAreDiagnosedNotCrashed() throws {
        let missing = try CLI.run(["check", "/nonexistent/spec.yaml"])
        #expect(missing.status == 66)
        #expect(missing.stderr == "error: no such file or directory: '/nonexistent/spec.yaml'\n")
        let binary = try CLI.temporarySpec("screen: S\u{0}\u{1}")
        #expect(try CLI.run(["check", binary]).status == 2)
        let deep = try CLI.temporarySpec("a: " + String(repeating: "[", count: 100_000))
        let deepResult = try CLI.run(["check", deep])
        #expect(deepResult.status == 2)
        #expect(deepResult.stderr.contains("error:"))
    }

    @Test func checkAcceptsEveryShippedSpec() throws {
        let specs = try FileManager.default.contentsOfDirectory(atPath: PackagePaths.root + "/specs").filter { $0.hasSuffix(".yaml") }.sorted()
        #expect(!specs.isEmpty)
        let result = try CLI.run(["check"] + specs.map { "specs/" + $0 })
        #expect(result.status == 0, "\(result.stderr)")
    }
}
