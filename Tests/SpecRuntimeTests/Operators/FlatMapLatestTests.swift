import SpecRuntime
import SpecTesting
import Testing

/// `flatMapLatest`: Observable+SwitchTests (`flatMapLatest`). A request per element; a newer
/// element cancels the request in flight.
@Suite("flatMapLatest") struct FlatMapLatestTests: OperatorTests {
    let ops = "- flatMapLatest: { call: api.tenfold, with: { n: $0 } }"

    @Test func never() throws { #expect(try play(ops, .never, extra: MatrixServices.tenfold) == []) }
    @Test func empty() throws { #expect(try play(ops, .empty, extra: MatrixServices.tenfold) == [completed(300)]) }
    @Test func elements() throws { #expect(try play(ops, .elements, extra: MatrixServices.tenfold) == [next(255, 50), completed(300)]) }
    @Test func elementsThenError() throws { #expect(try play(ops, .elementsThenError, extra: MatrixServices.tenfold) == [next(255, 50), error(300)]) }
    @Test func disposedEarly() throws { #expect(try play(ops, .disposedEarly, extra: MatrixServices.tenfold) == [next(255, 50)]) }
    @Test func errorAtOnce() throws { #expect(try play(ops, .errorAtOnce, extra: MatrixServices.tenfold) == [error(210)]) }

    // A newer element disposes the request in flight, so the slow answer for 2 never lands.
    @Test func dropsStaleAnswers() throws {
        let latest = spec("- flatMapLatest: { call: api.square, with: { n: \"$0\" } }", extra: MatrixServices.square)
        let r = try record(latest, inputs: ["xs": hot([(300, 2), (400, 3), (500, 2), (550, 3)])])
        #expect(r.events == [next(420, 9), next(570, 9)])
    }

    // testFlatMapLatest_Data, with the cancelled subscriptions.
    @Test func data() throws {
        let yaml = spec("- flatMapLatest: { call: ys, with: { i: $0 }, failures: end }", extra: MatrixServices.innerStreams(final: "complete: true"))
        let r = try record(yaml, inputs: ["xs": MatrixServices.innerStreamsOuter])
        #expect(r.events == [next(310, 101), next(320, 102), next(410, 201), next(420, 202), next(430, 203), next(440, 204),
                             next(510, 301), next(520, 302), next(530, 303), next(540, 304), completed(650)])
        #expect(r.cancellations == ["400 ys(i: 0), subscribed at 300ms"])
    }

    // testFlatMapLatest_InnerThrows.
    @Test func innerThrows() throws {
        let yaml = spec("- flatMapLatest: { call: ys, with: { i: $0 }, failures: end }", extra: MatrixServices.innerStreams(final: "fail: http(500)"))
        let r = try record(yaml, inputs: ["xs": MatrixServices.innerStreamsOuter])
        #expect(r.events == [next(310, 101), next(320, 102), next(410, 201), next(420, 202), next(430, 203), next(440, 204), error(450)])
    }

    // Without `failures: end` an inner error travels as a failure and the output goes on.
    @Test func innerFailuresPassByDefault() throws {
        let yaml = spec("- flatMapLatest: { call: ys, with: { i: $0 } }", extra: MatrixServices.innerStreams(final: "fail: http(500)"))
        let r = try record(yaml, inputs: ["xs": MatrixServices.innerStreamsOuter])
        #expect(r.events.last == completed(650))
        let errors = try record(yaml, output: "res.errors", inputs: ["xs": MatrixServices.innerStreamsOuter])
        #expect(errors.events == [.next(450, .error(testError))])
    }

    // The "checking…" pattern: an inner request with its own operators.
    @Test func innerOperators() throws {
        let yaml = """
            screen: T
            inputs:
              name: String
            outputs:
              status:
                stream: name
                ops:
                  - flatMapLatest:
                      call: users.check
                      with: { name: $0 }
                      ops: [ { map: '$0 ? "available" : "taken"' }, { startWith: '"checking…"' } ]
            services:
              users.check: { returns: Bool, latency: 100ms, result: true, params: { name: String } }
            """
        let r = try record(yaml, output: "status", inputs: ["name": [.next(210, .string("ada"))]], order: ["name"])
        #expect(r.events == [next(210, "checking…"), next(310, "available")])
    }
}
