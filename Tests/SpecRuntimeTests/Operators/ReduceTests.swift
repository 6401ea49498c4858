import Foundation
import ScreenSpec
import SpecRuntime
@testable import SpecTools
import SpecTesting
import Testing

/// `reduce: { seed, accumulator }`: the matrix, then RxSwift's `Observable+ReduceTests.swift`
/// (`reduce(42, accumulator: +)`; `mapResult:` is a `map` after it; a closure that throws is
/// `fail(.http(500))`).
@Suite("reduce") struct ReduceTests: OperatorTests {
    let ops = "- reduce: { seed: \"42\", accumulator: \"$0 + $1\" }"

    @Test func never() throws { #expect(try play(ops, .never) == []) }
    @Test func empty() throws { #expect(try play(ops, .empty) == [next(300, 42), completed(300)]) }
    @Test func elements() throws { #expect(try play(ops, .elements) == [next(300, 55), completed(300)]) }
    @Test func elementsThenError() throws { #expect(try play(ops, .elementsThenError) == [error(300)]) }
    @Test func disposedEarly() throws { #expect(try play(ops, .disposedEarly) == []) }
    @Test func errorAtOnce() throws { #expect(try play(ops, .errorAtOnce) == [error(210)]) }

    func reduce(_ xs: [Recorded], _ extra: String = "") throws -> [Recorded] { try record(spec(ops + extra), inputs: ["xs": xs]).events }

    @Test func withSeedReturn() throws { #expect(try reduce(hot([(150, 1), (210, 24)], completed: 250)) == [next(250, 66), completed(250)]) }
    @Test func withSeedRange() throws {
        #expect(try reduce(hot([(150, 1), (210, 0), (220, 1), (230, 2), (240, 3), (250, 4)], completed: 260)) == [next(260, 52), completed(260)])
    }
    @Test func withSeedAndResultRange() throws {
        let xs = hot([(150, 1), (210, 0), (220, 1), (230, 2), (240, 3), (250, 4)], completed: 260)
        #expect(try reduce(xs, "\n- map: \"$0 * 5\"") == [next(260, 260), completed(260)])
    }

    /// test_ReduceWithSeed_AccumulatorThrows: the error ends the stream at the element that threw.
    @Test func accumulatorThrows() throws {
        let ops = "- reduce: { seed: \"42\", accumulator: \"$1 < 3 ? $0 + $1 : fail(.http(500))\" }"
        let xs = hot([(150, 1), (210, 0), (220, 1), (230, 2), (240, 3), (250, 4)], completed: 260)
        #expect(try record(spec(ops), inputs: ["xs": xs]).events == [error(240)])
    }

    /// `reduce([]) { $0 + [$1] }`: an empty seed takes its type from the elements, as in `scan`.
    @Test func anEmptyListSeedCollects() throws {
        let res = try record(spec("- reduce: { seed: \"[]\", accumulator: \"$0 + [$1]\" }"), inputs: ["xs": MatrixSource.elements.events]).events
        #expect(res == [next(300, .list([.int(2), .int(3), .int(3), .int(5)])), completed(300)])
    }

    @Test func hostileUsesGetOneLocatedDiagnosticEach() {
        #expect(OperatorTimeline.diagnostics("- reduce: { seed: \"0\" }").count == 1)
        #expect(OperatorTimeline.diagnostics("- reduce: { seed: \"0\", accumulator: \"$0 > $1\" }") == ["9:44: type-mismatch: expected 'Int', found 'Bool'"])
        #expect(OperatorTimeline.diagnostics("- reduce: 3").count == 1)
    }
}
