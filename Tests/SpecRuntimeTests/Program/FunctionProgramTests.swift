import Foundation
import ScreenSpec
import SpecRuntime
import SpecTesting
import Testing

/// Issue 39: a call of a function of `functions:` compiles to its body, inlined: a compiled
/// program plays as its YAML does and knows nothing of functions.
@Suite struct FunctionProgramTests {
    static let stopwatch = """
        screen: Stopwatch
        functions:
          mmss: { params: { t: Int }, returns: String, body: 'String(format: "%02d:%02d", t / 60, t % 60)' }
          lap: { params: { n: Int, t: Int }, returns: String, body: '"Lap \\(n): \\(mmss(t))"' }
        inputs:
          elapsed: { type: Int, default: 0 }
          laps: { type: "[Int]", default: [] }
        outputs:
          clock: mmss(elapsed)
          lines: 'laps.map { lap(laps.count, $0) }'
          ticks: { stream: elapsed, ops: [ { map: 'mmss($0 * 2)' } ] }
        scenarios:
          - name: the same body at every call
            steps:
              - set: { elapsed: 75, laps: [65, 62] }
              - expect: { clock: "01:15", lines: ["Lap 2: 01:05", "Lap 2: 01:02"], ticks: "02:30" }
        """

    @Test func aCompiledProgramPlaysTheInlinedBodies() throws {
        let loaded = SpecLoader.load(text: Self.stopwatch, path: "stopwatch.yaml")
        let spec = try #require(loaded.spec, "\(loaded.renderDiagnostics())")
        let json = try CompiledSpec.json(spec)
        // Each call is the body run on a record of its arguments: no function is left to name.
        #expect(json.contains(#"{"optionalMap":{}}"#) && !json.contains("functions"))
        let compiled = try CompiledSpec.load(json: Data(json.utf8))
        let played = ScenarioRunner.run(compiled, scenario: 0)
        #expect(played.passed, "\(TimelineFormatter.text(played))")
        #expect(TimelineFormatter.text(played) == TimelineFormatter.text(ScenarioRunner.run(spec, scenario: 0)))
    }
}
