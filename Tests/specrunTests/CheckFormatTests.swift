import Foundation
import SpecTesting
import Testing

/// `specrun check --format json|sarif` and `specrun schema`, run as a tool would.
@Suite("Diagnostics and schema on the command line")
struct CheckFormatTests {
    static let twoMistakes = """
        screen: A
        inputs:
          email: { type: String, default: "" }
        outputs:
          ready: emial.isEmpty
        scenarios:
          - name: s
            steps:
              - wiat: 1s

        """

    @Test func jsonPrintsOneObjectPerDiagnosticOnStandardOutput() throws {
        let path = try CLI.temporarySpec(Self.twoMistakes)
        let result = try CLI.run(["check", "--format", "json", path])
        #expect(result.status == 2)
        #expect(result.stderr.isEmpty)
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 2)
        let ids = try lines.map { line in
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            #expect(object["file"] as? String == path)
            return object["id"] as? String
        }
        #expect(ids == ["unknown-name", "unknown-step"])
    }

    @Test func sarifIsOneLogForEveryFile() throws {
        let bad = try CLI.temporarySpec(Self.twoMistakes)
        let result = try CLI.run(["check", "--format", "sarif", bad, "specs/login.yaml"])
        #expect(result.status == 2)
        let log = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(log["version"] as? String == "2.1.0")
        let run = try #require((log["runs"] as? [[String: Any]])?.first)
        let results = try #require(run["results"] as? [[String: Any]])
        #expect(results.map { $0["ruleId"] as? String } == ["unknown-name", "unknown-step"])
        let valid = try CLI.run(["check", "--format", "sarif", "specs/login.yaml"])
        #expect(valid.status == 0)
        #expect(valid.stdout.contains("\"results\": []"))
    }

    @Test func schemaPrintsTheShippedFile() throws {
        let result = try CLI.run(["schema"])
        #expect(result.status == 0)
        let shipped = try String(contentsOfFile: PackagePaths.root + "/schema/spec.schema.json", encoding: .utf8)
        #expect(result.stdout == shipped)
    }
}
