import Foundation
import ScreenSpec
import SpecRuntime
@testable import SpecRuntime
@testable import SpecTools
import SpecTesting
import Testing

@Suite("Writing a counterexample into a spec")
struct SpecAppenderTests {
    private let item = "  - name: \"new\"\n    steps:\n      - send: tap\n"

    @Test func theScenarioGoesAtTheEndOfScenariosIndentedLikeTheOthers() throws {
        let text = "screen: S\nscenarios:\n- name: old\n  steps: []\n\ninvariants:\n  ok: true\n"
        let out = try SpecAppender.inserting(item, into: text).get()
        #expect(out == "screen: S\nscenarios:\n- name: old\n  steps: []\n\n- name: \"new\"\n  steps:\n    - send: tap\n\ninvariants:\n  ok: true\n")
    }

    @Test func aSpecWithoutScenariosGetsTheSection() throws {
        let out = try SpecAppender.inserting(item, into: "screen: S\n").get()
        #expect(out == "screen: S\n\nscenarios:\n" + item)
    }

    @Test func aFlowListIsLeftAlone() {
        #expect((try? SpecAppender.inserting(item, into: "screen: S\nscenarios: []\n").get()) == nil)
    }

    @Test func writeIsWholeOrNothing() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("explore-append-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/checkout.yaml"
        try RaceSpecs.checkout.write(toFile: path, atomically: true, encoding: .utf8)
        let spec = try RaceSpecs.load(RaceSpecs.checkout, path: path)
        let cx = try #require(Explorer.explore(spec, options: ExploreOptions()).counterexample)
        let written = try SpecAppender.append(cx, toSpecAt: path).get()
        #expect(written.scenarios.count == 2)
        let index = try #require(written.scenarios.firstIndex { $0.name == cx.scenarioName })
        #expect(!ScenarioRunner.run(written, scenario: index).passed)
        // A second append of the same name would not check: the file stays as it was.
        let before = try String(contentsOfFile: path, encoding: .utf8)
        #expect((try? SpecAppender.append(cx, toSpecAt: path).get()) == nil)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == before)
    }
}
