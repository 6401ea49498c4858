import Foundation
import Testing

/// Runs the built `specrun` binary and captures its output and exit status.
struct CLI {
    static let root: String = "/" + #filePath.split(separator: "/").dropLast(3).joined(separator: "/")

    /// The binary next to the test bundle (the same build products directory), else `.build/debug`.
    static let binary: String = {
        let here = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for dir in [here, here.deletingLastPathComponent(), URL(fileURLWithPath: root + "/.build/debug")] {
            let candidate = dir.appendingPathComponent("specrun").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return root + "/.build/debug/specrun"
    }()

    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    static func run(_ arguments: [String], in directory: String = root, environment: [String: String] = [:]) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        var env = ProcessInfo.processInfo.environment
        env["NO_COLOR"] = "1"
        // A test says when it wants CI mode; CI's own `CI=true` must not turn every run into one.
        env["CI"] = nil
        for (k, v) in environment { env[k] = v }
        process.environment = env
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        // Read both pipes at once: a child blocked writing one would never close the other.
        nonisolated(unsafe) var stderr = Data()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            stderr = err.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
                      stderr: String(decoding: stderr, as: UTF8.self))
    }

    /// Writes `text` to a fresh temporary file and returns its path.
    static func temporarySpec(_ text: String, name: String = "spec.yaml") throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("specrun-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let path = dir.appendingPathComponent(name).path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }
}

@Suite("Command line")
struct CLITests {
    /// The login example of the design sketch, verbatim.
    static let sketchLogin = """
        screen: Login

        inputs:
          email:    { type: String, default: "" }     # a property: has a current value, two-way
          password: { type: String, default: "" }
          confirm:  event                            # a trigger: no value

        outputs:
          canLogin: email.count >= 10 && password.count >= 4

        actions:
          login:
            trigger: confirm
            enabledIf: canLogin
            work: { call: auth.signIn, with: { email: email, password: password } }

        services:
          auth.signIn:
            returns: Void
            latency: 5s

        scenarios:
          - name: signs in once the form is valid
            steps:
              - set: { email: "someone@example.com" }
              - expect: { canLogin: false }
              - set: { password: "hunter2" }
              - expect: { canLogin: true }
              - send: confirm
              - expect: { login.executing: true }
              - wait: 5s
              - expect: { login.executing: false }
        """

    @Test func runPrintsTheSketchTimeline() throws {
        let result = try CLI.run(["run", try CLI.temporarySpec(Self.sketchLogin)])
        #expect(result.status == 0)
        #expect(result.stdout == """
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
        let result = try CLI.run(["check", path])
        #expect(result.status == 2)
        #expect(result.stderr == """
            \(path):3:6: error: unknown name 'b'
              |
            3 |   a: b + 1
              |      ^

            \(path):4:9: error: expected an expression, found end of expression
              |
            4 |   c: 1 +
              |         ^
            2 errors in \(path)

            """)
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
        let specs = try FileManager.default.contentsOfDirectory(atPath: CLI.root + "/specs").filter { $0.hasSuffix(".yaml") }.sorted()
        #expect(!specs.isEmpty)
        let result = try CLI.run(["check"] + specs.map { "specs/" + $0 })
        #expect(result.status == 0, "\(result.stderr)")
    }
}
