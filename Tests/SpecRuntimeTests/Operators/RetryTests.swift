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
}
