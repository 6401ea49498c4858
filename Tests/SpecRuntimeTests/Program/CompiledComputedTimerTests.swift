import Foundation
import ScreenSpec
import SpecRuntime
import SpecTesting
import Testing

/// Issue 39: an inner timer's time computed from the element compiles to a program (version 11:
/// `computed` of a `TimerPlan`, naming the request's argument and its unit) that plays as the
/// YAML does; a program whose computed time names no argument, a unit a spec has no word for, or
/// a stream's own timer computing its time, is refused where it is.
@Suite struct CompiledComputedTimerTests {
    static let sleep = """
        screen: Sleep
        inputs:
          minutes: Int
          ms: Int
        outputs:
          asleep:
            stream: minutes
            ops: [ { flatMapLatest: { timer: { seconds: "$0 * 60" } } } ]
          blinks:
            stream: ms
            ops: [ { flatMapLatest: { as: p, interval: { milliseconds: p }, ops: [ { take: 2 } ] } } ]
          clock: { interval: 1s }
        scenarios:
          - name: re-armed, and a period that fails
            steps:
              - send: { minutes: 2 }
              - wait: 1m
              - send: { minutes: 1 }
              - wait: 59s
              - send: { ms: 0 }
              - send: { ms: 300 }
              - wait: 1s
              - expect: { asleep: 0, blinks: 1 }
        """

    static func json() throws -> String {
        let loaded = SpecLoader.load(text: sleep, path: "sleep.yaml")
        return try CompiledSpec.json(try #require(loaded.spec, "\(loaded.renderDiagnostics())"))
    }

    @Test func computedTimesPlayAsTheirYAML() throws {
        let loaded = SpecLoader.load(text: Self.sleep, path: "sleep.yaml")
        let spec = try #require(loaded.spec, "\(loaded.renderDiagnostics())")
        let json = try CompiledSpec.json(spec)
        #expect(json.contains(#""computed":{"dueTime":{"argument":0,"unit":1000}}"#))
        #expect(json.contains(#""computed":{"dueTime":{"argument":0,"unit":1},"period":{"argument":0,"unit":1}}"#))
        let compiled = try CompiledSpec.load(json: Data(json.utf8))
        let played = ScenarioRunner.run(compiled, scenario: 0)
        #expect(played.passed, "\(TimelineFormatter.text(played))")
        let text = TimelineFormatter.text(played)
        #expect(text == TimelineFormatter.text(ScenarioRunner.run(spec, scenario: 0)))
        #expect(text.contains("⊘ cancelled timer(120s), subscribed at 0ms"))
        #expect(text.contains("evaluation(the period computed for 'interval' is 0ms; a period is above 0ms)"))
        #expect(try CompiledSpec.json(compiled) == json)
    }

    @Test func computedTimesTheRequestDoesNotHaveAreRefused() throws {
        let json = try Self.json()
        func reason(_ old: String, _ new: String) throws -> String {
            CompiledSpecRefusalTests.reason(try CompiledSpecRefusalTests.changed(json, old, new)) ?? "loaded"
        }
        // An argument the request does not compute.
        let beyond = try reason(#""computed":{"dueTime":{"argument":0,"unit":1000}}"#, #""computed":{"dueTime":{"argument":1,"unit":1000}}"#)
        #expect(beyond.hasSuffix("'flatMapLatest' names argument 1, but the program has 1 arguments"), "\(beyond)")
        // A unit a spec has no word for.
        let unit = try reason(#""dueTime":{"argument":0,"unit":1000}"#, #""dueTime":{"argument":0,"unit":60000}"#)
        #expect(unit.hasSuffix("'flatMapLatest' has an inner timer computing its time in units of 60000 ms; a spec names seconds (1000) or milliseconds (1)"), "\(unit)")
        // A value computed for no time: the timer reads its due time as written.
        let unused = try reason(#""computed":{"dueTime":{"argument":0,"unit":1000}},"#, "")
        #expect(unused.hasSuffix("'flatMapLatest' has 1 values for its inner timer's 0 computed times"), "\(unused)")
        // A computed period of a timer with none: one element, or a period?
        let periodless = try reason(#""dueTime":{"argument":0,"unit":1000}}"#, #""dueTime":{"argument":0,"unit":1000},"period":{"argument":0,"unit":1}}"#)
        #expect(periodless.hasSuffix("'flatMapLatest' has an inner timer that computes a period it does not have"), "\(periodless)")
        // A stream's own timer has no element to compute from.
        let own = try reason(#""timer":{"dueTime":1000,"period":1000}"#,
                             #""timer":{"computed":{"dueTime":{"argument":0,"unit":1}},"dueTime":1000,"period":1000}"#)
        #expect(own.hasSuffix("has a timer that computes its times, which only an inner timer does"), "\(own)")
    }
}
