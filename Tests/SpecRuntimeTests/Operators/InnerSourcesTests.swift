import SpecRuntime
import SpecTesting
import Testing

/// A request's inner stream made by RxSwift's creation operators instead of a service call:
/// `just`, `empty`, `never`, `error`, `timer` and `interval` (Observable+JustTests,
/// Observable+EmptyTests, Observable+NeverTests, Observable+TimerTests, inside
/// Observable+SwitchTests' `flatMapLatest` and Observable+MergeTests' `flatMap`/`concatMap`).
@Suite("Inner streams that are not calls") struct InnerSourcesTests: OperatorTests {
    // `xs.flatMapLatest { Observable.just($0 * 10) }`: each element at once, the output
    // completing with the outer stream.
    let just = "- flatMapLatest: { just: '$0 * 10' }"

    @Test func never() throws { #expect(try play(just, .never) == []) }
    @Test func empty() throws { #expect(try play(just, .empty) == [completed(300)]) }
    @Test func elements() throws {
        #expect(try play(just, .elements) == [next(210, 20), next(220, 30), next(230, 30), next(240, 50), completed(300)])
    }
    @Test func elementsThenError() throws {
        #expect(try play(just, .elementsThenError) == [next(210, 20), next(220, 30), next(230, 30), next(240, 50), error(300)])
    }
    @Test func disposedEarly() throws { #expect(try play(just, .disposedEarly) == [next(210, 20), next(220, 30), next(230, 30), next(240, 50)]) }
    @Test func errorAtOnce() throws { #expect(try play(just, .errorAtOnce) == [error(210)]) }

    // `just` completes at once, so `concatMap` never has one waiting, and no inner stream is
    // ever cancelled.
    @Test func justCompletesAtOnce() throws {
        let r = try record(spec("- concatMap: { just: '$0', ops: [ { startWith: '0' } ] }"), inputs: ["xs": hot([(210, 1), (210, 2)], completed: 220)])
        #expect(r.events == [next(210, 0), next(210, 1), next(210, 0), next(210, 2), completed(220)])
        #expect(r.cancellations.isEmpty)
    }

    // `flatMap { _ in Observable<Int>.empty() }`: nothing but the outer completion.
    @Test func emptyOnlyCompletes() throws {
        #expect(try play("- flatMap: { empty }", .elements) == [completed(300)])
        #expect(try play("- flatMap: empty", .elements) == [completed(300)])
    }

    // `flatMapLatest { _ in Observable<Int>.never() }`: the switch waits for the inner stream,
    // which never ends, so the output never completes; each element disposes the one before.
    @Test func neverNeverEnds() throws {
        let r = try record(spec("- flatMapLatest: never"), inputs: ["xs": MatrixSource.elements.events])
        #expect(r.events == [])
        #expect(r.cancellations == ["220 never, subscribed at 210ms", "230 never, subscribed at 220ms", "240 never, subscribed at 230ms"])
        // The outer error disposes the inner stream running.
        let failed = try record(spec("- flatMapLatest: { never }"), inputs: ["xs": MatrixSource.elementsThenError.events])
        #expect(failed.events == [error(300)])
        #expect(failed.cancellations.last == "300 never, subscribed at 240ms")
    }

    // `flatMapLatest { _ in Observable<Int>.error(testError) }`: with `failures: end` the first
    // element's inner error ends the output, as in RxSwift; by default each is a failure on
    // `res.errors` and the output goes on.
    @Test func errorEndsOrPasses() throws {
        #expect(try play("- flatMapLatest: { error: '.http(500)', failures: end }", .elements) == [error(210)])
        let passing = spec("- flatMapLatest: { error: '.http(500)' }")
        let inputs = ["xs": MatrixSource.elements.events]
        #expect(try record(passing, inputs: inputs).events == [completed(300)])
        #expect(try record(passing, output: "res.errors", inputs: inputs).events == [210, 220, 230, 240].map { .next($0, .error(testError)) })
    }

    // The error's value is computed per element, reading `$0`.
    @Test func errorReadsTheElement() throws {
        let yaml = spec("- flatMap: { error: '.http(400 + $0)', failures: end }")
        #expect(try record(yaml, inputs: ["xs": hot([(210, 4)])]).events == [.error(210, ErrorValue(.http, status: 404))])
    }

    // The countdown of issue 39: `flatMapLatest { _ in Observable<Int>.interval(10).take(3) }`.
    // The interval counts from the subscription, not from the screen's start; the switch disposes
    // the running one; `take` disposes the last one after its third tick.
    @Test func intervalFollowsTheElementAndStopsAfterTake() throws {
        let yaml = spec("- flatMapLatest: { interval: 10ms, ops: [ { take: 3 } ] }")
        let r = try record(yaml, inputs: ["xs": hot([(215, 1), (237, 2)], completed: 300)])
        #expect(r.events == [next(225, 0), next(235, 1), next(247, 0), next(257, 1), next(267, 2), completed(300)])
        #expect(r.cancellations == ["237 interval(10ms), subscribed at 215ms", "267 interval(10ms), subscribed at 237ms"])
    }

    // Without an end of its own the interval keeps the output running after the outer completion.
    @Test func intervalKeepsTheOutputRunning() throws {
        let yaml = spec("- flatMapLatest: { interval: 100ms }")
        let r = try record(yaml, inputs: ["xs": hot([(250, 1)], completed: 260)])
        #expect(r.events == (0..<7).map { next(350 + 100 * $0, $0) })
    }

    // `Observable.timer(20)`: 0 once, then the inner completion; `concatMap` subscribes the next
    // one only then, so the second timer starts at 230, not at 215.
    @Test func concatMapWaitsForEachTimer() throws {
        let yaml = spec("- concatMap: { timer: 20ms, as: n, ops: [ { map: 'n * 10 + $0' } ] }")
        let r = try record(yaml, inputs: ["xs": hot([(210, 1), (215, 2)], completed: 220)])
        #expect(r.events == [next(230, 10), next(250, 20), completed(250)])
    }

    // `flatMap` runs both timers at once.
    @Test func flatMapRunsTimersTogether() throws {
        let yaml = spec("- flatMap: { timer: 20ms, as: n, ops: [ { map: 'n * 10 + $0' } ] }")
        let r = try record(yaml, inputs: ["xs": hot([(210, 1), (215, 2)], completed: 220)])
        #expect(r.events == [next(230, 10), next(235, 20), completed(235)])
    }

    // `Observable.timer(5, period: 10)`: 0 after the due time, then every period.
    @Test func timerWithAPeriod() throws {
        let yaml = spec("- flatMapLatest: { timer: 5ms, period: 10ms, ops: [ { take: 3 } ] }")
        let r = try record(yaml, inputs: ["xs": hot([(210, 1)], completed: 220)])
        #expect(r.events == [next(215, 0), next(225, 1), next(235, 2), completed(235)])
    }

    // `retry` inside the inner stream resubscribes to the timer, which counts again from the
    // resubscription: `timer(10).map { _ in throw testError }.retry(2)` errors at 220 and 230.
    @Test func retryRestartsTheTimer() throws {
        let yaml = spec("- flatMapLatest: { timer: 10ms, ops: [ { map: '$0 > 100 ? $0 : fail(.http(500))' }, { retry: 2 } ], failures: end }")
        let r = try record(yaml, inputs: ["xs": hot([(210, 1)])])
        #expect(r.events == [error(230)])
        let once = spec("- flatMapLatest: { timer: 10ms, ops: [ { map: '$0 > 100 ? $0 : fail(.http(500))' }, { retry: 1 } ], failures: end }")
        #expect(try record(once, inputs: ["xs": hot([(210, 1)])]).events == [error(220)])
    }

    // `Observable<Int>.interval(10).map { $0 == 1 ? throw testError : $0 }.retry(2)`: the retry
    // starts the interval again at 0 and the old one ticks no more (RxSwift: 0 at 220, 0 at 240,
    // the error at 250).
    @Test func retryRestartsAPeriodicTimer() throws {
        let yaml = spec("- flatMapLatest: { interval: 10ms, ops: [ { map: '$0 == 1 ? fail(.http(500)) : $0' }, { retry: 2 } ], failures: end }")
        #expect(try record(yaml, inputs: ["xs": hot([(210, 1)])]).events == [next(220, 0), next(240, 0), error(250)])
    }

    // The next tick is on the clock before this one is delivered, as RxSwift's
    // `SchedulePeriodicRecursive` does: a `debounce` of the period is replaced by every tick, so
    // `interval(100).debounce(100)` emits nothing.
    @Test func theNextTickComesBeforeWhatThisOneScheduled() throws {
        let yaml = spec("- flatMapLatest: { interval: 100ms, ops: [ { debounce: 100ms } ] }")
        #expect(try record(yaml, inputs: ["xs": hot([(210, 1)])]).events == [])
    }

    // `Observable.error(testError).retry(3)` ends with the error after three subscriptions, all at
    // once; `.retry()` loops forever in RxSwift, and here ends after `retriesAtOnce` with an
    // `evaluation` error saying so (a departure, docs/spec-language.md), with no recursion.
    @Test func aRetryOfAnErrorAtOnceEnds() throws {
        let finite = spec("- flatMapLatest: { error: '.http(500)', ops: [ { retry: 3 } ], failures: end }")
        #expect(try record(finite, inputs: ["xs": hot([(210, 1)])]).events == [error(210)])
        let forever = spec("- flatMapLatest: { error: '.http(500)', ops: [ retry ], failures: end }")
        let events = try record(forever, inputs: ["xs": hot([(210, 1)])]).events
        #expect(events.count == 1 && events.first?.time == 210)
        guard case .error(let e)? = events.first?.event else {
            Issue.record("expected an error, got \(events)")
            return
        }
        #expect(e.kind == .evaluation && (e.message ?? "").contains("resubscribed 100000 times at one instant"))
    }
}
