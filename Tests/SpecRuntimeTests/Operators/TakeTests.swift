import SpecRuntime
import SpecTesting
import Testing

/// The seventeen elements of RxSwift's Observable+TakeTests after the subscription, completed at 690.
let takeSource = hot([(70, 6), (150, 4), (210, 9), (230, 13), (270, 7), (280, 1), (300, -1), (310, 3), (340, 8), (370, 11),
                      (410, 15), (415, 16), (460, 72), (510, 76), (560, 32), (570, -100), (580, -3), (590, 5), (630, 10)],
                     completed: 690)

/// What a subscriber at 200 sees of `takeSource`'s elements.
let takeAll = [next(210, 9), next(230, 13), next(270, 7), next(280, 1), next(300, -1), next(310, 3), next(340, 8), next(370, 11),
               next(410, 15), next(415, 16), next(460, 72), next(510, 76), next(560, 32), next(570, -100), next(580, -3),
               next(590, 5), next(630, 10)]

/// `take`: Observable+TakeTests, by count and for a duration from the subscription.
@Suite("take") struct TakeTests: OperatorTests {
    let ops = "- take: 2"

    @Test func never() throws { #expect(try play(ops, .never) == []) }
    @Test func empty() throws { #expect(try play(ops, .empty) == [completed(300)]) }
    @Test func elements() throws { #expect(try play(ops, .elements) == [next(210, 2), next(220, 3), completed(220)]) }
    @Test func elementsThenError() throws { #expect(try play(ops, .elementsThenError) == [next(210, 2), next(220, 3), completed(220)]) }
    @Test func disposedEarly() throws { #expect(try play(ops, .disposedEarly) == [next(210, 2), next(220, 3), completed(220)]) }
    @Test func errorAtOnce() throws { #expect(try play(ops, .errorAtOnce) == [error(210)]) }

    // Observable+TakeTests testTake_Complete_After.
    @Test func completeAfter() throws {
        #expect(try record(spec("- take: 20"), inputs: ["xs": takeSource]).events == takeAll + [completed(690)])
    }

    // Observable+TakeTests testTake_Complete_Same.
    @Test func completeSame() throws {
        #expect(try record(spec("- take: 17"), inputs: ["xs": takeSource]).events == takeAll + [completed(630)])
    }

    // Observable+TakeTests testTake_Complete_Before.
    @Test func completeBefore() throws {
        #expect(try record(spec("- take: 10"), inputs: ["xs": takeSource]).events == Array(takeAll.prefix(10)) + [completed(415)])
    }

    @Test func zeroCompletesAtSubscription() throws {
        #expect(try record(spec("- take: 0"), inputs: ["xs": takeSource]).events == [completed(200)])
    }

    // Observable+TakeTests testTake_Error_Before: an error before the count passes.
    @Test func errorBefore() throws {
        let r = try record(spec("- take: 3"), inputs: ["xs": hot([(210, 9), (230, 13)], error: 250)])
        #expect(r.events == [next(210, 9), next(230, 13), error(250)])
    }

    // Observable+TakeTests testTake_TakeTime: a duration from the subscription.
    @Test func forADuration() throws {
        let source = hot([(210, 1), (220, 2), (230, 3), (240, 4)], completed: 250)
        #expect(try record(spec("- take: 25ms"), inputs: ["xs": source]).events == [next(210, 1), next(220, 2), completed(225)])
    }

    // Observable+TakeTests testTake_Some, _TakeLate, _TakeTwice1.
    @Test func durationCases() throws {
        let xs = hot([(210, 1), (220, 2)], completed: 230)
        #expect(try record(spec("- take: 25ms"), inputs: ["xs": hot([(210, 1), (220, 2), (230, 3)], completed: 240)]).events
            == [next(210, 1), next(220, 2), completed(225)])
        #expect(try record(spec("- take: 50ms"), inputs: ["xs": xs]).events == [next(210, 1), next(220, 2), completed(230)])
        let twice = hot([(210, 1), (220, 2), (230, 3), (240, 4), (250, 5), (260, 6)], completed: 270)
        #expect(try record(spec("- take: 55ms\n- take: 35ms"), inputs: ["xs": twice]).events
            == [next(210, 1), next(220, 2), next(230, 3), completed(235)])
    }

    // Count and duration over the same source (Observable+SkipTests' timeline).
    @Test func takeTwo() throws {
        let xs = hot([(210, 9), (230, 13), (270, 7), (280, 1), (300, -1), (310, 3)])
        #expect(try record(spec(ops), inputs: ["xs": xs]).events == [next(210, 9), next(230, 13), completed(230)])
    }
}
