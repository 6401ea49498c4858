import Foundation
import SpecTesting
import Testing

/// Replays docs/tutorial.md: each ```yaml block becomes the tutorial's `signup.yaml`, each ```sh
/// command runs the built binary in the tutorial's folder, and its output (standard output, then
/// standard error) and exit status must be the ```text block and the `# exits with N` shown.
@Suite("Tutorial")
struct TutorialTests {
    struct Step {
        var spec: String
        var command: [String]
        var status: Int32
        var output: String
        var line: Int
    }

    static func steps() throws -> [Step] {
        let text = try String(contentsOfFile: PackagePaths.root + "/docs/tutorial.md", encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var steps: [Step] = []
        var spec = ""
        var pending: (command: [String], status: Int32, line: Int)?
        var i = 0
        func block(from start: Int) -> (String, Int) {
            var body: [String] = []
            var j = start + 1
            while j < lines.count, !lines[j].hasPrefix("```") { body.append(lines[j]); j += 1 }
            return (body.isEmpty ? "" : body.joined(separator: "\n") + "\n", j + 1)
        }
        while i < lines.count {
            let line = lines[i]
            if line == "```yaml" || line == "```yaml invalid" {
                (spec, i) = block(from: i)
            } else if line == "```sh" {
                let (body, next) = block(from: i)
                let parts = body.trimmingCharacters(in: .whitespacesAndNewlines).components(separatedBy: "#")
                let words = parts[0].split(separator: " ").map(String.init)
                var status: Int32 = 0
                if parts.count > 1, let n = Int32(parts[1].replacingOccurrences(of: "exits with", with: "").trimmingCharacters(in: .whitespaces)) {
                    status = n
                }
                #expect(words.first == "specrun", "docs/tutorial.md:\(i + 1): a command runs specrun")
                pending = (Array(words.dropFirst()), status, i + 1)
                i = next
            } else if line == "```text", let command = pending {
                let (body, next) = block(from: i)
                steps.append(Step(spec: spec, command: command.command, status: command.status, output: body, line: command.line))
                pending = nil
                i = next
            } else {
                i += 1
            }
        }
        return steps
    }

    @Test func everyCommandPrintsWhatThePageShows() throws {
        let steps = try Self.steps()
        #expect(steps.count >= 8)
        #expect(steps.contains { $0.command.first == "test" && $0.command.contains("--update") })
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("specrun-tutorial-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for step in steps {
            try step.spec.write(toFile: folder + "/signup.yaml", atomically: true, encoding: .utf8)
            let result = try Self.run(step.command, in: folder)
            #expect(result.status == step.status, "docs/tutorial.md:\(step.line): 'specrun \(step.command.joined(separator: " "))' exited with \(result.status)")
            #expect(result.output == step.output, "docs/tutorial.md:\(step.line): 'specrun \(step.command.joined(separator: " "))' printed:\n\(result.output)")
        }
    }

    /// Runs the binary as a person would outside CI (snapshots are written, no colour): standard
    /// output, then standard error, as the page shows them.
    static func run(_ arguments: [String], in directory: String) throws -> (status: Int32, output: String) {
        let result = try CLI.run(arguments, in: directory)
        return (result.status, result.stdout + result.stderr)
    }
}
