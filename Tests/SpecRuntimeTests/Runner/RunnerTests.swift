import ScreenSpec
import SpecRuntime
@testable import SpecRuntime
import SpecTesting
import Testing

@Suite("Scenario runner")
struct RunnerTests {
    private let yaml = """
        screen: Counter
        inputs:
          tap: event
        state:
          taps: { type: Int, initial: 0 }
        handlers:
          - on: tap
            set: { taps: taps + 1 }
        scenarios:
          - name: counts taps
            steps:
              - send: tap
              - wait: 250ms
              - send: tap
              - expect: { taps: 3 }
        """

    @Test func recordsStepsEmissionsAndFailuresWithTheirLine() throws {
        let spec = try #require(SpecLoader.load(text: yaml, path: "c.yaml").spec)
        let timeline = ScenarioRunner.run(spec, scenario: 0)
        #expect(TimelineFormatter.text(timeline) == """
            Counter › counts taps
                 0ms  taps              0
                 0ms  ▶ send tap
                 0ms  taps              1
               250ms  ▶ send tap
               250ms  taps              2
               250ms  ✗ expected taps == 3, got 2  (c.yaml:15)

            """)
        #expect(!timeline.passed)
        #expect(TimelineFormatter.jsonLines(timeline).split(separator: "\n").last ==
            #"{"type":"failure","scenario":"counts taps","time_ms":250,"failure":"expected taps == 3, got 2","line":15}"#)
    }

    @Test func twoRunsAreIdentical() throws {
        let spec = try #require(SpecLoader.load(path: PackagePaths.root + "/specs/login.yaml").spec)
        #expect(ScenarioRunner.runAll(spec) == ScenarioRunner.runAll(spec))
    }

    @Test func jsonValuesFollowTheContract() {
        #expect(ValueFormatter.json(.void) == "null")
        #expect(ValueFormatter.json(.none) == "null")
        #expect(ValueFormatter.json(.list([.int(1), .double(2.5), .string("a\"b")])) == #"[1,2.5,"a\"b"]"#)
        #expect(ValueFormatter.json(.record(RecordValue(type: "R", fieldNames: ["x"], fields: [.bool(true)]))) == #"{"x":true}"#)
        #expect(ValueFormatter.json(.error(ErrorValue(.http, status: 404))) == #"{"error":"http","status":404}"#)
    }

    @Test func endsAndCancellationsInTextAndJSON() throws {
        let yaml = """
            screen: Ends
            inputs:
              n: Int
            outputs:
              firstTwo: { stream: n, ops: [ { take: 2 } ] }
              doubled: { stream: n, ops: [ { map: "$0 * 2" } ] }
              slow: { stream: n, ops: [ { flatMapLatest: { call: api.slow, with: { n: $0 } } } ] }
            services:
              api.slow: { returns: Int, params: { n: Int }, latency: 100ms, result: 7 }
            scenarios:
              - name: ends
                steps:
                  - send: { n: 1 }
                  - send: { n: 2 }
                  - expect: { firstTwo: completed, doubled: 4 }
                  - fail: { n: http(500) }
                  - expect: { doubled: { error: http(500) }, n: { error: http(500) } }
                  - expect: { slow: completed }
            """
        let spec = try #require(SpecLoader.load(text: yaml, path: "e.yaml").spec)
        let timeline = ScenarioRunner.run(spec, scenario: 0)
        #expect(TimelineFormatter.text(timeline) == """
            Ends › ends
                 0ms  ▶ send n = 1
                 0ms  firstTwo          1
                 0ms  doubled           2
                 0ms  api.slow          ↗ (n: 1)
                 0ms  ▶ send n = 2
                 0ms  firstTwo          2
                 0ms  firstTwo          ✓ completed
                 0ms  doubled           4
                 0ms  slow              ⊘ cancelled api.slow(n: 1), subscribed at 0ms
                 0ms  api.slow          ↗ (n: 2)
                 0ms  ▶ fail n with http(500)
                 0ms  doubled           ✗ error http(500)
                 0ms  slow              ⊘ cancelled api.slow(n: 2), subscribed at 0ms
                 0ms  slow              ✗ error http(500)
                 0ms  ✗ expected slow completed, got error http(500)  (e.yaml:18)

            """)
        let json = TimelineFormatter.jsonLines(timeline).split(separator: "\n")
        #expect(json.first == #"{"type":"scenario","format":"specrun-timeline","version":1,"screen":"Ends","scenario":"ends"}"#)
        #expect(json.contains(#"{"type":"completed","scenario":"ends","time_ms":0,"output":"firstTwo","completed":true}"#))
        #expect(json.contains(#"{"type":"call","scenario":"ends","time_ms":0,"service":"api.slow","arguments":{"n":2}}"#))
        #expect(json.contains(#"{"type":"error","scenario":"ends","time_ms":0,"output":"doubled","error":{"error":"http","status":500}}"#))
        #expect(json.contains(#"{"type":"cancelled","scenario":"ends","time_ms":0,"output":"slow","cancelled":"api.slow(n: 1), subscribed at 0ms"}"#))
    }
}
