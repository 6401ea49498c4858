import SpecRuntime
import SpecTesting
import Testing

/// `throttle`: Observable+ThrottleTests. The first element at once, then at most one a period:
/// the latest (`latest: true`, the default) at the period's end, or none (`latest: false`).
@Suite("throttle") struct ThrottleTests: OperatorTests {
    let ops = "- throttle: 25ms"

    @Test func never() throws { #expect(try play(ops, .never) == []) }
    @Test func empty() throws { #expect(try play(ops, .empty) == [completed(300)]) }
    @Test func elements() throws { #expect(try play(ops, .elements) == [next(210, 2), next(235, 3), next(260, 5), completed(300)]) }
    @Test func elementsThenError() throws {
        #expect(try play(ops, .elementsThenError) == [next(210, 2), next(235, 3), next(260, 5), error(300)])
    }
    @Test func disposedEarly() throws { #expect(try play(ops, .disposedEarly) == [next(210, 2), next(235, 3), next(260, 5)]) }
    @Test func errorAtOnce() throws { #expect(try play(ops, .errorAtOnce) == [error(210)]) }

    private static let source: [(Int, Int)] = [(150, 1), (210, 2), (250, 3), (310, 4), (350, 5), (410, 6), (450, 7)]

    // Observable+ThrottleTests test_ThrottleTimeSpan_NoEnd and test_ThrottleTimeSpan_NotLatest_NoEnd.
    @Test func noEnd() throws {
        let xs = hot(Self.source)
        #expect(try record(spec("- throttle: 200ms"), inputs: ["xs": xs]).events == [next(210, 2), next(410, 6), next(610, 7)])
        #expect(try record(spec("- throttle: { for: 200ms, latest: false }"), inputs: ["xs": xs]).events == [next(210, 2), next(410, 6)])
    }

    // test_ThrottleTimeSpan_Completed: the completion waits for the pending element.
    @Test func completionWaitsForThePendingElement() throws {
        let r = try record(spec("- throttle: 200ms"), inputs: ["xs": hot(Self.source, completed: 500)])
        #expect(r.events == [next(210, 2), next(410, 6), next(610, 7), completed(610)])
    }

    @Test func completedAfterDueTime() throws {
        let r = try record(spec("- throttle: 200ms"), inputs: ["xs": hot(Self.source, completed: 900)])
        #expect(r.events == [next(210, 2), next(410, 6), next(610, 7), completed(900)])
    }

    @Test func errorDropsThePendingElement() throws {
        let r = try record(spec("- throttle: 200ms"), inputs: ["xs": hot([(150, 1), (210, 2), (250, 3), (310, 4), (350, 5)], error: 410)])
        #expect(r.events == [next(210, 2), error(410)])
    }

    @Test func notLatestCompleted() throws {
        let r = try record(spec("- throttle: { for: 200ms, latest: false }"), inputs: ["xs": hot(Self.source, completed: 500)])
        #expect(r.events == [next(210, 2), next(410, 6), completed(500)])
    }
}
