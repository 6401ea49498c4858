import Foundation
import ScreenSpec
import SpecRuntime
import SpecTools
import Testing

/// A scenario a runtime budget stopped has no trustworthy timeline, so no snapshot is written.
@Suite("A stopped scenario is not recorded")
struct RunawaySnapshotTests {
    /// `--update` must not record a runaway timeline as the expected behaviour.
    @Test func aStoppedScenarioIsNeverRecordedAsASnapshot() throws {
        let yaml = """
            screen: R
            outputs:
              again: { stream: load.elements, ops: [ { delay: 0ms } ] }
            actions:
              load:
                trigger: again
                work: { call: api.get }
            services:
              api.get: { returns: Int, latency: 0ms, result: 1 }
            scenarios:
              - name: a
                steps:
                  - send: load
                  - wait: 1s
            """
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("runaway-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let spec = try #require(SpecLoader.load(text: yaml, path: folder + "/r.yaml").spec)
        let outcome = SnapshotSuite.check(spec, specPath: folder + "/r.yaml", scenario: 0, mode: .update)
        #expect(!outcome.wrote)
        #expect(outcome.writeError == "the scenario was stopped by a runaway limit, so its timeline is not recorded")
        #expect(!FileManager.default.fileExists(atPath: outcome.snapshotPath))
    }
}
