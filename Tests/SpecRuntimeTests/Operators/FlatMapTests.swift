import SpecRuntime
import SpecTesting
import Testing

/// `flatMap`: Observable+MergeTests' observable of observables. A request per element, every
/// answer kept as it comes; completes when `xs` and every request have.
@Suite("flatMap") struct FlatMapTests: OperatorTests {
    let ops = "- flatMap: { call: api.tenfold, with: { n: $0 } }"

    @Test func never() throws { #expect(try play(ops, .never, extra: MatrixServices.tenfold) == []) }
    @Test func empty() throws { #expect(try play(ops, .empty, extra: MatrixServices.tenfold) == [completed(300)]) }
    @Test func elements() throws {
        #expect(try play(ops, .elements, extra: MatrixServices.tenfold) == [next(225, 20), next(235, 30), next(245, 30), next(255, 50), completed(300)])
    }
    @Test func elementsThenError() throws {
        #expect(try play(ops, .elementsThenError, extra: MatrixServices.tenfold)
            == [next(225, 20), next(235, 30), next(245, 30), next(255, 50), error(300)])
    }
    @Test func disposedEarly() throws {
        #expect(try play(ops, .disposedEarly, extra: MatrixServices.tenfold) == [next(225, 20), next(235, 30), next(245, 30), next(255, 50)])
    }
    @Test func errorAtOnce() throws { #expect(try play(ops, .errorAtOnce, extra: MatrixServices.tenfold) == [error(210)]) }

    // Every answer lands when it comes, the slow one for 2 too (flatMapLatest drops it).
    @Test func keepsEveryAnswer() throws {
        let all = spec("- flatMap: { call: api.square, with: { n: \"$0\" } }", extra: MatrixServices.square)
        let r = try record(all, inputs: ["xs": hot([(300, 2), (400, 3), (500, 2), (550, 3)])])
        #expect(r.events == [next(420, 9), next(500, 4), next(570, 9), next(700, 4)])
    }

    // Observable+MergeTests testMerge_ObservableOfObservable_InnerThrows, as flatMap.
    @Test func innerThrows() throws {
        let yaml = spec("- flatMap: { call: ys, with: { i: $0 }, failures: end }", extra: MatrixServices.innerStreams(final: "fail: http(500)"))
        let r = try record(yaml, inputs: ["xs": MatrixServices.innerStreamsOuter])
        #expect(r.events == [next(310, 101), next(320, 102), next(410, 103), next(410, 201), next(420, 104), next(420, 202),
                             next(430, 203), next(440, 204), error(450)])
        #expect(r.cancellations == ["450 ys(i: 0), subscribed at 300ms"])
    }
}
