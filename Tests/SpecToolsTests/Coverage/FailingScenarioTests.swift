import Foundation
import ScreenSpec
import SpecRuntime
@testable import SpecTools
import Testing

/// Coverage and mutation testing of a spec whose scenarios fail (the author's report, silent trap
/// 6): coverage reports the failing scenario, mutation refuses the spec.
@Suite("Failing scenarios in coverage and mutation")
struct FailingScenarioTests {
    private func write(_ yaml: String) throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("specrun-failing-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let path = dir.appendingPathComponent("f.yaml").path
        try yaml.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    private static func spec(expecting count: Int) -> String {
        """
        screen: Counter
        inputs:
          tap: event
        state:
          n: { type: Int, initial: 0 }
        handlers:
          - on: tap
            set: { n: n + 1 }
        invariants:
          small: n < 5
        scenarios:
          - name: counts
            steps:
              - send: tap
              - expect: { n: \(count) }
          - name: also counts
            steps:
              - send: tap
              - expect: { n: 1 }
        """
    }

    @Test func coverageReportsAFailingScenarioByNameWithItsFirstFailure() throws {
        let path = try write(Self.spec(expecting: 2))
        let report = CoverageReport.measure(specPaths: [path])
        let spec = try #require(report.specs.first)
        #expect(spec.failingScenarios.map(\.name) == ["counts"])
        #expect(spec.failingScenarios.first?.failure == "0ms ✗ expected n == 2, got 1 (\(path):15)")
        // What it exercised still counts; the failure is said, not hidden in a 100 %.
        #expect(spec.percent == 100)
        let text = CoverageText.render(report)
        #expect(text.contains("error: scenario 'counts' fails: 0ms ✗ expected n == 2, got 1"))
        #expect(text.contains(", 1 failing scenario\n"))
        #expect(CoverageJSON.render(report).contains("\"failingScenarios\" : [\n        {\n          \"failure\""))
    }

    @Test func coverageOfPassingScenariosReportsNoneFailing() throws {
        let report = CoverageReport.measure(specPaths: [try write(Self.spec(expecting: 1))])
        #expect(report.failingScenarios.isEmpty)
        let text = CoverageText.render(report)
        #expect(!text.contains("error:") && !text.contains("failing scenario"), "\(text)")
    }

    @Test func mutationRefusesASpecWithAFailingScenarioAtThatScenario() throws {
        let path = try write(Self.spec(expecting: 2))
        guard case .failure(let invalid) = MutationRun.run(specPath: path) else {
            Issue.record("mutation testing played a spec whose scenario fails")
            return
        }
        let d = try #require(invalid.loaded.diagnostics.first)
        #expect(d.id == "failing-scenario" && d.range.start == SpecLocation(line: 12, column: 5))
        #expect(d.message == "scenario 'counts' fails: 0ms ✗ expected n == 2, got 1 (\(path):15)")
        #expect(invalid.loaded.diagnostics.count == 1)
        // Standard output alone names the spec refused and why, and gives no score (a second first
        // user's CI log kept only "score 100.0%").
        let text = MutationText.render(MutationReport(specs: [], invalid: [invalid.loaded]))
        #expect(text == "\(path)\n  not mutated: \(d.message)\n\ntotal: no score: 1 spec not mutated\n", "\(text)")
        guard case .success = MutationRun.run(specPath: try write(Self.spec(expecting: 1))) else {
            Issue.record("a spec whose scenarios pass was refused")
            return
        }
    }
}
