import Foundation
import ScreenSpec
import SpecRuntime
import SpecTesting
import Testing

/// Issue 39: RxSwift's stopwatch, a stream that reacts to the state its own handler sets through a
/// request whose inner stream waits (`running.flatMapLatest { $0 ? .interval(100ms) : .empty() }`,
/// a subscriber that counts down and accepts `remaining > 0`), is feedback, not a cycle. Each
/// expected timeline is what RxSwift 6.10.2 gives on RxTest's `TestScheduler`, one tick a
/// millisecond (the comparison program is in the branch's report). State emits only on a change,
/// as `running.distinctUntilChanged()` does: ticks 0, 1, 2 at 100, 200 and 300, `running` false at
/// 300 and the interval disposed; `running` true again at 1000, ticks 0, 1, 2 a period after it,
/// at 1100, 1200 and 1300. An input property is the `BehaviorRelay` itself: each `accept(true)`
/// switches to a fresh interval, so every tick is a 0, at the same times.
@Suite("Feedback through a request whose inner stream waits")
struct StopwatchFeedbackTests {
    static let stopwatch = """
        screen: Stopwatch
        inputs:
          start: event
        state:
          running: { type: Bool, initial: true }
          remaining: { type: Int, initial: 3 }
        outputs:
          ticks:
            stream: running
            ops:
              - flatMapLatest: { if: $0, then: { interval: 100ms }, else: { empty } }
        handlers:
          - on: ticks
            set: { remaining: remaining - 1, running: remaining > 1 }
          - on: start
            set: { remaining: 3, running: "true" }
        """

    private static let rxSwift: [Recorded] = [next(100, 0), next(200, 1), next(300, 2), next(1100, 0), next(1200, 1), next(1300, 2)]

    @Test("the stopwatch stops itself after three ticks and starts again one period after 'running' turns true")
    func stopsItselfAndStartsAgain() throws {
        let r = try TimelineRecorder(Self.stopwatch)
        try r.wait(1000)
        #expect(r.recorded("ticks") == Array(Self.rxSwift.prefix(3)))
        #expect(r.recorded("running") == [next(0, true), next(300, false)])
        // The interval was disposed at 300, when the handler's write switched to 'empty'.
        #expect(r.cancellations("ticks") == ["300 interval(100ms), subscribed at 0ms"])
        r.send("start")
        try r.wait(1000)
        #expect(r.recorded("ticks") == Self.rxSwift)
        #expect(r.recorded("running") == [next(0, true), next(300, false), next(1000, true), next(1300, false)])
        #expect(r.recorded("remaining").map(\.time) == [0, 100, 200, 300, 1000, 1100, 1200, 1300])
        #expect(r.errors.isEmpty)
    }

    @Test("'running' as an input property, a relay: each write of true switches to a fresh interval, as RxSwift's relay does")
    func relayRestartsTheIntervalAtEachTick() throws {
        let r = try TimelineRecorder(Self.stopwatch.replacingOccurrences(of: "  start: event\nstate:\n  running: { type: Bool, initial: true }",
                                                                         with: "  start: event\n  running: { type: Bool, default: true }\nstate:"))
        try r.wait(1000)
        r.send("start")
        try r.wait(1000)
        #expect(r.recorded("ticks") == [next(100, 0), next(200, 0), next(300, 0), next(1100, 0), next(1200, 0), next(1300, 0)])
        #expect(r.cancellations("ticks").first == "100 interval(100ms), subscribed at 0ms")
    }

    @Test("a start while it runs changes nothing of the interval: 'running' stays true, so no switch")
    func startWhileRunning() throws {
        let r = try TimelineRecorder(Self.stopwatch)
        try r.wait(150)
        r.send("start")                      // remaining back to 3, running already true
        try r.wait(1000)
        #expect(r.recorded("ticks") == [next(100, 0), next(200, 1), next(300, 2), next(400, 3)])
        #expect(r.recorded("running") == [next(0, true), next(400, false)])
    }

    @Test("'flatMap' keeps each interval: the ticks of two that run interleave, and the switch to 'empty' disposes neither")
    func flatMapKeepsEachInterval() throws {
        // RxSwift: running.flatMap { $0 ? .interval(100ms).take(2) : .empty() }, a subscriber
        // accepting `false` after each tick, and `true` at 50 from outside.
        let r = try TimelineRecorder("""
            screen: S
            inputs:
              again: event
            state:
              running: { type: Bool, initial: true }
            outputs:
              ticks:
                stream: running
                ops:
                  - flatMap: { if: $0, then: { interval: 100ms }, else: { empty }, ops: [ { take: 2 } ] }
            handlers:
              - on: ticks
                set: { running: "false" }
              - on: again
                set: { running: "true" }
            """)
        try r.wait(50)
        #expect(r.recorded("ticks") == [])
        try r.wait(250)
        // The first interval ticks at 100 and 200; the write of false at 100 subscribes 'empty'.
        #expect(r.recorded("ticks") == [next(100, 0), next(200, 1)])
        r.send("again")                      // at 300: a second interval, ticks at 400 and 500
        try r.wait(500)
        #expect(r.recorded("ticks") == [next(100, 0), next(200, 1), next(400, 0), next(500, 1)])
    }

    @Test("the compiled program plays the same, and one whose inner stream answers at subscription is refused")
    func compiledRoundTrip() throws {
        let loaded = SpecLoader.load(text: Self.stopwatch, path: "t.yaml")
        let spec = try #require(loaded.spec, "\(loaded.renderDiagnostics())")
        let ticks = try #require(spec.node(named: "ticks")), running = try #require(spec.node(named: "running"))
        #expect(spec.rank[ticks] < spec.rank[running])
        let json = try CompiledSpec.json(spec)
        let compiled = try CompiledSpec.load(json: Data(json.utf8))
        let clock = VirtualClock()
        let graph = ScreenGraph(spec: compiled, clock: clock)
        var recorded: [Recorded] = []
        graph.onEmit = { if $0.node == ticks { recorded.append(next($0.time, $0.value)) } }
        graph.start()
        try graph.advance(by: 1000)
        graph.send(try #require(compiled.node(named: "start")))
        try graph.advance(by: 1000)
        #expect(recorded == Self.rxSwift)
        // A `timer: 0ms` emits in the instant it is subscribed: the stream may not come before its source.
        let due = json.replacingOccurrences(of: #""dueTime":100"#, with: #""dueTime":0"#)
        #expect(due != json)
        #expect(throws: CompiledSpecError.self) { try CompiledSpec.load(json: Data(due.utf8)) }
    }
}
