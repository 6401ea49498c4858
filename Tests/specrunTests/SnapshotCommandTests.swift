import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import SpecTesting
import Testing
@testable import SpecrunCLI

/// Runs the built `specrun` binary in a temporary folder holding `specs/login.yaml`, a copy of
/// the fixture `Fixtures/login.yaml` (the three-scenario login screen, frozen so that these tests
/// do not change whenever the shipped example grows).
@Suite struct SnapshotCommandTests {
    let workspace: Workspace
    var folder: String { workspace.folder }

    init() throws {
        workspace = try Workspace()
    }

    private var snapshots: String { folder + "/specs/__snapshots__/login" }
    private let valid = "signs-in-once-the-form-is-valid.timeline"
    private let tooShort = "a-too-short-form-keeps-the-button-disabled.timeline"
    private let secondTap = "a-second-tap-while-signing-in-is-refused.timeline"

    private func run(_ arguments: [String], environment: [String: String] = [:]) throws -> CommandResult {
        try workspace.run(arguments, environment: environment)
    }

    private func inode(_ name: String) throws -> Int {
        try #require(try FileManager.default.attributesOfItem(atPath: snapshots + "/" + name)[.systemFileNumber] as? Int)
    }

    private func editSpec(_ from: String, _ to: String) throws {
        let path = folder + "/specs/login.yaml"
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.contains(from))
        try text.replacingOccurrences(of: from, with: to).write(toFile: path, atomically: true, encoding: .utf8)
    }

    private func snapshotFiles() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: snapshots)) ?? []).sorted()
    }

    @Test func firstRunRecordsTheCommittedSnapshotsThenPasses() throws {
        let first = try run(["test"])
        #expect(first.status == 0)
        #expect(first.stdout == """
            NEW      specs/login.yaml › signs in once the form is valid
                     wrote specs/__snapshots__/login/\(valid)
            NEW      specs/login.yaml › a too-short form keeps the button disabled
                     wrote specs/__snapshots__/login/\(tooShort)
            NEW      specs/login.yaml › a second tap while signing in is refused
                     wrote specs/__snapshots__/login/\(secondTap)
            3 passed, 0 failed

            """)
        // Each snapshot is a two-line header and then exactly what `specrun run` prints.
        let scenarios = ["signs in once the form is valid", "a too-short form keeps the button disabled",
                         "a second tap while signing in is refused"]
        for (name, scenario) in zip([valid, tooShort, secondTap], scenarios) {
            let timeline = try run(["run", "specs/login.yaml", "--scenario", scenario]).stdout
            #expect(try String(contentsOfFile: snapshots + "/" + name, encoding: .utf8)
                == "# spec: login.yaml\n# scenario: \(scenario)\n" + timeline)
        }
        let inodes = try [valid, tooShort, secondTap].map(inode)
        let second = try run(["test", "specs/login.yaml"])
        #expect(second.status == 0)
        #expect(second.stdout.split(separator: "\n").map { String($0.prefix(5)) } == ["PASS ", "PASS ", "PASS ", "3 pas"])
        #expect(second.lastLine == "3 passed, 0 failed")
        #expect(try [valid, tooShort, secondTap].map(inode) == inodes)
    }

    @Test func changedBehaviorFailsWithADiffAndUpdateAcceptsOnlyThat() throws {
        _ = try run(["test"])
        let before = try String(contentsOfFile: snapshots + "/" + valid, encoding: .utf8)
        let untouched = try inode(tooShort)
        try editSpec("latency: 5s", "latency: 4s")

        let failed = try run(["test"])
        #expect(failed.status == 1)
        #expect(failed.stdout.contains("""
            FAIL     specs/login.yaml › signs in once the form is valid
                     snapshot differs; outputs changed: login.elements at 4000ms, 5000ms; login.executing at 4000ms, 5000ms; login.enabled at 4000ms, 5000ms
                     --- specs/__snapshots__/login/\(valid) (snapshot)
                     +++ specs/__snapshots__/login/\(valid) (actual)
                     @@ -12,6 +12,6 @@
                           0ms  login.executing   true
                           0ms  login.enabled     false
                           0ms  auth.signIn       ↗ (email: "someone@example.com", password: "hunter2")
                     -  5000ms  login.elements    ()
                     -  5000ms  login.executing   false
                     -  5000ms  login.enabled     true
                     +  4000ms  login.elements    ()
                     +  4000ms  login.executing   false
                     +  4000ms  login.enabled     true
                     new timeline kept for review in specs/__snapshots__/login/\(valid).new
            PASS     specs/login.yaml › a too-short form keeps the button disabled
            FAIL     specs/login.yaml › a second tap while signing in is refused
            """))
        #expect(failed.lastLine == "1 passed, 2 failed")
        #expect(try String(contentsOfFile: snapshots + "/" + valid, encoding: .utf8) == before)

        let updated = try run(["test", "--update"])
        #expect(updated.status == 0)
        #expect(updated.stdout.split(separator: "\n").filter { !$0.hasPrefix(" ") }.map(String.init) == [
            "UPDATED  specs/login.yaml › signs in once the form is valid",
            "PASS     specs/login.yaml › a too-short form keeps the button disabled",
            "UPDATED  specs/login.yaml › a second tap while signing in is refused",
            "3 passed, 0 failed",
        ])
        #expect(try inode(tooShort) == untouched)
        #expect(try run(["test"]).status == 0)
    }

    @Test(arguments: [["CI": "true"], ["CI": "1"], ["CI": "yes"]])
    func ciNeverWritesAndMissingSnapshotsFail(_ environment: [String: String]) throws {
        let result = try run(["test"], environment: environment)
        #expect(result.status == 1)
        #expect(result.stdout.hasPrefix("""
            NEW      specs/login.yaml › signs in once the form is valid
                     missing specs/__snapshots__/login/\(valid); CI never writes snapshots: run 'specrun test' locally and commit it

            """))
        #expect(result.lastLine == "0 passed, 3 failed")
        #expect(!FileManager.default.fileExists(atPath: folder + "/specs/__snapshots__"))
    }

    @Test func ciFlagNeverWritesEvenWithUpdateFromTheEnvironmentSide() throws {
        #expect(try run(["test", "--ci"]).status == 1)
        let ignored = try run(["test", "--update", "--prune"], environment: ["CI": "true"])
        #expect(ignored.status == 1)
        #expect(ignored.stderr.contains("nothing is written or deleted"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/specs/__snapshots__"))
    }

    @Test(arguments: ["false", "0", "FALSE", ""])
    func ciSetToFalseStillWrites(_ value: String) throws {
        let result = try run(["test"], environment: ["CI": value])
        #expect(result.status == 0)
        #expect(snapshotFiles().count == 3)
    }

    @Test func anInvalidSpecExitsTwoAndTheOthersStillRun() throws {
        try "screen: Bad\noutputs:\n  x: nope + 1\n".write(toFile: folder + "/specs/bad.yaml", atomically: true, encoding: .utf8)
        let result = try run(["test"])
        #expect(result.status == 2)
        #expect(result.stdout.hasPrefix("INVALID  specs/bad.yaml (its diagnostics are on standard error)\nNEW      specs/login.yaml"))
        #expect(result.stderr.contains("specs/bad.yaml:3:6: error: unknown name 'nope'"))
        // Named as invalid, not counted as a failed scenario.
        #expect(result.lastLine == "3 passed, 0 failed, 1 invalid spec")
        #expect(snapshotFiles().count == 3)
    }

    @Test func obsoleteSnapshotsAreListedAndPrunedOnlyWhenAsked() throws {
        _ = try run(["test"])
        try editSpec("name: a second tap while", "name: a 2nd tap while")
        let listed = try run(["test"])
        #expect(listed.status == 0)
        #expect(listed.stdout.contains("""
            obsolete snapshot specs/__snapshots__/login/\(secondTap)
            1 obsolete snapshot (its spec or scenario was renamed or removed); 'specrun test --prune' deletes it
            3 passed, 0 failed
            """))
        #expect(snapshotFiles().contains(secondTap))

        let pruned = try run(["test", "--prune"])
        #expect(pruned.status == 0)
        #expect(pruned.stdout.contains("deleted obsolete snapshot specs/__snapshots__/login/\(secondTap)\n3 passed, 0 failed\n"))
        #expect(snapshotFiles() == ["a-2nd-tap-while-signing-in-is-refused.timeline", tooShort, valid])
    }

    @Test func filterSkipsTheOtherScenarios() throws {
        let result = try run(["test", "--filter", "second tap"])
        #expect(result.status == 0)
        #expect(result.lastLine == "1 passed, 0 failed, 2 skipped")
        #expect(snapshotFiles() == [secondTap])
    }

    @Test func junitGoesToAFileWithTheTextReportOnStandardOutput() throws {
        _ = try run(["test"])
        try editSpec("latency: 5s", "latency: 4s")
        let result = try run(["test", "--reporter", "junit", "--output", "report.xml"])
        #expect(result.status == 1)
        #expect(result.lastLine == "1 passed, 2 failed")
        let xml = try String(contentsOfFile: folder + "/report.xml", encoding: .utf8)
        #expect(xml.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"specrun\" tests=\"3\" failures=\"2\" errors=\"0\" skipped=\"0\" time=\""))
        #expect(xml.range(of: #"<testcase classname="specs/login.yaml" name="a too-short form keeps the button disabled" file="specs/login.yaml" line="36" time="\d+\.\d{3}"/>"#,
                          options: .regularExpression) != nil)
        #expect(xml.contains("<failure message=\"snapshot differs; outputs changed: login.elements at 4000ms, 5000ms;"))
        #expect(xml.contains("-  5000ms  login.enabled     true\n+  4000ms  login.elements    ()"))
        let parsed = XMLParser(data: Data(xml.utf8))
        #expect(parsed.parse())
    }

    @Test func jsonHasOneObjectPerScenario() throws {
        try "screen: Bad\noutputs:\n  x: nope + 1\n".write(toFile: folder + "/specs/bad.yaml", atomically: true, encoding: .utf8)
        let result = try run(["test", "--reporter", "json"])
        #expect(result.status == 2)
        let objects = try result.stdout.split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        #expect(objects.map { $0["status"] as? String ?? "-" } == ["invalid", "new", "new", "new", "-"])
        #expect(objects.map { $0["type"] as? String ?? "-" } == ["invalid", "scenario", "scenario", "scenario", "summary"])
        #expect(objects[1]["scenario"] as? String == "signs in once the form is valid")
        #expect(objects[4]["passed"] as? Int == 3 && objects[4]["failed"] as? Int == 1)
        // The JSON summary counts the invalid spec as a failure; the human line names it.
        #expect(result.stderr.hasSuffix("3 passed, 0 failed, 1 invalid spec\n"))
    }

    @Test func ciEnvironmentValues() {
        #expect(Test.isCI("true") && Test.isCI("1") && Test.isCI("yes") && Test.isCI("True"))
        #expect(!Test.isCI(nil) && !Test.isCI("") && !Test.isCI("false") && !Test.isCI("FALSE") && !Test.isCI("0"))
    }

    @Test func contradictoryFlagsAreUsageErrors() {
        #expect(throws: (any Error).self) { try Test.parse(["--ci", "--update"]) }
        #expect(throws: (any Error).self) { try Test.parse(["--ci", "--prune"]) }
        #expect(throws: (any Error).self) { try Test.parse(["--output", "x.xml"]) }
        #expect(throws: (any Error).self) { try Test.parse(["--reporter", "tap"]) }
        #expect(throws: Never.self) { try Test.parse(["--reporter", "junit", "--output", "x.xml", "specs"]) }
    }
}
