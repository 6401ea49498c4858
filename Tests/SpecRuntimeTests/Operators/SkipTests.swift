import SpecRuntime
import SpecTesting
import Testing

/// `skip`: Observable+SkipTests, by count and for a duration from the subscription.
@Suite("skip") struct SkipTests: OperatorTests {
    let ops = "- skip: 2"

    @Test func never() throws { #expect(try play(ops, .never) == []) }
    @Test func empty() throws { #expect(try play(ops, .empty) == [completed(300)]) }
    @Test func elements() throws { #expect(try play(ops, .elements) == [next(230, 3), next(240, 5), completed(300)]) }
    @Test func elementsThenError() throws { #expect(try play(ops, .elementsThenError) == [next(230, 3), next(240, 5), error(300)]) }
    @Test func disposedEarly() throws { #expect(try play(ops, .disposedEarly) == [next(230, 3), next(240, 5)]) }
    @Test func errorAtOnce() throws { #expect(try play(ops, .errorAtOnce) == [error(210)]) }

    // Observable+SkipTests test_Skip_Complete_Before: skip(3) passes the rest.
    @Test func completeBefore() throws {
        let xs = hot([(210, 9), (230, 13), (270, 7), (280, 1), (300, -1), (310, 3)])
        #expect(try record(spec("- skip: 3"), inputs: ["xs": xs]).events == [next(280, 1), next(300, -1), next(310, 3)])
    }

    // Observable+SkipTests test_Skip_Complete_After and test_Skip_Error_Before.
    @Test func completeAfterAndErrorBefore() throws {
        #expect(try record(spec("- skip: 17"), inputs: ["xs": takeSource]).events == [completed(690)])
        let failing = Array(takeSource.dropLast()) + [error(690)]
        #expect(try record(spec("- skip: 3"), inputs: ["xs": failing]).events == Array(takeAll.dropFirst(3)) + [error(690)])
    }

    // Observable+SkipTests testSkip_Time: a duration from the subscription.
    @Test func forADuration() throws {
        let source = hot([(210, 1), (220, 2), (230, 3), (240, 4)], completed: 250)
        #expect(try record(spec("- skip: 25ms"), inputs: ["xs": source]).events == [next(230, 3), next(240, 4), completed(250)])
    }

    // Observable+SkipTests testSkip_Some, _Late, _Error.
    @Test func durationCases() throws {
        let xs = hot([(210, 1), (220, 2)], completed: 230)
        #expect(try record(spec("- skip: 15ms"), inputs: ["xs": xs]).events == [next(220, 2), completed(230)])
        #expect(try record(spec("- skip: 50ms"), inputs: ["xs": xs]).events == [completed(230)])
        #expect(try record(spec("- skip: 50ms"), inputs: ["xs": hot([], error: 210)]).events == [error(210)])
    }
}
