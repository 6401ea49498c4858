import Foundation
import ScreenSpec
import SpecRuntime
@testable import SpecTools
import SpecTesting
import Testing

/// `takeWhile: EXPR` and `takeWhile: { while: EXPR, behavior: inclusive }`, replaying RxSwift's
/// `Observable+TakeWhileTests.swift` (isPrime as a list of the primes below 30). `Dispose_*` are
/// these timelines cut short; `Throw` throws with `fail(…)`, which ends the stream with that error
/// as a throwing predicate does.
@Suite struct TakeWhileTests {
    static let primes = "[2, 3, 5, 7, 11, 13, 17, 19, 23, 29].contains($0)"
    static let isPrime = ops(primes, inclusive: false)
    static let error = OperatorTimeline.testError

    /// `takeWhile: CONDITION`, or with RxSwift 6's `behavior: .inclusive` the long form.
    static func ops(_ condition: String, inclusive: Bool) -> String {
        inclusive ? "- takeWhile: { while: \"\(condition)\", behavior: inclusive }" : "- takeWhile: \"\(condition)\""
    }

    /// RxSwift's source after the subscription, ended at 600 as given.
    static func xs(completed: Int? = nil, error: Int? = nil) -> [Recorded] {
        OperatorTimeline.hot([(90, -1), (110, -1), (210, 2), (260, 5), (290, 13), (320, 3), (350, 7), (390, 4), (410, 17), (450, 8), (500, 23)],
                             completed: completed, error: error)
    }

    // Each RxSwift test is played in both behaviours: `.inclusive` gives the same timeline, with
    // the element that fails the predicate sent just before the completion.

    @Test(arguments: [false, true]) func completeBefore(inclusive: Bool) throws {
        // RxSwift's source also has elements after the completion at 330, which a hot observable never sends.
        let xs = OperatorTimeline.hot([(90, -1), (110, -1), (210, 2), (260, 5), (290, 13), (320, 3)], completed: 330)
        let res = try OperatorTimeline.record(Self.ops(Self.primes, inclusive: inclusive), xs: xs)
        #expect(res == [next(210, 2), next(260, 5), next(290, 13), next(320, 3), completed(330)])
    }

    @Test(arguments: [false, true]) func completeAfter(inclusive: Bool) throws {
        let res = try OperatorTimeline.record(Self.ops(Self.primes, inclusive: inclusive), xs: Self.xs(completed: 600))
        #expect(res == [next(210, 2), next(260, 5), next(290, 13), next(320, 3), next(350, 7)] + (inclusive ? [next(390, 4)] : []) + [completed(390)])
    }

    @Test(arguments: [false, true]) func errorBefore(inclusive: Bool) throws {
        let xs = OperatorTimeline.hot([(90, -1), (110, -1), (210, 2), (260, 5)], error: 270)
        let res = try OperatorTimeline.record(Self.ops(Self.primes, inclusive: inclusive), xs: xs)
        #expect(res == [next(210, 2), next(260, 5), .error(270, Self.error)])
    }

    @Test(arguments: [false, true]) func errorAfter(inclusive: Bool) throws {
        let res = try OperatorTimeline.record(Self.ops(Self.primes, inclusive: inclusive), xs: Self.xs(error: 600))
        #expect(res == [next(210, 2), next(260, 5), next(290, 13), next(320, 3), next(350, 7)] + (inclusive ? [next(390, 4)] : []) + [completed(390)])
    }

    // test_TakeWhile_Throw: the third predicate throws; the stream ends with its error and nothing
    // of the element is sent, in either behaviour.
    @Test(arguments: [false, true]) func throwing(inclusive: Bool) throws {
        let ops = Self.ops("$0 == 13 ? fail(.decode) : \(Self.primes)", inclusive: inclusive)
        let res = try OperatorTimeline.record(ops, xs: Self.xs(completed: 600))
        #expect(res == [next(210, 2), next(260, 5), .error(290, ErrorValue(.decode))])
    }

    @Test(arguments: [false, true]) func zero(inclusive: Bool) throws {
        let xs = OperatorTimeline.hot([(90, -1), (110, -1), (205, 100), (210, 2), (260, 5), (290, 13)], error: 600)
        let res = try OperatorTimeline.record(Self.ops(Self.primes, inclusive: inclusive), xs: xs)
        #expect(res == (inclusive ? [next(205, 100)] : []) + [completed(205)])
    }

    /// `behavior: exclusive` is the default written out; the condition may be written alone.
    @Test func exclusiveIsTheDefault() throws {
        let ops = "- takeWhile: { while: \"\(Self.primes)\", behavior: exclusive }"
        let res = try OperatorTimeline.record(ops, xs: Self.xs(completed: 600))
        #expect(res == (try OperatorTimeline.record(Self.isPrime, xs: Self.xs(completed: 600))))
    }

    @Test func mutationRenamesTheInclusiveFormToSkipWhile() throws {
        let draft = try #require(SpecDraft(text: OperatorTimeline.spec("- takeWhile: { while: \"$0 < 3\", behavior: inclusive }"), path: "t.yaml", resolver: nil))
        let changes = MutantGenerator.mutants(of: draft).map(\.change)
        #expect(changes.contains("takeWhile -> (removed)") && changes.contains("takeWhile -> skipWhile"))
    }

    @Test func hostileBehavioursGetOneLocatedDiagnosticEach() {
        #expect(OperatorTimeline.diagnostics("- takeWhile: { while: \"$0 < 3\", behavior: sometimes }")
                == ["9:49: invalid-value: 'behavior:' is 'exclusive' or 'inclusive', found 'sometimes'"])
        #expect(OperatorTimeline.diagnostics("- takeWhile: { behavior: inclusive }")
                == ["9:20: missing-key: 'takeWhile' needs 'while:' (the condition over '$0')"])
        #expect(OperatorTimeline.diagnostics("- takeWhile: { while: \"$0 < 3\", until: 4 }").first?.contains("unknown-key") == true)
    }

    /// Inside a request's `ops:` it ends each inner stream, not the output.
    @Test func insideARequestItEndsTheInnerStream() throws {
        let recorder = try TimelineRecorder("""
            screen: T
            inputs:
              go: Void
            services:
              ticks: { returns: Int, sequence: [ { at: 10ms, value: 1 }, { at: 20ms, value: 2 }, { at: 30ms, value: 5 }, { at: 40ms, value: 3 }, { at: 50ms, complete: true } ] }
            outputs:
              res: { stream: go, ops: [ { flatMap: { call: ticks, ops: [ { takeWhile: "$0 < 4" } ] } } ] }
            """)
        recorder.send("go")
        try recorder.wait(100)
        recorder.send("go")
        try recorder.wait(100)
        #expect(recorder.recorded("res") == [next(10, 1), next(20, 2), next(110, 1), next(120, 2)])
    }

    /// A compiled spec holds it as its name and arguments, with its choice, and plays it the same;
    /// arguments of another shape, and a choice it does not take, are refused when loading.
    @Test(arguments: [false, true]) func itCompilesAndPlaysTheSameFromJSON(inclusive: Bool) throws {
        let loaded = SpecLoader.load(text: OperatorTimeline.spec(Self.ops(Self.primes, inclusive: inclusive)), path: "t.yaml")
        let json = try CompiledSpec.json(try #require(loaded.spec))
        #expect(json.contains(#""choice":"inclusive""#) == inclusive)
        let spec = try CompiledSpec.load(json: Data(json.utf8))
        let graph = ScreenGraph(spec: spec, clock: VirtualClock())
        var emitted: [Value] = []
        let res = try #require(spec.node(named: "res"))
        graph.onEmit = { if $0.node == res { emitted.append($0.value) } }
        graph.start()
        for x in [2, 3, 4, 5] { graph.send(try #require(spec.node(named: "xs")), .int(x)) }
        #expect(emitted == [.int(2), .int(3)] + (inclusive ? [.int(4)] : []))
        let noExpression = json.replacingOccurrences(of: #""expressions":[{"#, with: #""expressions":[],"unused":[{"#)
        #expect(throws: CompiledSpecError.self) { try CompiledSpec.load(json: Data(noExpression.utf8)) }
        if inclusive {
            let other = json.replacingOccurrences(of: #""choice":"inclusive""#, with: #""choice":"sometimes""#)
            #expect(throws: CompiledSpecError.self) { try CompiledSpec.load(json: Data(other.utf8)) }
        }
    }

    @Test func mutationRemovesIt() throws {
        let draft = try #require(SpecDraft(text: OperatorTimeline.spec("- takeWhile: \"$0 < 3\""), path: "t.yaml", resolver: nil))
        #expect(MutantGenerator.mutants(of: draft).map(\.change).contains("takeWhile -> (removed)"))
    }

    @Test func hostileUsesGetOneLocatedDiagnosticEach() {
        #expect(OperatorTimeline.diagnostics("- takeWhile: \"$0 + 1\"") == ["9:21: type-mismatch: expected 'Bool', found 'Int'"])
        #expect(OperatorTimeline.diagnostics("- takeWhile") == ["9:9: missing-argument: 'takeWhile' needs an expression over '$0', as in 'takeWhile: ...'"])
        #expect(OperatorTimeline.diagnostics("- takeWhile: \"res > 1\"").first?.contains("cannot read the output itself") == true)
    }
}
