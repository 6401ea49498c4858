import ScreenSpec
import SpecRuntime
import SpecTesting
import Testing

/// Where the timeline puts the disposal of an inner stream's source: RxSwift's `take` and an
/// inclusive `take(while:)` send their last element down, complete, and only then dispose their
/// source, so the `⊘ cancelled` line follows that element (an eleventh first user's 5); a switch
/// (`flatMapLatest` given a new element) disposes the old inner stream before the new one runs.
@Suite("The order of an inner stream's last element and its source's disposal")
struct InnerEndOrderTests {
    static func lines(_ yaml: String) throws -> [String] {
        let loaded = SpecLoader.load(text: yaml, path: "t.yaml")
        let spec = try #require(loaded.spec, "\(loaded.renderDiagnostics())")
        let text = TimelineFormatter.text(ScenarioRunner.run(spec, scenario: 0))
        return text.split(separator: "\n").dropFirst().map { $0.split(separator: " ").joined(separator: " ") }
    }

    @Test("take and an inclusive takeWhile: the element, then the cancelled source")
    func lastElementThenDisposal() throws {
        #expect(try Self.lines("""
            screen: T
            inputs:
              go: event
            outputs:
              taken: { stream: go, ops: [ { flatMapLatest: { interval: 100ms, ops: [ { take: 2 } ] } } ] }
              upTo: { stream: go, ops: [ { flatMapLatest: { interval: 100ms, ops: [ { takeWhile: { while: '$0 < 2', behavior: inclusive } } ] } } ] }
            scenarios:
              - name: s
                steps:
                  - send: go
                  - wait: 1s
            """) == [
            "0ms ▶ send go",
            "100ms taken 0", "100ms upTo 0",
            "200ms taken 1", "200ms taken ⊘ cancelled interval(100ms), subscribed at 0ms",
            "200ms upTo 1",
            "300ms upTo 2", "300ms upTo ⊘ cancelled interval(100ms), subscribed at 0ms",
        ])
    }

    /// RxSwift's `timeout` switches its subscription to the error, disposing the source first.
    @Test("a timeout: the cancelled call, then the error")
    func timeoutDisposesFirst() throws {
        #expect(try Self.lines("""
            screen: T
            inputs:
              go: event
            outputs:
              answer: { stream: go, ops: [ { flatMapLatest: { call: api.slow, ops: [ { timeout: 1s } ] } } ] }
            services:
              api.slow: { returns: Int, latency: 5s, result: 1 }
            scenarios:
              - name: s
                steps:
                  - send: go
                  - wait: 2s
            """) == [
            "0ms ▶ send go", "0ms api.slow ↗ ()",
            "1000ms answer ⊘ cancelled api.slow(), subscribed at 0ms", "1000ms answer.errors timeout",
        ])
    }

    @Test("a switch: the old inner stream is cancelled before the new one's element")
    func switchCancelsFirst() throws {
        #expect(try Self.lines("""
            screen: T
            inputs:
              go: Int
            outputs:
              latest: { stream: go, ops: [ { flatMapLatest: { interval: 100ms, ops: [ { map: $0 * 10 }, { startWith: -1 } ] } } ] }
            scenarios:
              - name: s
                steps:
                  - send: { go: 1 }
                  - wait: 150ms
                  - send: { go: 2 }
            """) == [
            "0ms ▶ send go = 1", "0ms latest -1",
            "100ms latest 0",
            "150ms ▶ send go = 2", "150ms latest ⊘ cancelled interval(100ms), subscribed at 0ms", "150ms latest -1",
        ])
    }
}
