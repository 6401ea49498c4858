import SpecRuntime
import SpecTesting
import Testing

/// A request's own `ops:` that listen to the screen (issue 20 item 1) and read the element that
/// started the call (issue 27 item 3). Each inner stream subscribes to the nodes its operators
/// listen to when it starts, as RxSwift's operators inside a `flatMapLatest` closure do: a hot
/// input's earlier elements are not replayed to it, a property's current value is (a
/// `BehaviorSubject`). The timelines below are RxSwift's for the same hot inputs and cold inner
/// observables, worked out from its operators (one RxTest tick is one millisecond; the graph
/// subscribes at 200).
@Suite("requests that listen to the screen") struct InnerListeningTests: OperatorTests {
    /// `up(n:)`: progress 10, 50, 100 at 50, 100, 150 ms after the call, completed with the last.
    let upload = """
        services:
          up:
            returns: Int
            params: { n: Int }
            sequence: [ { at: 50ms, value: 10 }, { at: 100ms, value: 50 }, { at: 150ms, value: 100 }, { at: 150ms, complete: true } ]
        """

    // `pick.flatMapLatest { up($0).take(until: cancel) }`: as testTakeUntil_Preempt_SomeData_Next
    // inside testFlatMapLatest_Data. Cancel at 205, before the first pick, is not replayed to the
    // later inner stream; cancel at 300 completes the first upload (its subscription disposed at
    // 300); the pick at 400 uploads in full.
    @Test func cancelEndsOnlyTheUploadInFlight() throws {
        let yaml = spec("- flatMapLatest: { call: up, with: { n: $0 }, ops: [ { takeUntil: ys } ] }", extra: upload)
        let r = try record(yaml, inputs: ["xs": hot([(210, 1), (400, 2)], completed: 600), "ys": hot([(205, 0), (300, 0)])])
        #expect(r.events == [next(260, 10), next(450, 10), next(500, 50), next(550, 100), completed(600)])
        #expect(r.cancellations == ["300 up(n: 1), subscribed at 210ms"])
    }

    // The workaround the issue describes, `takeUntil` after the request, ends the whole output at
    // the first cancel (testTakeUntil_Preempt_SomeData_Next on the output): no later pick uploads.
    @Test func takeUntilAfterTheRequestEndsTheOutput() throws {
        let yaml = spec("- flatMapLatest: { call: up, with: { n: $0 } }\n- takeUntil: ys", extra: upload)
        let r = try record(yaml, inputs: ["xs": hot([(210, 1), (400, 2)], completed: 600), "ys": hot([(300, 0)])])
        #expect(r.events == [next(260, 10), completed(300)])
    }

    // The notifier's error ends the inner stream with it (testTakeUntil_Preempt_SomeData_Error);
    // with `failures: end` that ends the output, as a plain RxSwift chain.
    @Test func notifierErrorEndsTheInnerStream() throws {
        let yaml = spec("- flatMapLatest: { call: up, with: { n: $0 }, failures: end, ops: [ { takeUntil: ys } ] }", extra: upload)
        let r = try record(yaml, inputs: ["xs": hot([(210, 1)]), "ys": hot([], error: 280)])
        #expect(r.events == [next(260, 10), error(280)])
    }

    // `xs.flatMap { answer().combineLatest(ys, +) }`: ys at 205 came before the subscription at
    // 210 and is never seen; the first combination comes with ys's 270. The inner stream completes
    // when the answer (at 310) and ys (at 400) both have; the output at the source's 600.
    @Test func combineLatestSeesOnlyLaterElementsOfAHotInput() throws {
        let yaml = spec("- flatMap: { call: twice, ops: [ { combineLatest: { with: ys, combine: \"$0 * $1\" } } ] }", extra: Self.twice)
        let r = try record(yaml, inputs: ["xs": hot([(210, 1)], completed: 600), "ys": hot([(205, 3), (270, 4)], completed: 400)])
        #expect(r.events == [next(270, 4), next(310, 8), completed(600)])
    }

    /// `twice()`: 1 after 10 ms, 2 after 100 ms, then completed.
    static let twice = """
        services:
          twice:
            returns: Int
            sequence: [ { at: 10ms, value: 1 }, { at: 100ms, value: 2 }, { at: 100ms, complete: true } ]
        """

    // A property is a BehaviorRelay: each inner stream gets its current value when it subscribes,
    // so both inner streams combine with 3 at once, and with 5 after the write at 250.
    @Test func combineLatestGetsAPropertysCurrentValue() throws {
        let yaml = """
            screen: T
            inputs:
              xs: Int
              rate: { type: Int, default: 3 }
            outputs:
              res:
                stream: xs
                ops:
                  - flatMap: { call: twice, ops: [ { combineLatest: { with: rate, combine: "$0 * $1" } } ] }
            \(Self.twice)
            """
        let recorder = try TimelineRecorder(yaml, subscribedAt: 200)
        try recorder.hot("xs", hot([(210, 1), (215, 1)]))
        try recorder.wait(50)
        recorder.set("rate", .int(5))
        try recorder.wait(100)
        #expect(recorder.recorded("res") == [next(220, 3), next(225, 3), next(250, 5), next(250, 5), next(310, 10), next(315, 10)])
    }

    // `xs.flatMap { flaky().combineLatest(rate, *).retry(2) }`: the retry at 220 subscribes
    // `combineLatest` again, which gets the property's current value again (RxSwift's
    // `BehaviorSubject` on each subscription), so the second answer combines at 230.
    @Test func retrySubscribesToTheScreenAgain() throws {
        let yaml = """
            screen: T
            inputs:
              xs: Int
              rate: { type: Int, default: 3 }
            outputs:
              res:
                stream: xs
                ops:
                  - flatMap: { call: flaky, ops: [ { combineLatest: { with: rate, combine: "$0 * $1" } }, { retry: 2 } ] }
            services:
              flaky:
                returns: Int
                latency: 10ms
                results: [ { fail: http(500) }, { value: 2 } ]
            """
        let recorder = try TimelineRecorder(yaml, subscribedAt: 200)
        try recorder.hot("xs", hot([(210, 1)]))
        try recorder.wait(100)
        #expect(recorder.recorded("res") == [next(230, 6)])
    }

    // `xs.flatMap { tenfold($0).withLatestFrom(ys, +) }`: the first inner stream (210) saw ys's 6
    // at 215 and gives 20 + 6 at 225; the second (220) has seen nothing of ys when its answer
    // comes at 235, so it gives nothing, as testWithLatestFrom_Simple1 before `ys` emits.
    @Test func withLatestFromSeesOnlyLaterElementsOfAHotInput() throws {
        let yaml = spec("- flatMap: { call: api.tenfold, with: { n: $0 }, ops: [ { withLatestFrom: { with: ys, combine: \"$0 + $1\" } } ] }",
                        extra: MatrixServices.tenfold)
        let r = try record(yaml, inputs: ["xs": hot([(210, 2), (220, 3)]), "ys": hot([(205, 5), (215, 6)])])
        #expect(r.events == [next(225, 26)])
    }

    // `xs.flatMap { tenfold($0).merge(ys) }`: every running inner stream subscribed to ys, so each
    // of ys's elements comes once per inner stream; an inner stream ends only when ys has.
    @Test func mergeDeliversTheScreenToEveryInnerStream() throws {
        let yaml = spec("- flatMap: { call: api.tenfold, with: { n: $0 }, ops: [ { merge: ys } ] }", extra: MatrixServices.tenfold)
        let r = try record(yaml, inputs: ["xs": hot([(210, 2), (220, 3)], completed: 240), "ys": hot([(230, 7)], completed: 260)])
        #expect(r.events == [next(225, 20), next(230, 7), next(230, 7), next(235, 30), completed(260)])
    }

    // `xs.flatMapLatest { twice().sample(ys) }` (testSample_Sampler_Simple1 inside a request).
    @Test func sampleTicksOnTheScreen() throws {
        let yaml = spec("- flatMapLatest: { call: twice, ops: [ { sample: ys } ] }", extra: Self.twice)
        let r = try record(yaml, inputs: ["xs": hot([(210, 1)]), "ys": hot([(250, 0), (260, 0), (320, 0)])])
        #expect(r.events == [next(250, 1), next(320, 2)])
    }

    // `xs.flatMap { n in tenfold(n).map { n * 1000 + $0 } }`: each answer tagged with its element.
    @Test func asNamesTheElementThatStartedTheCall() throws {
        let ops = "- flatMap: { call: api.tenfold, as: n, with: { n: n }, ops: [ { map: \"n * 1000 + $0\" } ] }"
        #expect(try play(ops, .elements, extra: MatrixServices.tenfold) == [next(225, 2020), next(235, 3030), next(245, 3030), next(255, 5050), completed(300)])
    }

    // concatMap keeps each waiting element with its call: 3, 3 and 5 wait and are tagged when their turn comes.
    @Test func asNamesTheElementOfAWaitingCall() throws {
        let ops = "- concatMap: { call: api.tenfold, with: { n: $0 }, as: n, ops: [ { map: \"n * 1000 + $0\" } ] }"
        #expect(try play(ops, .elements, extra: MatrixServices.tenfold)
                == [next(225, 2020), next(240, 3030), next(255, 3030), next(270, 5050), completed(300)])
    }
}
