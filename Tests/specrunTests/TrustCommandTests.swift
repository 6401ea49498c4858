import Foundation
import Testing

/// `specrun coverage` and `specrun mutate` as a person runs them: exit codes, formats, `--min`,
/// `--output`, invalid specs.
@Suite("Coverage and mutate commands")
struct TrustCommandTests {
    @Test func mutateListsTheThresholdSurvivorOfTheWeakLogin() throws {
        let path = try CLI.temporarySpec(CLITests.sketchLogin, name: "login.yaml")
        let result = try CLI.run(["mutate", path])
        #expect(result.status == 0)
        #expect(result.stdout.contains("\(path):9:28: survived in 'canLogin': email.count >= 10 -> email.count >= 3\n"
            + "      should have been caught by: 'signs in once the form is valid'\n"))
        #expect(try CLI.run(["mutate", path, "--min", "100"]).status == 1)
        let json = try CLI.run(["mutate", path, "--format", "json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect((object["scored"] as? Int ?? 0) > (object["killed"] as? Int ?? 0))
    }

    @Test func coverageWritesLcovToAFileAndHonoursMin() throws {
        let path = try CLI.temporarySpec(CLITests.sketchLogin, name: "login.yaml")
        let report = (path as NSString).deletingLastPathComponent + "/coverage.lcov"
        let result = try CLI.run(["coverage", path, "--format", "lcov", "--output", report])
        #expect(result.status == 0 && result.stdout.isEmpty)
        let lcov = try String(contentsOfFile: report, encoding: .utf8)
        #expect(lcov.hasPrefix("TN:\nSF:\(path)\n") && lcov.hasSuffix("end_of_record\n"))
        let text = try CLI.run(["coverage", path, "--min", "100"])
        #expect(text.status == 1)
        #expect(text.stdout.contains("\(path):12:3: never 'login.errors' emits a failure of the work"))
        #expect(text.stderr.contains("is below the minimum 100.0%"))
    }

    @Test func invalidSpecsExitTwoWithLocatedDiagnostics() throws {
        let broken = try CLI.temporarySpec("screen: S\noutputs:\n  a: b + 1\n")
        for command in ["coverage", "mutate"] {
            let result = try CLI.run([command, broken])
            #expect(result.status == 2, "\(command)")
            #expect(result.stderr.contains("\(broken):3:6: error: unknown name 'b'"), "\(command)")
        }
        let stale = try CLI.temporarySpec(CLITests.sketchLogin + """

            equivalentMutants:
              - { in: canLogin, change: "10 -> 12", reason: "no such mutant" }
            """)
        let result = try CLI.run(["mutate", stale])
        #expect(result.status == 2)
        #expect(result.stderr.contains("error: no mutant of 'canLogin' makes the change '10 -> 12'"))
        #expect(try CLI.run(["mutate", stale, "--min", "101"]).status == 64)
        let checked = try CLI.run(["check", stale])
        #expect(checked.status == 2 && checked.stderr.contains("error: no mutant of 'canLogin' makes the change '10 -> 12'"))
    }

    @Test func theShippedSpecsKillEveryMutant() throws {
        let result = try CLI.run(["mutate", "--min", "100"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(!result.stdout.contains("survived"))
    }
}

extension TrustCommandTests {
    /// The lcov report is one lcov itself reads: `lcov --summary` counts a branch per coverage item
    /// and a line per YAML line with items. lcov comes from Debian's `lcov` package (`.ci/run`
    /// installs it); without it this test warns, and in CI it fails.
    @Test func lcovReadsTheLcovReport() throws {
        guard let lcov = ["/usr/bin/lcov", "/usr/local/bin/lcov"].first(where: FileManager.default.isExecutableFile) else {
            let message = "lcov is not installed ('apt-get install lcov'), so the lcov report was not validated"
            if TrustCommandTests.inCI { Issue.record(Comment(rawValue: message)) } else { FileHandle.standardError.write(Data("warning: \(message)\n".utf8)) }
            return
        }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("specrun-lcov-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let report = dir + "/specs.lcov"
        #expect(try CLI.run(["coverage", "--format", "lcov", "--output", report]).status == 0)
        let json = try CLI.run(["coverage", "--format", "json"])
        let total = try #require((try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])?["total"] as? Int)

        let process = Process()
        process.executableURL = URL(fileURLWithPath: lcov)
        process.arguments = ["--summary", report, "--rc", "lcov_branch_coverage=1"]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = out
        try process.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(text)")
        #expect(text.contains("branches...: 100.0% (\(total) of \(total) branches)"), "\(text)")
    }
}

extension TrustCommandTests {
    /// `CI` set to anything but empty, `false` or `0`, as `specrun test` reads it.
    static var inCI: Bool {
        guard let value = ProcessInfo.processInfo.environment["CI"]?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { return false }
        return !["false", "0"].contains(value.lowercased())
    }
}
