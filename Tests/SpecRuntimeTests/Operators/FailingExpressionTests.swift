import SpecRuntime
import SpecTesting
import Testing

/// An operator's expression that fails ends the stream with an error event, as RxSwift ends a
/// stream whose `map`, `scan`, selector or `catch` closure throws (`testMap_Throws`,
/// `testScan_Seed_AccumulatorThrows`, `testCatch_HandlerThrows`, `testFlatMapLatest_SelectorThrows`).
/// `fail(ERROR)` throws the error it is given; an evaluation failure (overflow, division by zero)
/// ends it with an `evaluation` error and is also a runtime error line.
@Suite("failing expressions") struct FailingExpressionTests: OperatorTests {
    static let decode = ErrorValue(.decode)
    let xs = hot([(150, 1), (210, 2), (220, 3), (230, 4), (240, 5)], completed: 300)

    // testMap_Throws: the element that throws ends the stream; nothing after it.
    @Test func mapThrows() throws {
        let r = try record(spec("- map: \"$0 == 4 ? fail(.decode) : $0 + 1\""), inputs: ["xs": xs])
        #expect(r.events == [next(210, 3), next(220, 4), .error(230, Self.decode)])
    }

    // testScan_Seed_AccumulatorThrows.
    @Test func scanThrows() throws {
        let r = try record(spec("- scan: { seed: \"0\", accumulator: \"$1 == 4 ? fail(.decode) : $0 + $1\" }"), inputs: ["xs": xs])
        #expect(r.events == [next(210, 2), next(220, 5), .error(230, Self.decode)])
    }

    @Test func filterAndKeySelectorsThrow() throws {
        let filter = try record(spec("- filter: \"$0 == 3 ? fail(.http(409)) : true\""), inputs: ["xs": xs])
        #expect(filter.events == [next(210, 2), .error(220, ErrorValue(.http, status: 409))])
        let key = try record(spec("- distinctUntilChanged: \"$0 > 3 ? fail(.decode) : $0\""), inputs: ["xs": xs])
        #expect(key.events == [next(210, 2), next(220, 3), .error(230, Self.decode)])
    }

    // testCatch_HandlerThrows: the handler's own error ends the stream, where it used to complete.
    @Test func catchHandlerThrows() throws {
        let r = try record(spec("- catch: \"$0.kind == .http ? fail(.decode) : -1\""), inputs: ["xs": hot([(210, 2)], error: 230)])
        #expect(r.events == [next(210, 2), .error(230, Self.decode)])
        // A failure travelling as a value is caught the same way: the handler's error ends the stream.
        let caught = spec("- flatMapLatest: { call: api.square, with: { n: \"$0\" } }\n- catch: \"fail(.decode)\"", extra: MatrixServices.square)
        #expect(try record(caught, inputs: ["xs": hot([(210, 5), (300, 3)])]).events == [.error(260, Self.decode)])
    }

    // testFlatMapLatest_SelectorThrows: the inner stream in flight is cancelled and the output ends,
    // where it used to go on with the previous inner stream.
    @Test func flatMapLatestSelectorThrows() throws {
        let yaml = spec("- flatMapLatest: { call: api.square, with: { n: \"$0 == 3 ? fail(.decode) : $0\" } }", extra: MatrixServices.square)
        let r = try record(yaml, inputs: ["xs": hot([(210, 2), (300, 3)])])
        #expect(r.events == [.error(300, Self.decode)])
        #expect(r.cancellations == ["300 api.square(n: 2), subscribed at 210ms"])
    }

    /// An overflow is a failure of the evaluation itself: the stream ends with an `evaluation`
    /// error carrying the message, and the runtime error line is printed as before.
    @Test func anOverflowEndsTheStreamWithAnEvaluationError() throws {
        let recorder = try TimelineRecorder(spec("- map: \"$0 * 4611686018427387904\""))
        try recorder.hot("xs", [next(10, 1), next(20, 2), next(30, 0)])
        try recorder.wait(40)
        let message = "integer overflow in arithmetic on 2 and 4611686018427387904"
        #expect(recorder.recorded("res") == [next(10, 4_611_686_018_427_387_904), .error(20, ErrorValue(.evaluation, message: message))])
        #expect(recorder.errors.map(\.message) == ["'res' map: \(message)"])
    }

    /// Outside a stream `fail` is a run-time error line and the output keeps its value.
    @Test func outsideAStreamFailIsARuntimeError() throws {
        let recorder = try TimelineRecorder("""
            screen: T
            inputs:
              n: { type: Int, default: 1 }
            outputs:
              out: "n < 0 ? fail(.decode) : n"
            """)
        recorder.set("n", .int(-1))
        #expect(recorder.graph.value(of: try recorder.node("out")) == .int(1))
        #expect(recorder.errors.map(\.message).contains { $0.contains("'fail(.decode)'") })
    }
}
