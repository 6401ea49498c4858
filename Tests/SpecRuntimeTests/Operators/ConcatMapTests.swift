import SpecRuntime
import SpecTesting
import Testing

/// `concatMap`: Observable+ConcatTests' order. A request per element, one at a time, the
/// others waiting their turn.
@Suite("concatMap") struct ConcatMapTests: OperatorTests {
    let ops = "- concatMap: { call: api.tenfold, with: { n: $0 } }"

    @Test func never() throws { #expect(try play(ops, .never, extra: MatrixServices.tenfold) == []) }
    @Test func empty() throws { #expect(try play(ops, .empty, extra: MatrixServices.tenfold) == [completed(300)]) }
    @Test func elements() throws {
        #expect(try play(ops, .elements, extra: MatrixServices.tenfold) == [next(225, 20), next(240, 30), next(255, 30), next(270, 50), completed(300)])
    }
    @Test func elementsThenError() throws {
        #expect(try play(ops, .elementsThenError, extra: MatrixServices.tenfold)
            == [next(225, 20), next(240, 30), next(255, 30), next(270, 50), error(300)])
    }
    @Test func disposedEarly() throws {
        #expect(try play(ops, .disposedEarly, extra: MatrixServices.tenfold) == [next(225, 20), next(240, 30), next(255, 30), next(270, 50)])
    }
    @Test func errorAtOnce() throws { #expect(try play(ops, .errorAtOnce, extra: MatrixServices.tenfold) == [error(210)]) }

    @Test func waitsForEachInnerStream() throws {
        let yaml = spec("- concatMap: { call: ys, with: { i: $0 } }", extra: """
            services:
              ys:
                returns: Int
                params: { i: Int }
                sequence: [ { at: 10ms, value: 1 }, { at: 150ms, value: 2 }, { at: 160ms, complete: true } ]
            """)
        let r = try record(yaml, inputs: ["xs": hot([(300, 0), (400, 1)], completed: 450)])
        #expect(r.events == [next(310, 1), next(450, 2), next(470, 1), next(610, 2), completed(620)])
    }

    // Inner streams that end as they are subscribed, thousands waiting: drained in a loop, not
    // by recursion. The first inner stream waits for its answer; once `armed`, each later one
    // ends at subscription (startWith, then take: 1).
    @Test func drainsManyWaitingInnerStreams() throws {
        let r = try TimelineRecorder("""
            screen: T
            inputs:
              xs: Int
              armed: { type: Bool, default: false }
            outputs:
              res:
                stream: xs
                ops:
                  - concatMap: { call: api.x, with: { n: $0 }, ops: [ { startWith: "0" }, { filter: armed }, { take: 1 } ] }
            services:
              api.x: { returns: Int, params: { n: Int }, latency: 10ms, result: 1 }
            """)
        for n in 0...5_000 { r.send("xs", .int(n)) }
        r.set("armed", .bool(true))
        r.graph.end(try r.node("xs"), .completed)
        try r.wait(10)
        #expect(r.recorded("res").compactMap(\.value).count == 5_001)
        #expect(r.recorded("res").last == completed(10))
        #expect(r.graph.streamEnd(of: try r.node("res")) == .completed)
    }
}
