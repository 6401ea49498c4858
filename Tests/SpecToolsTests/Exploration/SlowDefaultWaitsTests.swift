import Foundation
import ScreenSpec
@testable import SpecRuntime
import SpecTesting
@testable import SpecTools
import Testing

/// A search whose waits are the defaults says when a scenario's long wait beside a fast timer
/// makes it slow (a tenth first user's T8: three of four screens explored at a few hundred
/// states a second until `waits:` was listed; docs/explore.md had the fix, they met it first).
@Suite("Exploration's note on slow default waits")
struct SlowDefaultWaitsTests {
    static let stopwatch = """
        screen: Stopwatch
        inputs:
          toggle: event
        state:
          running: { type: Bool, initial: false }
          elapsed: { type: Int, initial: 0 }
        outputs:
          tick:
            stream: running
            ops:
              - flatMapLatest:
                  if: $0
                  then: { interval: 100ms }
                  else: { empty }
        handlers:
          - on: toggle
            set: { running: '!running' }
          - on: tick
            set: { elapsed: elapsed + 100 }
        scenarios:
          - name: counts for a minute
            steps:
              - send: toggle
              - wait: 61s
              - expect: { elapsed: 61000 }
        """

    static func spec(_ text: String) throws -> CheckedSpec {
        let loaded = SpecLoader.load(text: text, path: "stopwatch.yaml")
        return try #require(loaded.spec, "\(loaded.renderDiagnostics())")
    }

    @Test func aLongDefaultWaitBesideAFastTimerIsNoted() throws {
        let spec = try Self.spec(Self.stopwatch)
        #expect(spec.explore.waitsByDefault)
        let slow = try #require(SlowDefaultWaits.of(spec))
        #expect(slow.wait == 61_000 && slow.period == 100 && slow.ticks == 610)
        var options = ExploreOptions()
        options.depth = 2
        let result = Explorer.explore(spec, options: options)
        let text = ExploreReport.summary(result)
        #expect(text.contains("note: the waits are the defaults, up to 61s (a scenario's 'wait:'); with a timer every 100ms, one move that waits it runs about 610 ticks"), "\(text)")
        #expect(text.contains("'waits: [0ms, 100ms, 1s]'"), "\(text)")
    }

    @Test func listedWaitsOrNoFastTimerSayNothing() throws {
        let listed = try Self.spec(Self.stopwatch.replacingOccurrences(of: "scenarios:", with: "explore:\n  waits: [0ms, 100ms, 1s]\nscenarios:"))
        #expect(!listed.explore.waitsByDefault)
        #expect(SlowDefaultWaits.of(listed) == nil)
        // A wait under a hundred ticks of the timer is no note.
        let short = try Self.spec(Self.stopwatch.replacingOccurrences(of: "wait: 61s", with: "wait: 9s").replacingOccurrences(of: "elapsed: 61000", with: "elapsed: 9000"))
        #expect(SlowDefaultWaits.of(short) == nil)
        let noTimer = try Self.spec("""
            screen: Plain
            inputs:
              n: { type: Int, default: 0 }
            outputs:
              twice: n * 2
            scenarios:
              - name: s
                steps:
                  - wait: 600s
            """)
        #expect(SlowDefaultWaits.of(noTimer) == nil)
    }

    @Test func aRowsTimerCountsAndTheCompiledProgramKeepsTheDefault() throws {
        let spec = try Self.spec(Self.stopwatch)
        let compiled = try CompiledSpec.load(json: Data(try CompiledSpec.json(spec).utf8))
        #expect(compiled.explore.waitsByDefault)
        #expect(SlowDefaultWaits.of(compiled) == SlowDefaultWaits.of(spec))
        let workout = try #require(DocExample.all().first { $0.text.hasPrefix("screen: Workout\n") && $0.text.contains("stream: isCurrent") })
        let rows = try Self.spec(workout.text)
        #expect(SlowDefaultWaits.shortestPeriod(rows) == 1000)
    }
}
