import Foundation
import ScreenSpec
import SpecRuntime
import SpecTesting
import Testing

/// `compactMap: EXPR`: the matrix, then RxSwift's `Observable+CompactMapTests.swift` (isPrime as a
/// list of the primes below 30).
@Suite("compactMap") struct CompactMapTests: OperatorTests {
    let ops = "- compactMap: \"$0 > 2 ? $0 * 10 : nil\""

    @Test func never() throws { #expect(try play(ops, .never) == []) }
    @Test func empty() throws { #expect(try play(ops, .empty) == [completed(300)]) }
    @Test func elements() throws { #expect(try play(ops, .elements) == [next(220, 30), next(230, 30), next(240, 50), completed(300)]) }
    @Test func elementsThenError() throws { #expect(try play(ops, .elementsThenError) == [next(220, 30), next(230, 30), next(240, 50), error(300)]) }
    @Test func disposedEarly() throws { #expect(try play(ops, .disposedEarly) == [next(220, 30), next(230, 30), next(240, 50)]) }
    @Test func errorAtOnce() throws { #expect(try play(ops, .errorAtOnce) == [error(210)]) }

    static let isPrime = "- compactMap: \"[2, 3, 5, 7, 11, 13, 17, 19, 23, 29].contains($0) ? $0 : nil\""
    static let source = [(110, 1), (180, 2), (230, 3), (270, 4), (340, 5), (380, 6), (390, 7), (450, 8), (470, 9), (560, 10), (580, 11)]

    @Test func nilFromClosure() throws {
        let res = try record(spec(Self.isPrime), inputs: ["xs": hot(Self.source, completed: 600)]).events
        #expect(res == [next(230, 3), next(340, 5), next(390, 7), next(580, 11), completed(600)])
    }

    @Test func nilFromClosureDisposed() throws {
        let res = try record(spec(Self.isPrime), inputs: ["xs": hot(Self.source, completed: 600)], disposed: 400).events
        #expect(res == [next(230, 3), next(340, 5), next(390, 7)])
    }

    /// test_compactMapNilFromElement: an `Int?` source, `compactMap: $0`.
    @Test func nilFromElement() throws {
        let xs = [next(110, 1), next(180, 2), next(230, 3), next(270, Value.none), next(340, 5), completed(400), next(410, 7)]
        let res = try record(spec("- compactMap: \"$0\"", types: ["xs": "Int?"]), inputs: ["xs": xs]).events
        #expect(res == [next(230, 3), next(340, 5), completed(400)])
    }

    @Test func hostileUsesGetOneLocatedDiagnosticEach() {
        #expect(OperatorTimeline.diagnostics("- compactMap: \"$0 + 1\"")
            == ["9:22: type-mismatch: 'compactMap' keeps the values of an optional and drops nil, but 'Int' is not optional"])
        #expect(OperatorTimeline.diagnostics("- compactMap") == ["9:9: missing-argument: 'compactMap' needs an expression over '$0', as in 'compactMap: ...'"])
    }
}
