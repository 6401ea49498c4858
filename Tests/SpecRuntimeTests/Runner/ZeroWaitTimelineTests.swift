import Foundation
import ScreenSpec
import SpecRuntime
import Testing

/// A `wait: 0ms` moves no time, so the time column cannot show it; the timeline shows it as a
/// step, where the work a step scheduled for that millisecond runs (a 0 ms call's answer), which
/// an `expect:` before it does not see (an eighth first user's T2).
@Suite struct ZeroWaitTimelineTests {
    @Test func aZeroWaitIsAStepOfTheTimelineBeforeTheAnswerItRuns() throws {
        let loaded = SpecLoader.load(text: """
            screen: Zero
            inputs:
              tap: event
            actions:
              shuffle:
                trigger: tap
                work: { call: shuffler.order }
            services:
              shuffler.order: { returns: "[Int]", latency: 0ms, result: [1, 3, 2] }
            scenarios:
              - name: s
                steps:
                  - send: tap
                  - expect: { shuffle.executing: true }
                  - wait: 0ms
                  - expect: { shuffle.elements: [1, 3, 2], shuffle.executing: false }
                  - wait: 10ms
            """, path: "t.yaml")
        let spec = try #require(loaded.spec, "\(loaded.renderDiagnostics())")
        let timeline = try #require(ScenarioRunner.runAll(spec).first)
        #expect(timeline.passed, "\(TimelineFormatter.text(timeline))")
        let lines = TimelineFormatter.text(timeline).split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        let wait = try #require(lines.firstIndex(of: "0ms  ▶ wait 0ms"), "\(lines)")
        let answer = try #require(lines.firstIndex { $0.hasPrefix("0ms  shuffle.elements") }, "\(lines)")
        #expect(wait < answer)
        // A wait that moves time is the time column's, not a line.
        #expect(!lines.contains { $0.contains("wait 10ms") })
    }
}
