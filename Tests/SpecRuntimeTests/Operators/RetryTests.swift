import SpecRuntime
import SpecTesting
import Testing

/// `retry`: Observable+RetryTests (in Observable+CatchTests). Only inside a request's `ops`,
/// where there is a cold stream to subscribe again, so the hot matrix does not apply.
@Suite("retry") struct RetryTests: OperatorTests {
    private let cold = """
        services:
          xs.cold:
            returns: Int
            sequence: [ { at: 5ms, value: 1 }, { at: 10ms, value: 2 }, { at: 15ms, value: 3 }, { at: 20ms, fail: http(500) } ]
        """

    // testRetryCount_Basic: three subscriptions, then the error.
    @Test func countBasic() throws {
        let yaml = spec("- flatMap: { call: xs.cold, ops: [ { retry: 3 } ], failures: end }", source: "timer: 0ms", extra: cold)
        #expect(try record(yaml).events == [next(205, 1), next(210, 2), next(215, 3), next(225, 1), next(230, 2), next(235, 3),
                                            next(245, 1), next(250, 2), next(255, 3), error(260)])
    }

    // Two retries: each attempt of the later one starts the earlier one afresh, which subscribes
    // twice: 2 × 2 subscriptions, then the error.
    @Test func nested() throws {
        let yaml = spec("- flatMap: { call: xs.cold, ops: [ { retry: 2 }, { map: \"$0\" }, { retry: 2 } ], failures: end }", source: "timer: 0ms",
                        extra: """
                            services:
                              xs.cold:
                                returns: Int
                                sequence: [ { at: 5ms, value: 1 }, { at: 10ms, fail: http(500) } ]
                            """)
        #expect(try record(yaml).events == [next(205, 1), next(215, 1), next(225, 1), next(235, 1), error(240)])
    }

    // retry(when:) as authors write it: `errors.enumerated().flatMap { a, e in a >= max - 1 || !cond(e)
    // ? .error(e) : .timer(delay) }`. Observable+RetryWhenTests' xs: next(5, 1), error(10).
    private let failing = """
        services:
          xs.cold:
            returns: Int
            sequence: [ { at: 5ms, value: 1 }, { at: 10ms, fail: http(500) } ]
        """

    // testRetryWhen_Incremental_BackOff with a constant delay of 50: each resubscription 50 ms
    // after the error, four subscriptions in all, then the error.
    @Test func delayedBackOff() throws {
        let yaml = spec("- flatMap: { call: xs.cold, ops: [ { retry: { max: 4, delay: 50ms } } ], failures: end }", source: "timer: 0ms", extra: failing)
        #expect(try record(yaml).events == [next(205, 1), next(265, 1), next(325, 1), next(385, 1), error(390)])
    }

    // testRetryWhen_IgnoresDifferentErrorTypes: an error the condition does not hold for passes at once.
    @Test func conditionFalsePassesTheError() throws {
        let yaml = spec("- flatMap: { call: xs.cold, ops: [ { retry: { max: 3, when: \"$0 == .http(429)\", delay: 50ms } } ], failures: end }",
                        source: "timer: 0ms", extra: failing)
        #expect(try record(yaml).events == [next(205, 1), error(210)])
    }

    // testRetryWhen_ObservableNextError: two subscriptions, then the error (here the source's:
    // the handler's own error is not written in a spec, see the docs).
    @Test func conditionHoldsUpToMax() throws {
        let yaml = spec("- flatMap: { call: xs.cold, ops: [ { retry: { max: 2, when: \"$0.kind == .http && ($0.status ?? 0) >= 500\" } } ], failures: end }",
                        source: "timer: 0ms", extra: failing)
        #expect(try record(yaml).events == [next(205, 1), next(215, 1), error(220)])
    }

    // Without 'max:', a condition retries every error it holds for: a 503 twice, then a 404 passes.
    @Test func conditionWithoutMax() throws {
        let yaml = spec("- flatMap: { call: xs.flaky, ops: [ { retry: { when: \"$0 == .http(503)\", delay: 100ms } } ], failures: end }", source: "timer: 0ms", extra: """
            services:
              xs.flaky:
                returns: Int
                latency: 10ms
                results:
                  - fail: http(503)
                  - fail: http(503)
                  - fail: http(404)
                  - value: 1
            """)
        #expect(try record(yaml).events == [.error(430, ErrorValue(.http, status: 404))])
    }

    // A cancelled inner stream cancels its delay too: the first is not subscribed again at 320.
    @Test func cancelledWhileWaiting() throws {
        let yaml = spec("- flatMapLatest: { call: xs.cold, ops: [ { retry: { max: 2, delay: 100ms } } ], failures: end }", extra: failing)
        let played = try record(yaml, inputs: ["xs": [next(210, 1), next(250, 2)]])
        #expect(played.events == [next(215, 1), next(255, 1), next(365, 1), error(370)])
    }

    // A condition that fails ends the inner stream with its own error, as a throwing handler does.
    @Test func failingCondition() throws {
        let yaml = spec("- flatMap: { call: xs.cold, ops: [ { retry: { when: \"fail(.decode)\" } } ], failures: end }", source: "timer: 0ms", extra: failing)
        #expect(try record(yaml).events == [next(205, 1), .error(210, ErrorValue(.decode))])
    }
}
