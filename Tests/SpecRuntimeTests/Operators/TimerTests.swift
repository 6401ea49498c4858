import SpecRuntime
import SpecTesting
import Testing

/// The `timer:` and `interval:` sources: Observable+TimerTests. Sources, not operators over
/// `xs`, so the matrix does not apply.
@Suite("timer and interval") struct TimerTests: OperatorTests {
    // testTimer_Basic: one element at the due time, then completed.
    @Test func timerBasic() throws {
        #expect(try record(spec("[]", source: "timer: 100ms")).events == [next(300, 0), completed(300)])
    }

    // testInterval_Basic: 0, 1, 2, … every period until disposed.
    @Test func intervalBasic() throws {
        #expect(try record(spec("[]", source: "interval: 100ms")).events
            == [next(300, 0), next(400, 1), next(500, 2), next(600, 3), next(700, 4), next(800, 5), next(900, 6)])
    }
}
