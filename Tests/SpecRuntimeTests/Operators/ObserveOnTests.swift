import SpecRuntime
import SpecTesting
import Testing

/// `observeOn`: RxSwift's `observe(on:)` on the one virtual clock. Every event, the end
/// included, comes at the same millisecond, after the transaction it came in (RxTest's
/// `TestScheduler` would add one tick, a documented departure), so the times of the matrix stay.
@Suite("observeOn") struct ObserveOnTests: OperatorTests {
    let ops = "- observeOn"

    @Test func never() throws { #expect(try play(ops, .never) == []) }
    @Test func empty() throws { #expect(try play(ops, .empty) == [completed(300)]) }
    @Test func elements() throws { #expect(try play(ops, .elements) == [next(210, 2), next(220, 3), next(230, 3), next(240, 5), completed(300)]) }
    @Test func elementsThenError() throws {
        #expect(try play(ops, .elementsThenError) == [next(210, 2), next(220, 3), next(230, 3), next(240, 5), error(300)])
    }
    @Test func disposedEarly() throws { #expect(try play(ops, .disposedEarly) == [next(210, 2), next(220, 3), next(230, 3), next(240, 5)]) }
    @Test func errorAtOnce() throws { #expect(try play(ops, .errorAtOnce) == [error(210)]) }

    // After the transaction: a stream that reads the observed output's latest value in the same
    // transaction still finds the one before (without 'observeOn' it would find this one).
    @Test func deliveredAfterTheTransaction() throws {
        let yaml = spec("- withLatestFrom: later", extra: """
              later: { stream: xs, ops: [ observeOn ] }
            """)
        let r = try record(yaml, inputs: ["xs": hot([(210, 2), (220, 3), (230, 4)])])
        #expect(r.events == [next(220, 2), next(230, 3)])
    }

    // The events keep their order, the error too (RxSwift's serial 'observe(on:)' queues it
    // behind the elements, where 'delay' would send it at once and drop them).
    @Test func anErrorWaitsBehindTheElements() throws {
        let yaml = spec("- flatMap: { call: xs.burst, ops: [ observeOn ], failures: end }", source: "timer: 0ms", extra: """
            services:
              xs.burst:
                returns: Int
                sequence: [ { at: 5ms, value: 1 }, { at: 5ms, value: 2 }, { at: 5ms, fail: http(500) } ]
            """)
        #expect(try record(yaml).events == [next(205, 1), next(205, 2), error(205)])
    }
}
