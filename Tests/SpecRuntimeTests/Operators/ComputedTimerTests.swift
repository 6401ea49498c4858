import SpecRuntime
import SpecTesting
import Testing

/// An inner timer whose time is computed from the outer element, as RxSwift's
/// `xs.flatMapLatest { Observable<Int>.timer(.milliseconds($0 * 10), scheduler: scheduler) }`
/// (issue 39: `sleepMinutes.flatMapLatest { .timer(.seconds($0 * 60)) }`). RxTest's timelines,
/// less its one-tick processing delay for a due time in the past (docs: Departures from RxTest).
@Suite("Inner timers with a computed time") struct ComputedTimerTests: OperatorTests {
    // Each element arms a timer of ten times its value; the next element disposes it.
    let rearmed = "- flatMapLatest: { timer: { milliseconds: '$0 * 10' } }"

    @Test func never() throws { #expect(try play(rearmed, .never) == []) }
    @Test func empty() throws { #expect(try play(rearmed, .empty) == [completed(300)]) }
    // 2 at 210 (due 230), 3 at 220 (due 250), 3 at 230 (due 260), 5 at 240: due 290, the one that fires.
    @Test func elements() throws { #expect(try play(rearmed, .elements) == [next(290, 0), completed(300)]) }
    @Test func elementsThenError() throws { #expect(try play(rearmed, .elementsThenError) == [next(290, 0), error(300)]) }
    // Disposed at 290, as the last timer comes due.
    @Test func disposedEarly() throws { #expect(try play(rearmed, .disposedEarly) == []) }
    @Test func errorAtOnce() throws { #expect(try play(rearmed, .errorAtOnce) == [error(210)]) }

    // The sleep timer: a new number of minutes disposes the running timer and arms one of the new
    // length from that moment; the timeline names the disposed one by the time it computed.
    @Test func aNewElementReArmsTheTimerFromItsOwnTime() throws {
        let yaml = spec("- flatMapLatest: { timer: { seconds: '$0 * 60' } }")
        let minute = 60_000
        let r = try record(yaml, inputs: ["xs": hot([(210, 30), (210 + 20 * minute, 15)])], disposed: 210 + 40 * minute)
        #expect(r.events == [next(210 + 35 * minute, 0)])
        #expect(r.cancellations == ["\(210 + 20 * minute) timer(1800s), subscribed at 210ms"])
    }

    // `interval(.milliseconds(p)).take(2)`: the period follows the element that started it.
    @Test func intervalPeriodFollowsTheElement() throws {
        let yaml = spec("- flatMapLatest: { as: p, interval: { milliseconds: p }, ops: [ { take: 2 }, { map: 'p * 100 + $0' } ] }")
        let r = try record(yaml, inputs: ["xs": hot([(210, 10), (240, 25)], completed: 300)])
        #expect(r.events == [next(220, 1000), next(230, 1001), next(265, 2500), next(290, 2501), completed(300)])
    }

    // `timer(.milliseconds(d), period: .milliseconds(10))`: a computed due time beside a written
    // period, and the reverse.
    @Test func aComputedTimeBesideAWrittenOne() throws {
        let due = spec("- flatMap: { timer: { milliseconds: $0 }, period: 10ms, ops: [ { take: 3 } ] }")
        #expect(try record(due, inputs: ["xs": hot([(210, 5)])]).events == [next(215, 0), next(225, 1), next(235, 2)])
        let period = spec("- flatMap: { timer: 5ms, period: { milliseconds: $0 }, ops: [ { take: 3 } ] }")
        #expect(try record(period, inputs: ["xs": hot([(210, 20)])]).events == [next(215, 0), next(235, 1), next(255, 2)])
    }

    // A due time of 0 or below fires at once, as RxSwift's timer scheduled in the past does (on a
    // dispatch queue; RxTest adds its processing tick).
    @Test func aDueTimeOfZeroOrBelowFiresAtOnce() throws {
        let r = try record(spec(rearmed), inputs: ["xs": hot([(210, 0), (250, -3)])])
        #expect(r.events == [next(210, 0), next(250, 0)])
        #expect(r.cancellations.isEmpty)
    }

    // A period of 0 or below (RxSwift's dispatch timer repeats it every nanosecond, or traps) fails
    // the inner stream at its subscription: by default a failure on `res.errors`, and the output
    // goes on; with `failures: end` the output ends with it.
    @Test func aPeriodOfZeroOrBelowFailsTheInnerStream() throws {
        let passing = spec("- flatMapLatest: { interval: { milliseconds: $0 }, ops: [ { take: 1 } ] }")
        let inputs = ["xs": hot([(210, 0), (220, 10), (240, -1)], completed: 300)]
        #expect(try record(passing, inputs: inputs).events == [next(230, 0), completed(300)])
        let refusal = { (ms: Int) in
            Value.error(ErrorValue(.evaluation, message: "the period computed for 'interval' is \(ms)ms; a period is above 0ms"))
        }
        #expect(try record(passing, output: "res.errors", inputs: inputs).events == [next(210, refusal(0)), next(240, refusal(-1))])
        let ending = spec("- flatMapLatest: { interval: { milliseconds: $0 }, failures: end }")
        #expect(try record(ending, inputs: inputs).events.map(\.time) == [210])
        // `catchAndReturn` in the inner `ops:` catches it as any inner error.
        let caught = spec("- flatMapLatest: { interval: { milliseconds: $0 }, ops: [ { catchAndReturn: '-1' }, { take: 1 } ] }")
        #expect(try record(caught, inputs: inputs).events == [next(210, -1), next(230, 0), next(240, -1), completed(300)])
    }

    // A time longer than a spec may write (about 31 years) fails the inner stream too; the
    // multiplication into milliseconds never wraps around.
    @Test func aTimeLongerThanTheLongestFails() throws {
        let yaml = spec("- flatMap: { timer: { seconds: $0 }, failures: end }")
        let r = try record(yaml, inputs: ["xs": hot([(210, Int.max / 10)])])
        #expect(r.events == [.error(210, ErrorValue(.evaluation, message: "the due time computed for 'timer' is \(Int.max / 10) seconds; a timer waits at most 1000000000s"))])
    }

    // An expression that fails ends the output, as a throwing selector does (and as `just:`'s).
    @Test func aFailingExpressionEndsTheOutput() throws {
        let yaml = spec("- flatMapLatest: { timer: { milliseconds: '$0 > 0 ? $0 : fail(.http(500))' } }")
        #expect(try record(yaml, inputs: ["xs": hot([(210, 5), (212, -1)])]).events == [error(212)])
    }

    // `concatMap` computes the time when the element arrives (RxSwift's selector runs then), and
    // the timer counts from its own subscription, after the one before completes.
    @Test func concatMapCountsFromTheSubscription() throws {
        let yaml = spec("- concatMap: { as: n, timer: { milliseconds: '$0 * 10' }, ops: [ { map: 'n' } ] }")
        let r = try record(yaml, inputs: ["xs": hot([(210, 3), (215, 1)], completed: 220)])
        #expect(r.events == [next(240, 3), next(250, 1), completed(250)])
    }

    // `retry` resubscribes with the time computed for the element: the timer counts it again
    // (`timer(7).map { _ in throw testError }.retry(2)` errors at 217, then finally at 224).
    @Test func retryKeepsTheComputedTime() throws {
        let yaml = spec("- flatMapLatest: { timer: { milliseconds: $0 }, ops: [ { map: '$0 > 100 ? $0 : fail(.http(500))' }, { retry: 2 } ], failures: end }")
        #expect(try record(yaml, inputs: ["xs": hot([(210, 7)])]).events == [error(224)])
    }

    // A choice's branch computes its time as the request does.
    @Test func aBranchOfAChoice() throws {
        let yaml = spec("- flatMapLatest: { if: '$0 > 0', then: { timer: { milliseconds: $0 } }, else: { just: '-1' } }")
        #expect(try record(yaml, inputs: ["xs": hot([(210, 30), (220, 0), (230, 5)])]).events == [next(220, -1), next(235, 0)])
    }
}
