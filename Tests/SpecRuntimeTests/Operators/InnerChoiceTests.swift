import SpecRuntime
import SpecTesting
import Testing

/// A choice between inner streams on the element, `if: COND, then: A, else: B`: RxSwift's
/// `flatMapLatest { q in q.isEmpty ? Observable.just([]) : api.search(q) }`, the request's `ops:`
/// applying to whichever was chosen.
@Suite("Choice between inner streams") struct InnerChoiceTests: OperatorTests {
    // `xs.flatMapLatest { $0 > 2 ? api.tenfold($0) : .just(-$0) }`.
    let choice = "- flatMapLatest: { if: '$0 > 2', then: { call: api.tenfold, with: { n: $0 } }, else: { just: '-$0' } }"

    @Test func never() throws { #expect(try play(choice, .never, extra: MatrixServices.tenfold) == []) }
    @Test func empty() throws { #expect(try play(choice, .empty, extra: MatrixServices.tenfold) == [completed(300)]) }
    // 2 takes `else:` and is answered at once; 3 at 220 calls, and is cancelled by 3 at 230,
    // which 5 at 240 cancels in turn; 5's call lands at 255.
    @Test func elements() throws {
        let r = try record(spec(choice, extra: MatrixServices.tenfold), inputs: ["xs": MatrixSource.elements.events])
        #expect(r.events == [next(210, -2), next(255, 50), completed(300)])
        #expect(r.cancellations == ["230 api.tenfold(n: 3), subscribed at 220ms", "240 api.tenfold(n: 3), subscribed at 230ms"])
    }
    @Test func errorAtOnce() throws { #expect(try play(choice, .errorAtOnce, extra: MatrixServices.tenfold) == [error(210)]) }

    // The search: an empty query answers `[]` at once and cancels the search in flight.
    @Test func emptyQueryCancelsTheSearch() throws {
        let yaml = spec("- flatMapLatest: { if: $0.isEmpty, then: { just: '[]' }, else: { call: api.search, with: { q: $0 } } }",
                        types: ["xs": "String"], extra: """
            services:
              api.search: { returns: '[String]', params: { q: String }, latency: 50ms, result: [a, b] }
            """)
        let r = try record(yaml, inputs: ["xs": [next(210, "r"), next(230, ""), next(240, "rx")]])
        #expect(r.events == [next(230, .list([])), next(290, .list([.string("a"), .string("b")]))])
        #expect(r.cancellations == ["230 api.search(q: \"r\"), subscribed at 210ms"])
    }

    // The condition is read when the element arrives; `as:` names the element in both branches.
    @Test func concatMapKeepsEachChoice() throws {
        let yaml = spec("- concatMap: { if: '$0 % 2 == 0', as: n, then: { timer: 20ms }, else: { just: '0' }, ops: [ { map: 'n * 10 + $0' } ] }")
        let r = try record(yaml, inputs: ["xs": hot([(210, 2), (215, 3), (216, 4)], completed: 220)])
        // 2's timer runs 210–230; 3 waits, then its `just` answers at once at 230; then 4's timer
        // runs 230–250.
        #expect(r.events == [next(230, 20), next(230, 30), next(250, 40), completed(250)])
    }

    // `empty` and `never` take the other branch's type; the choice's own `ops:` apply to both.
    @Test func emptyBranchAndSharedOps() throws {
        let yaml = spec("- flatMap: { if: '$0 > 2', then: { interval: 10ms }, else: empty, ops: [ { take: 2 } ] }")
        let r = try record(yaml, inputs: ["xs": hot([(210, 1), (215, 5)], completed: 220)])
        #expect(r.events == [next(225, 0), next(235, 1), completed(235)])
    }

    // A condition that fails ends the output with its error, as a throwing selector does.
    @Test func aFailingConditionEndsTheOutput() throws {
        let yaml = spec("- flatMapLatest: { if: '$0 == 2 ? fail(.http(500)) : $0 > 0', then: { just: '1' }, else: { just: '2' } }")
        #expect(try record(yaml, inputs: ["xs": hot([(210, 3), (220, 2), (230, 3)])]).events == [next(210, 1), error(220)])
    }

    // Issue 39: each branch is an inner stream of its own, its `ops:` applied to it alone, before
    // the request's. `xs.flatMap { n in n > 2 ? api.tenfold(n).map { $0 + 1 } : .just(n).map { -$0 } }.map { $0 * 2 }`.
    @Test func eachBranchRunsItsOwnOperatorsThenTheRequests() throws {
        let yaml = spec("""
            - flatMap:
                if: '$0 > 2'
                then: { call: api.tenfold, with: { n: $0 }, ops: [ { map: '$0 + 1' } ] }
                else: { just: '$0', ops: [ { map: '-$0' } ] }
                ops: [ { map: '$0 * 2' } ]
            """, extra: MatrixServices.tenfold)
        let r = try record(yaml, inputs: ["xs": hot([(210, 1), (215, 3)], completed: 220)])
        // 1: its `just`, negated, doubled, at once; 3: the call's 30 when it lands, plus one, doubled.
        #expect(r.events == [next(210, -2), next(230, 62), completed(230)])
    }

    // A branch's `takeUntil` listens to the screen from that branch's inner streams only: `ys`
    // ends the `then:` one, `zs` the `else:` one.
    @Test func aBranchListensToTheScreenAlone() throws {
        let yaml = spec("""
            - flatMap:
                if: '$0 > 2'
                then: { interval: 10ms, ops: [ { takeUntil: ys } ] }
                else: { interval: 10ms, ops: [ { map: '$0 + 100' }, { takeUntil: zs } ] }
            """)
        let r = try record(yaml, inputs: ["xs": hot([(201, 3), (202, 1)]), "ys": [next(215, 0)], "zs": [next(235, 0)]])
        #expect(r.events == [next(211, 0), next(212, 100), next(222, 101), next(232, 102)])
        #expect(r.cancellations == ["215 interval(10ms), subscribed at 201ms", "235 interval(10ms), subscribed at 202ms"])
    }

    // An `error:` branch's own `ops:` are typed from the other branch's element and may catch it.
    @Test func anErrorBranchCaughtInItsOwnOperators() throws {
        let yaml = spec("- concatMap: { if: '$0 > 2', then: { just: '$0' }, else: { error: '.http(400)', ops: [ { catchAndReturn: '0' } ] } }")
        let r = try record(yaml, inputs: ["xs": hot([(210, 1), (215, 3)], completed: 220)])
        #expect(r.events == [next(210, 0), next(215, 3), completed(220)])
    }
}
