import Foundation
import ScreenSpec
import SpecRuntime
import SpecTesting
import Testing

/// Issue 39: a choice's branches with operators of their own compile to a program (version 10)
/// that plays as the YAML does, and a program whose branches claim more operators than the
/// request has is refused where it is.
@Suite struct CompiledChoiceBranchTests {
    static let coupon = """
        screen: Coupon
        types:
          CouponCheck: { code: String, percent: Int }
        inputs:
          coupon: String
          stop: event
        outputs:
          check:
            stream: coupon
            ops:
              - flatMapLatest:
                  as: c
                  if: c.isEmpty
                  then: { just: 'CouponCheck(code: c, percent: 0)' }
                  else:
                    call: api.coupon
                    with: { code: c }
                    ops:
                      - takeUntil: stop
                      - map: 'CouponCheck(code: c, percent: $0)'
                      - catchAndReturn: 'CouponCheck(code: c, percent: -1)'
                  ops: [ { map: 'CouponCheck(code: $0.code, percent: $0.percent * 2)' } ]
        services:
          api.coupon:
            returns: Int
            params: { code: String }
            latency: 200ms
            cases:
              - { when: { code: SPRING }, value: 15 }
            fails: http(404)
        scenarios:
          - name: each branch through its own operators, then the request's
            steps:
              - send: { coupon: "" }
              - expect: { check: { code: "", percent: 0 } }
              - send: { coupon: SPRING }
              - wait: 200ms
              - expect: { check: { code: SPRING, percent: 30 } }
              - send: { coupon: WINTER }
              - wait: 200ms
              - expect: { check: { code: WINTER, percent: -2 } }
              - send: { coupon: SPRING }
              - send: stop
              - wait: 200ms
              - expect: { check: { code: WINTER, percent: -2 } }
        """

    @Test func aChoiceWithBranchOperatorsPlaysAsItsYAML() throws {
        let loaded = SpecLoader.load(text: Self.coupon, path: "coupon.yaml")
        let spec = try #require(loaded.spec, "\(loaded.renderDiagnostics())")
        let json = try CompiledSpec.json(spec)
        #expect(json.contains(#""branchOperators":[0,3]"#))
        let compiled = try CompiledSpec.load(json: Data(json.utf8))
        let played = ScenarioRunner.run(compiled, scenario: 0)
        #expect(played.passed, "\(TimelineFormatter.text(played))")
        #expect(TimelineFormatter.text(played) == TimelineFormatter.text(ScenarioRunner.run(spec, scenario: 0)))
        // What the engine plays once it is written again is the same file.
        #expect(try CompiledSpec.json(compiled) == json)
    }

    @Test func branchOperatorsTheRequestDoesNotHaveAreRefused() throws {
        let loaded = SpecLoader.load(text: Self.coupon, path: "coupon.yaml")
        let json = try CompiledSpec.json(try #require(loaded.spec, "\(loaded.renderDiagnostics())"))
        let tooMany = try CompiledSpecRefusalTests.changed(json, #""branchOperators":[0,3]"#, #""branchOperators":[0,5]"#)
        let reason = CompiledSpecRefusalTests.reason(tooMany)
        #expect(reason?.hasSuffix("'flatMapLatest' gives its 2 branches [0, 5] operators of their own, of 4") == true, "\(reason ?? "loaded")")
        // A choice without the counts is not read as one whose operators follow every branch.
        let unsaid = try CompiledSpecRefusalTests.changed(json, #""branchOperators":[0,3],"#, "")
        #expect(CompiledSpecRefusalTests.reason(unsaid)?.contains("branchOperators") == true, "\(CompiledSpecRefusalTests.reason(unsaid) ?? "loaded")")
    }
}
