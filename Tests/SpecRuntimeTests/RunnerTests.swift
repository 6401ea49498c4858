import ScreenSpec
@testable import SpecRuntime
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
        let spec = try #require(SpecLoader.load(path: packageRoot + "/specs/login.yaml").spec)
        #expect(ScenarioRunner.runAll(spec) == ScenarioRunner.runAll(spec))
    }

    @Test func jsonValuesFollowTheContract() {
        #expect(ValueFormatter.json(.void) == "null")
        #expect(ValueFormatter.json(.none) == "null")
        #expect(ValueFormatter.json(.list([.int(1), .double(2.5), .string("a\"b")])) == #"[1,2.5,"a\"b"]"#)
        #expect(ValueFormatter.json(.record(RecordValue(type: "R", fieldNames: ["x"], fields: [.bool(true)]))) == #"{"x":true}"#)
        #expect(ValueFormatter.json(.error(ErrorValue(.http, status: 404))) == #"{"error":"http","status":404}"#)
    }
}

let packageRoot: String = {
    var url = #filePath.split(separator: "/").dropLast(3).joined(separator: "/")
    url = "/" + url
    return url
}()
