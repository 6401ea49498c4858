import Foundation
import ScreenSpec
import SpecRuntime
@testable import SpecTools
import SpecTesting
import Testing

/// `skipWhile: EXPR`: the matrix, then RxSwift's `Observable+SkipWhileTests.swift` (isPrime as a
/// list of the primes below 30; the closure that throws is `fail(.http(500))`). `Dispose_*` are
/// these timelines cut short.
@Suite("skipWhile") struct SkipWhileTests: OperatorTests {
    let ops = "- skipWhile: \"$0 < 3\""
    static let isPrime = "- skipWhile: \"[2, 3, 5, 7, 11, 13, 17, 19, 23, 29].contains($0)\""

    @Test func never() throws { #expect(try play(ops, .never) == []) }
    @Test func empty() throws { #expect(try play(ops, .empty) == [completed(300)]) }
    @Test func elements() throws { #expect(try play(ops, .elements) == [next(220, 3), next(230, 3), next(240, 5), completed(300)]) }
    @Test func elementsThenError() throws { #expect(try play(ops, .elementsThenError) == [next(220, 3), next(230, 3), next(240, 5), error(300)]) }
    @Test func disposedEarly() throws { #expect(try play(ops, .disposedEarly) == [next(220, 3), next(230, 3), next(240, 5)]) }
    @Test func errorAtOnce() throws { #expect(try play(ops, .errorAtOnce) == [error(210)]) }

    static let primes = [(90, -1), (110, -1), (210, 2), (260, 5), (290, 13), (320, 3), (350, 7), (390, 4), (410, 17), (450, 8), (500, 23)]

    // testSkipWhile_Complete_Before: RxSwift's source also has elements after the completion at 330, which a hot observable never sends.
    @Test func completeBefore() throws {
        let xs = hot(Array(Self.primes.prefix(6)), completed: 330)
        #expect(try record(spec(Self.isPrime), inputs: ["xs": xs]).events == [completed(330)])
    }

    @Test func completeAfter() throws {
        let res = try record(spec(Self.isPrime), inputs: ["xs": hot(Self.primes, completed: 600)]).events
        #expect(res == [next(390, 4), next(410, 17), next(450, 8), next(500, 23), completed(600)])
    }

    @Test func errorBefore() throws {
        let xs = hot([(90, -1), (110, -1), (210, 2), (260, 5)], error: 270)
        #expect(try record(spec(Self.isPrime), inputs: ["xs": xs]).events == [error(270)])
    }

    @Test func errorAfter() throws {
        let res = try record(spec(Self.isPrime), inputs: ["xs": hot(Self.primes, error: 600)]).events
        #expect(res == [next(390, 4), next(410, 17), next(450, 8), next(500, 23), error(600)])
    }

    @Test func disposeAfter() throws {
        let res = try record(spec(Self.isPrime), inputs: ["xs": hot(Self.primes, completed: 600)], disposed: 470).events
        #expect(res == [next(390, 4), next(410, 17), next(450, 8)])
    }

    @Test func zero() throws {
        let xs = hot([(90, -1), (110, -1), (205, 100), (210, 2), (260, 5), (290, 13)], completed: 600)
        let res = try record(spec(Self.isPrime), inputs: ["xs": xs]).events
        #expect(res == [next(205, 100), next(210, 2), next(260, 5), next(290, 13), completed(600)])
    }

    /// testSkipWhile_Throw: the third call throws; the error ends the stream.
    @Test func predicateThrows() throws {
        let ops = "- skipWhile: \"$0 == 13 ? fail(.http(500)) : [2, 3, 5, 7, 11, 13, 17, 19, 23, 29].contains($0)\""
        #expect(try record(spec(ops), inputs: ["xs": hot(Self.primes, completed: 600)]).events == [error(290)])
    }

    /// Inside a request's `ops:` each inner stream skips on its own.
    @Test func insideARequestEachInnerStreamSkipsOnItsOwn() throws {
        let recorder = try TimelineRecorder("""
            screen: T
            inputs:
              go: Void
            services:
              ticks: { returns: Int, sequence: [ { at: 10ms, value: 1 }, { at: 20ms, value: 5 }, { at: 30ms, value: 2 }, { at: 40ms, complete: true } ] }
            outputs:
              res: { stream: go, ops: [ { flatMap: { call: ticks, ops: [ { skipWhile: "$0 < 4" } ] } } ] }
            """)
        recorder.send("go")
        try recorder.wait(100)
        recorder.send("go")
        try recorder.wait(100)
        #expect(recorder.recorded("res") == [next(20, 5), next(30, 2), next(120, 5), next(130, 2)])
    }

    @Test func mutationRemovesItOrMakesItTakeWhile() throws {
        let draft = try #require(SpecDraft(text: spec(ops), path: "t.yaml", resolver: nil))
        let changes = MutantGenerator.mutants(of: draft).map(\.change)
        #expect(changes.contains("skipWhile -> (removed)"))
        #expect(changes.contains("skipWhile -> takeWhile"))
    }

    @Test func hostileUsesGetOneLocatedDiagnosticEach() {
        #expect(OperatorTimeline.diagnostics("- skipWhile: \"$0 + 1\"") == ["9:21: type-mismatch: expected 'Bool', found 'Int'"])
        #expect(OperatorTimeline.diagnostics("- skipWhile") == ["9:9: missing-argument: 'skipWhile' needs an expression over '$0', as in 'skipWhile: ...'"])
    }
}
