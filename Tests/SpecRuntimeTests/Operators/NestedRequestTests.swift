import SpecRuntime
import SpecTesting
import Testing

/// A request inside an inner stream's `ops:` (W5 of the sixth user's report): RxSwift's
/// `active.flatMapLatest { $0 ? Observable<Int>.interval(.milliseconds(50), scheduler: s)
/// .flatMapFirst { api.get($0) } : .empty() }`. Disposing the outer inner stream disposes the
/// nested one and cancels its call; the nested request's errors travel as RxSwift's do.
@Suite("A request inside a request's ops") struct NestedRequestTests: OperatorTests {
    /// `api.get(n:)` answers `100 + n` after `latency`.
    func service(latency: Int = 30) -> String {
        """
        services:
          api.get:
            returns: Int
            params: { n: Int }
            latency: \(latency)ms
            cases:
              - { when: { n: 0 }, value: 100 }
              - { when: { n: 1 }, value: 101 }
              - { when: { n: 2 }, value: 102 }
              - { when: { n: 3 }, fail: http(500) }
            result: 0
        """
    }

    func poll(_ nested: String = "flatMapFirst: { call: api.get, with: { n: $0 } }", outer: String = "") -> String {
        "- flatMapLatest: { if: $0, then: { interval: 50ms, ops: [ { \(nested) } ] }, else: empty\(outer) }"
    }

    // The interval subscribed at 210 ticks at 260, 310, …; its first call (260, answering at 290)
    // is in flight when `false` comes at 275: `flatMapLatest` disposes the interval and the call
    // with it, so nothing lands at 290 (moved after the request, it would). Subscribed again at
    // 300, the calls of 350 and 400 land; 450's is cancelled by `false` at 460.
    @Test func goingInactiveCancelsTheCallInFlight() throws {
        let r = try record(spec(poll(), types: ["xs": "Bool"], extra: service()),
                           inputs: ["xs": [next(210, true), next(275, false), next(300, true), next(460, false)]])
        #expect(r.events == [next(380, 100), next(430, 101)])
        #expect(r.cancellations == [
            "275 interval(50ms), subscribed at 210ms", "275 api.get(n: 0), subscribed at 260ms",
            "460 interval(50ms), subscribed at 300ms", "460 api.get(n: 2), subscribed at 450ms",
        ])
    }

    // RxSwift's `flatMapFirst` inside: a call slower than the period drops the ticks that come
    // while it runs (310), and the next tick after its answer (360) calls again.
    @Test func aSlowCallDropsTicks() throws {
        let r = try record(spec(poll(), types: ["xs": "Bool"], extra: service(latency: 70)),
                           inputs: ["xs": [next(210, true), next(440, false)]])
        #expect(r.events == [next(330, 100), next(430, 102)])
        #expect(r.cancellations == ["440 interval(50ms), subscribed at 210ms"])
    }

    // `flatMapLatest` inside: each tick cancels the call of the tick before, which never answers
    // in time (latency 70ms, period 50ms); disposing the interval cancels the last one too.
    @Test func flatMapLatestInsideCancelsOnEachTick() throws {
        let r = try record(spec(poll("flatMapLatest: { call: api.get, with: { n: $0 } }"), types: ["xs": "Bool"], extra: service(latency: 70)),
                           inputs: ["xs": [next(210, true), next(330, false)]])
        #expect(r.events == [])
        #expect(r.cancellations == [
            "310 api.get(n: 0), subscribed at 260ms", "330 interval(50ms), subscribed at 210ms", "330 api.get(n: 1), subscribed at 310ms",
        ])
    }

    // `concatMap` inside keeps every tick's call, one at a time, as RxSwift's.
    @Test func concatMapInsideQueuesTheCalls() throws {
        let r = try record(spec(poll("concatMap: { call: api.get, with: { n: $0 } }"), types: ["xs": "Bool"], extra: service(latency: 70)),
                           inputs: ["xs": [next(210, true), next(400, false)]])
        // Calls at 260 (→330), 330 for tick 1 of 310 (→400: cancelled at 400, as `false` comes
        // first), tick 2 of 360 waiting.
        #expect(r.events == [next(330, 100)])
        #expect(r.cancellations == ["400 interval(50ms), subscribed at 210ms", "400 api.get(n: 1), subscribed at 330ms"])
    }

    // The nested request's `ops:` listen to the screen as the outer one's do: `ys` at 275 ends
    // the call of 260 alone; the interval goes on and the call of 310 lands.
    @Test func aNestedTakeUntilHearsTheScreen() throws {
        let r = try record(spec(poll("flatMapFirst: { call: api.get, with: { n: $0 }, ops: [ { takeUntil: ys } ] }"), types: ["xs": "Bool"], extra: service()),
                           inputs: ["xs": [next(210, true), next(350, false)], "ys": hot([(275, 1)])])
        #expect(r.events == [next(340, 101)])
        #expect(r.cancellations == ["275 api.get(n: 0), subscribed at 260ms", "350 interval(50ms), subscribed at 210ms"])
    }

    // With `failures: end` on both, as RxSwift's default: the call of tick 3 fails, ending the
    // nested request, the interval and the output with its error.
    @Test func anErrorEndsEveryLevelAsInRxSwift() throws {
        let r = try record(spec(poll("flatMapFirst: { call: api.get, with: { n: $0 }, failures: end }", outer: ", failures: end"),
                                types: ["xs": "Bool"], extra: service(latency: 10)),
                           inputs: ["xs": [next(210, true)]])
        #expect(r.events == [next(270, 100), next(320, 101), next(370, 102), error(420)])
        #expect(r.cancellations == ["420 interval(50ms), subscribed at 210ms"])
    }

    // Without `failures: end`, the failure travels to `res.errors` and the polling goes on.
    @Test func aFailurePassesAndThePollGoesOn() throws {
        let r = try record(spec(poll(), types: ["xs": "Bool"], extra: service(latency: 10)), inputs: ["xs": [next(210, true), next(480, false)]])
        #expect(r.events == [next(270, 100), next(320, 101), next(370, 102), next(470, 0)])
    }

    // The nested `with:` reads the screen's names, as the outer request's does, and the outer
    // element bound with `as:`.
    @Test func theNestedCallReadsTheScreenAndTheOuterElement() throws {
        let yaml = spec("- flatMapLatest: { as: on, if: on, then: { interval: 50ms, ops: [ { flatMapFirst: { call: api.get, with: { n: 'zs + (on ? 1 : 0)' } } } ] }, else: empty }",
                        types: ["xs": "Bool", "zs": "{ type: Int, default: 1 }"], extra: service())
        let r = try record(yaml, inputs: ["xs": [next(210, true), next(350, false)]])
        #expect(r.events == [next(290, 102), next(340, 102)])
    }
}
