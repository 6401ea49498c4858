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

    /// Thousands pending at once (issue 20 item 3): every answer lands, once, and when the output
    /// ends the inner streams still running are cancelled in the order they were subscribed.
    @Test func manyPendingAtOnceLandAndAreCancelledInOrder() throws {
        let yaml = """
            screen: T
            inputs:
              go: Int
            services:
              echo: { returns: Int, params: { n: Int }, latency: 1s, result: 1, cases: [ { when: { n: 0 }, value: 0, latency: 2s } ] }
            outputs:
              total: { stream: go, ops: [ { flatMap: { call: echo, with: { n: $0 } } }, { scan: { seed: "0", accumulator: "$0 + $1" } } ] }
              first: { stream: go, ops: [ { flatMap: { call: echo, with: { n: $0 } } }, { take: 1 } ] }
            """
        let recorder = try TimelineRecorder(yaml)
        for k in 0..<3_000 { recorder.send("go", .int(k)) }
        try recorder.wait(3_000)
        // 2,999 answers of 1 at 1 s, and the slow 0 at 2 s.
        #expect(recorder.recorded("total").count == 3_000)
        #expect(recorder.recorded("total").last == next(2_000, 2_999))
        #expect(recorder.recorded("first") == [next(1_000, 1), completed(1_000)])
        // `take: 1` ended `first` at the first answer (for 1): every other call was still
        // running, the answers due at the same time included, and is cancelled in order.
        #expect(recorder.cancellations("first") == ([0] + Array(2..<3_000)).map { "1000 echo(n: \($0)), subscribed at 0ms" })
    }

    /// The output ending cancels what still runs, in subscription order.
    @Test func theOutputsEndCancelsInSubscriptionOrder() throws {
        let yaml = """
            screen: T
            inputs:
              go: Int
              stop: Void
            services:
              echo: { returns: Int, params: { n: Int }, latency: 1s, result: 1 }
            outputs:
              res: { stream: go, ops: [ { flatMap: { call: echo, with: { n: $0 } } }, { takeUntil: stop } ] }
            """
        let recorder = try TimelineRecorder(yaml)
        for k in [5, 3, 9, 1, 7, 2, 8] { recorder.send("go", .int(k)) }
        try recorder.wait(10)
        recorder.send("stop")
        try recorder.wait(2_000)
        #expect(recorder.recorded("res") == [completed(10)])
        #expect(recorder.cancellations("res") == [5, 3, 9, 1, 7, 2, 8].map { "10 echo(n: \($0)), subscribed at 0ms" })
    }
}
