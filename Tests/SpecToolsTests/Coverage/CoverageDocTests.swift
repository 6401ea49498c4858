import Foundation
import SpecRuntime
import SpecTools
import SpecTesting
import Testing

/// docs/coverage.md shows what `specrun coverage` and `specrun mutate` print for its worked
/// example; each such output must be what the commands print for the spec shown just before it.
@Suite("Coverage documentation")
struct CoverageDocTests {
    @Test func theWorkedExampleShowsRealOutput() throws {
        let text = try String(contentsOfFile: PackagePaths.root + "/docs/coverage.md", encoding: .utf8)
        var lastSpec: String?
        var block: (fence: String, lines: [Substring])?
        var checked = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if var current = block {
                guard line.hasPrefix("```") else { current.lines.append(line); block = current; continue }
                block = nil
                if current.fence == "```yaml" { lastSpec = current.lines.joined(separator: "\n") + "\n"; continue }
                guard current.fence == "```text", let command = current.lines.first, command.hasPrefix("$ specrun "),
                      let spec = lastSpec else { continue }
                let expected = current.lines.dropFirst().joined(separator: "\n") + "\n"
                #expect(try run(String(command.dropFirst(2)), spec) == expected, "\(command)")
                checked += 1
            } else if line.hasPrefix("```") {
                block = (String(line), [])
            }
        }
        #expect(checked == 10)
    }

    /// `specrun coverage search.yaml` or `specrun mutate search.yaml` on `spec` written to the
    /// file the command names, as text without colour. Its snapshots are kept first, as the page
    /// says ("its snapshot is committed"): a scenario kills a mutant by its snapshot.
    private func run(_ command: String, _ spec: String) throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("specrun-doc-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let path = dir + "/" + (command.split(separator: " ").last.map(String.init) ?? "search.yaml")
        try spec.write(toFile: path, atomically: true, encoding: .utf8)
        _ = SnapshotSuite.verify(specPath: path, mode: .update)
        let output = command.hasPrefix("specrun coverage")
            ? CoverageText.render(CoverageReport.measure(specPaths: [path]))
            : MutationText.render(MutationRun.run(specPaths: [path]))
        return output.replacingOccurrences(of: dir + "/", with: "")
    }
}
