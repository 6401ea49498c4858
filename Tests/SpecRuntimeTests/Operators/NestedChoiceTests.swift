import SpecRuntime
import SpecTesting
import Testing

/// A choice inside a choice's branch, to any depth: RxSwift's nested `? :` in one closure,
/// `flatMapLatest { u in u == saved ? .just(.unchanged) : !valid(u) ? .just(.invalid) : api.check(u) }`.
/// The conditions are read as the element arrives, the outer first, an inner one only when the
/// element goes its way; each branch runs its own operators, then the request's.
@Suite("Nested choice between inner streams") struct NestedChoiceTests: OperatorTests {
    // `xs.flatMapLatest { $0 == 0 ? .just(-1) : $0 < 0 ? .just(-2) : api.tenfold($0) }`.
    let nested = """
        - flatMapLatest:
            if: '$0 == 0'
            then: { just: '-1' }
            else:
              if: '$0 < 0'
              then: { just: '-2' }
              else: { call: api.tenfold, with: { n: $0 } }
        """

    // 0 and -3 answer at once from the first two branches; 2 calls at 220, and 0 at 225
    // cancels it; 5 calls at 230 and lands at 245.
    @Test func eachElementTakesItsBranch() throws {
        let r = try record(spec(nested, extra: MatrixServices.tenfold), inputs: ["xs": hot([(210, 0), (215, -3), (220, 2), (225, 0), (230, 5)], completed: 260)])
        #expect(r.events == [next(210, -1), next(215, -2), next(225, -1), next(245, 50), completed(260)])
        #expect(r.cancellations == ["225 api.tenfold(n: 2), subscribed at 220ms"])
    }

    @Test func matrix() throws {
        #expect(try play(nested, .never, extra: MatrixServices.tenfold) == [])
        #expect(try play(nested, .empty, extra: MatrixServices.tenfold) == [completed(300)])
        #expect(try play(nested, .errorAtOnce, extra: MatrixServices.tenfold) == [error(210)])
    }

    // A choice in `then:` and one in `else:`, each branch through its own operators and then the
    // request's: `n > 0 ? (n > 10 ? .just(n).map { $0 * 100 } : .just(n)) : (n == 0 ? .empty()
    // : .error(e).catchAndReturn(-1))`, then `.map { $0 + 1 }`.
    @Test func choicesInBothBranchesRunTheirOwnOperatorsThenTheRequests() throws {
        let yaml = spec("""
            - flatMap:
                if: '$0 > 0'
                then:
                  if: '$0 > 10'
                  then: { just: '$0', ops: [ { map: '$0 * 100' } ] }
                  else: { just: '$0' }
                else:
                  if: '$0 == 0'
                  then: empty
                  else: { error: '.http(400)', ops: [ { catchAndReturn: '-1' } ] }
                ops: [ { map: '$0 + 1' } ]
            """)
        let r = try record(yaml, inputs: ["xs": hot([(210, 20), (211, 5), (212, 0), (213, -4)], completed: 220)])
        #expect(r.events == [next(210, 2001), next(211, 6), next(213, 0), completed(220)])
    }

    // An `Int` branch and a `Double` one meet as a `Double`, after each branch's own operators
    // (RxSwift would have the author write `Double(n)` in the `Int` branch): `n > 0 ?
    // .just(n).map { $0 + 1 } : .just(n).map { Double($0) / 2 }`, then `.map { $0 * 2 }`.
    @Test func anIntBranchAndADoubleBranchMeetAsADouble() throws {
        let yaml = spec("""
            - flatMap:
                if: '$0 > 0'
                then: { just: '$0', ops: [ { map: '$0 + 1' } ] }
                else: { just: '$0', ops: [ { map: 'Double($0) / 2' } ] }
                ops: [ { map: '$0 * 2' } ]
            """)
        let r = try record(yaml, inputs: ["xs": hot([(210, 3), (211, -3)], completed: 220)])
        #expect(r.events == [next(210, .double(8)), next(211, .double(-3)), completed(220)])
    }

    // An inner condition is read only when the element goes its way, as RxSwift's `? :` reads
    // it: 0 never reaches the one that fails for it. One that fails ends the output, as a
    // throwing selector does.
    @Test func anInnerConditionIsReadOnlyOnItsWay() throws {
        let yaml = spec("""
            - concatMap:
                if: '$0 == 0'
                then: { just: '0' }
                else:
                  if: '$0 <= 1 ? fail(.http(500)) : $0 > 5'
                  then: { just: '1' }
                  else: { just: '2' }
            """)
        let r = try record(yaml, inputs: ["xs": hot([(210, 0), (211, 9), (212, 2), (213, 1), (214, 3)])])
        #expect(r.events == [next(210, 0), next(211, 1), next(212, 2), error(213)])
    }

    // `as:` names the element for every condition and branch; a branch's `takeUntil` listens to
    // the screen from that branch's inner streams only, the third branch's as much as the first's.
    @Test func aDeepBranchListensToTheScreenAlone() throws {
        let yaml = spec("""
            - flatMap:
                as: n
                if: 'n > 5'
                then: { interval: 10ms, ops: [ { takeUntil: ys } ] }
                else:
                  if: 'n > 2'
                  then: { interval: 10ms, ops: [ { map: '$0 + 100' } ] }
                  else: { interval: 10ms, ops: [ { map: '$0 + 1000 * n' }, { takeUntil: zs } ] }
            """)
        let r = try record(yaml, inputs: ["xs": hot([(201, 1), (202, 3)]), "zs": [next(215, 0)], "ys": [next(225, 0)]], disposed: 234)
        #expect(r.events == [next(211, 1000), next(212, 100), next(222, 101), next(232, 102)])
        #expect(r.cancellations.first == "215 interval(10ms), subscribed at 201ms")
    }
}
