import SpecRuntime
import SpecTesting
import Testing

/// `flatMapFirst`: Observable+MergeTests (`testFlatMapFirst_*`). A request per element while no
/// inner stream runs; an element that comes meanwhile is dropped, its arguments never computed.
@Suite("flatMapFirst") struct FlatMapFirstTests: OperatorTests {
    let ops = "- flatMapFirst: { call: api.tenfold, with: { n: $0 } }"

    // The answer for 2 lands at 225, so 3 at 220 is dropped; the second 3 at 230 calls, and 5 at
    // 240 is dropped while that call runs.
    @Test func never() throws { #expect(try play(ops, .never, extra: MatrixServices.tenfold) == []) }
    @Test func empty() throws { #expect(try play(ops, .empty, extra: MatrixServices.tenfold) == [completed(300)]) }
    @Test func elements() throws {
        #expect(try play(ops, .elements, extra: MatrixServices.tenfold) == [next(225, 20), next(245, 30), completed(300)])
    }
    @Test func elementsThenError() throws {
        #expect(try play(ops, .elementsThenError, extra: MatrixServices.tenfold) == [next(225, 20), next(245, 30), error(300)])
    }
    @Test func disposedEarly() throws {
        #expect(try play(ops, .disposedEarly, extra: MatrixServices.tenfold) == [next(225, 20), next(245, 30)])
    }
    @Test func errorAtOnce() throws { #expect(try play(ops, .errorAtOnce, extra: MatrixServices.tenfold) == [error(210)]) }

    /// RxSwift's inner observables of `testFlatMapFirst_*` as `ys(i:)`, i = 0 … 4, relative to
    /// their subscription (those at 5 and 105 come before the subscription and are left out):
    /// the first ends with `first`, the second with `second` (nothing: it never ends).
    static func inner(first: String = "complete: true", second: String = ", { at: 205ms, complete: true }") -> String {
        """
        services:
          ys:
            returns: Int
            params: { i: Int }
            cases:
              - when: { i: 0 }
                sequence: [ { at: 10ms, value: 102 }, { at: 90ms, value: 103 }, { at: 110ms, value: 104 }, { at: 190ms, value: 105 },
                            { at: 440ms, value: 106 }, { at: 460ms, \(first) } ]
              - when: { i: 1 }
                sequence: [ { at: 180ms, value: 202 }, { at: 190ms, value: 203 }\(second) ]
              - when: { i: 2 }
                sequence: [ { at: 10ms, value: 301 }, { at: 50ms, value: 302 }, { at: 70ms, value: 303 }, { at: 260ms, value: 304 },
                            { at: 310ms, value: 305 }, { at: 410ms, complete: true } ]
              - when: { i: 3 }
                sequence: [ { at: 40ms, complete: true } ]
              - when: { i: 4 }
                sequence: [ { at: 80ms, value: 401 }, { at: 90ms, value: 402 }, { at: 100ms, complete: true } ]
            result: 0
        """
    }

    /// Which inner stream each element follows: at 300, 400, 550, 750 and 850.
    static let outer = [(300, 0), (400, 1), (550, 2), (750, 3), (850, 4)]

    /// The first inner stream runs 300-760, so 400, 550 and 750 are dropped; 850 runs to 950.
    static let followed = [next(310, 102), next(390, 103), next(410, 104), next(490, 105), next(740, 106), next(930, 401), next(940, 402)]

    // testFlatMapFirst_Complete.
    @Test func complete() throws {
        let yaml = spec("- flatMapFirst: { call: ys, with: { i: $0 }, failures: end }", extra: Self.inner())
        let r = try record(yaml, inputs: ["xs": hot(Self.outer, completed: 900)])
        #expect(r.events == Self.followed + [completed(950)])
        #expect(r.cancellations.isEmpty)
    }

    // testFlatMapFirst_Complete_InnerNotComplete: the source never ends, nor does the output.
    @Test func completeInnerNotComplete() throws {
        let yaml = spec("- flatMapFirst: { call: ys, with: { i: $0 }, failures: end }", extra: Self.inner())
        let r = try record(yaml, inputs: ["xs": hot(Self.outer)])
        #expect(r.events == Self.followed)
    }

    // testFlatMapFirst_Complete_OuterNotComplete: the second inner stream, which never ends, is
    // never subscribed, so it keeps nothing from completing.
    @Test func completeOuterNotComplete() throws {
        let yaml = spec("- flatMapFirst: { call: ys, with: { i: $0 }, failures: end }", extra: Self.inner(second: ""))
        let r = try record(yaml, inputs: ["xs": hot(Self.outer, completed: 900)])
        #expect(r.events == Self.followed + [completed(950)])
    }

    // testFlatMapFirst_Complete_ErrorOuter: the source's error at 900 ends the output and
    // disposes the inner stream subscribed at 850.
    @Test func completeErrorOuter() throws {
        let yaml = spec("- flatMapFirst: { call: ys, with: { i: $0 }, failures: end }", extra: Self.inner(second: ""))
        let r = try record(yaml, inputs: ["xs": hot(Self.outer, error: 900)])
        #expect(r.events == Array(Self.followed.prefix(5)) + [error(900)])
        #expect(r.cancellations == ["900 ys(i: 4), subscribed at 850ms"])
    }

    // testFlatMapFirst_Error_Inner: the first inner stream fails at 760 (with `failures: end`).
    @Test func errorInner() throws {
        let yaml = spec("- flatMapFirst: { call: ys, with: { i: $0 }, failures: end }", extra: Self.inner(first: "fail: http(500)"))
        let r = try record(yaml, inputs: ["xs": hot(Self.outer, completed: 900)])
        #expect(r.events == Array(Self.followed.prefix(5)) + [error(760)])
    }

    // Without `failures: end` the inner error travels as a failure and frees the way for the next
    // element, as a completion does.
    @Test func innerFailurePassesAndTheNextElementCalls() throws {
        let yaml = spec("- flatMapFirst: { call: ys, with: { i: $0 } }", extra: Self.inner(first: "fail: http(500)"))
        let r = try record(yaml, inputs: ["xs": hot(Self.outer, completed: 900)])
        #expect(r.events == Self.followed + [completed(950)])
        let errors = try record(yaml, output: "res.errors", inputs: ["xs": hot(Self.outer, completed: 900)])
        #expect(errors.events == [.next(760, .error(testError))])
    }

    // testFlatMapFirst_Dispose: disposed at 700, while the first inner stream runs.
    @Test func dispose() throws {
        let yaml = spec("- flatMapFirst: { call: ys, with: { i: $0 }, failures: end }", extra: Self.inner())
        let r = try record(yaml, inputs: ["xs": hot(Self.outer, completed: 900)], disposed: 700)
        #expect(r.events == Array(Self.followed.prefix(4)))
    }

    // testFlatMapFirst_SelectorThrows: RxSwift's selector throws on its second call, which is at
    // 850: it is never called for the elements dropped at 400, 550 and 750. Here the argument
    // fails for every element but the first, and the first failure is also at 850.
    @Test func selectorThrows() throws {
        let yaml = spec("- flatMapFirst: { call: ys, with: { i: '$0 == 0 ? 0 : fail(.http(500))' }, failures: end }", extra: Self.inner())
        let r = try record(yaml, inputs: ["xs": hot(Self.outer, completed: 900)])
        #expect(r.events == Array(Self.followed.prefix(5)) + [error(850)])
    }

    // testFlatMapFirst_UseFunction: each element x follows `interval(10ms).map { _ in x }.take(x)`.
    // At 250 the element 5 comes, then the fourth tick of 4 ends its inner stream: 5 is dropped.
    @Test func useFunction() throws {
        let yaml = spec("""
            - flatMapFirst:
                interval: 10ms
                as: x
                ops: [ { takeWhile: { while: "$0 < x - 1", behavior: inclusive } }, { map: x } ]
            """)
        let r = try record(yaml, inputs: ["xs": hot([(210, 4), (220, 3), (250, 5), (270, 1)], completed: 290)])
        #expect(r.events == [next(220, 4), next(230, 4), next(240, 4), next(250, 4), next(280, 1), completed(290)])
    }

    // Inner streams that are not calls. `just` ends as it is subscribed: nothing is dropped.
    @Test func justDropsNothing() throws {
        #expect(try play("- flatMapFirst: { just: '$0 * 2' }", .elements) == [next(210, 4), next(220, 6), next(230, 6), next(240, 10), completed(300)])
    }

    // `never` never ends: every element after the first is dropped, and the output never completes.
    @Test func neverKeepsTheFirst() throws {
        let r = try record(spec("- flatMapFirst: never"), inputs: ["xs": hot([(210, 2), (220, 3)], completed: 300)])
        #expect(r.events.isEmpty)
    }

    // A choice: an even element waits 20 ms, an odd one answers at once; 3 at 220 comes while
    // the timer of 2 runs and is dropped.
    @Test func choice() throws {
        let yaml = spec("- flatMapFirst: { if: '$0 % 2 == 0', as: n, then: { timer: 20ms }, else: { just: '0' }, ops: [ { map: 'n * 10 + $0' } ] }")
        let r = try record(yaml, inputs: ["xs": hot([(210, 2), (220, 3), (240, 3), (250, 4)], completed: 300)])
        #expect(r.events == [next(230, 20), next(240, 30), next(270, 40), completed(300)])
    }

    // `error:` fails as it is subscribed: with `failures: end` the first element ends the output.
    @Test func innerError() throws {
        let r = try record(spec("- flatMapFirst: { error: '.http(500)', failures: end }"), inputs: ["xs": hot([(210, 2), (220, 3)], completed: 300)])
        #expect(r.events == [error(210)])
    }

    // The polling case: a tick every 3 s, a fetch that takes 4 s. Every other tick is dropped and
    // every fetch lands, where `flatMapLatest` would cancel each one.
    @Test func pollingWithASlowServer() throws {
        let yaml = """
            screen: Poll
            outputs:
              polled: { interval: 3s, ops: [ { flatMapFirst: { call: api.fetch } } ] }
              latest: { interval: 3s, ops: [ { flatMapLatest: { call: api.fetch } } ] }
            services:
              api.fetch: { returns: Int, latency: 4s, result: 1 }
            """
        let r = try TimelineRecorder(yaml)
        try r.wait(20_000)
        #expect(r.recorded("polled").map(\.time) == [7_000, 13_000, 19_000])
        #expect(r.recorded("latest").isEmpty)
        #expect(r.cancellations("polled").isEmpty)
    }
}
