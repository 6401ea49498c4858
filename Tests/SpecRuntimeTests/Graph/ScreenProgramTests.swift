import Foundation
import ScreenSpec
import SpecRuntime
import SpecTesting
import Testing

/// One compiled program shared by every run of a spec: no run may leave anything in it that
/// another sees (a scenario's service overrides, values, operator state).
@Suite("Compiled program shared by runs")
struct ScreenProgramTests {
    static let shippedSpecs: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: PackagePaths.specs)) ?? []
        return names.filter { $0.hasSuffix(".yaml") }.sorted().map { PackagePaths.specs + "/" + $0 }
    }()

    @Test(arguments: shippedSpecs)
    func everyScenarioOfOneProgramPlaysAsOnItsOwn(path: String) throws {
        let spec = try #require(SpecLoader.load(path: path).spec, "\(path) does not check")
        let alone = spec.scenarios.indices.map { TimelineFormatter.text(ScenarioRunner.run(spec, scenario: $0)) }
        let program = ScreenProgram(spec)
        // Backwards, then forwards again on the same program: each scenario sees the program as
        // compiled, whatever ran before it.
        var shared = [String](repeating: "", count: spec.scenarios.count)
        for s in spec.scenarios.indices.reversed() { shared[s] = TimelineFormatter.text(ScenarioRunner.run(program, scenario: s)) }
        #expect(shared == alone)
        let again = spec.scenarios.indices.map { TimelineFormatter.text(ScenarioRunner.run(program, scenario: $0)) }
        #expect(again == alone)
    }

    @Test func aScenariosServiceOverrideStaysWithItsRun() throws {
        let yaml = """
            screen: Greeting
            inputs:
              go: event
            services:
              greet:
                returns: String
                result: "hello"
            actions:
              load:
                trigger: go
                work: { call: greet }
            scenarios:
              - name: overridden
                services:
                  greet: { result: "bonjour" }
                steps:
                  - send: go
                  - wait: 1ms
                  - expect: { load.elements: "bonjour" }
              - name: as declared
                steps:
                  - send: go
                  - wait: 1ms
                  - expect: { load.elements: "hello" }
            """
        let loaded = SpecLoader.load(text: yaml, path: "g.yaml")
        let spec = try #require(loaded.spec, "\(loaded.renderDiagnostics())")
        let program = ScreenProgram(spec)
        let overridden = ScenarioRunner.run(program, scenario: 0)
        let declared = ScenarioRunner.run(program, scenario: 1)
        #expect(overridden.passed, "\(TimelineFormatter.text(overridden))")
        #expect(declared.passed, "\(TimelineFormatter.text(declared))")
        #expect(program.spec.services[0].results.count == 1)
    }

    @Test func graphsOfOneProgramKeepTheirOwnValues() throws {
        let yaml = """
            screen: Counter
            inputs:
              tap: event
            state:
              taps: { type: Int, initial: 0 }
            outputs:
              double: taps * 2
            handlers:
              - on: tap
                set: { taps: taps + 1 }
            """
        let spec = try #require(SpecLoader.load(text: yaml, path: "c.yaml").spec)
        let program = ScreenProgram(spec)
        let first = ScreenGraph(program: program)
        let second = ScreenGraph(program: program)
        first.start()
        second.start()
        let tap = try #require(spec.node(named: "tap"))
        let double = try #require(spec.node(named: "double"))
        first.send(tap)
        first.send(tap)
        second.send(tap)
        #expect(first.value(of: double) == .int(4))
        #expect(second.value(of: double) == .int(2))
        let third = ScreenGraph(program: program)
        third.start()
        #expect(third.value(of: double) == .int(0))
    }
}
