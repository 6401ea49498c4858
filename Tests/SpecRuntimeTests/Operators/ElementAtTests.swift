import Foundation
import ScreenSpec
import SpecRuntime
@testable import SpecTools
import SpecTesting
import Testing

/// `elementAt: N`: the matrix, then RxSwift's `Observable+ElementAtTests.swift`. RxSwift's
/// `argumentOutOfRange` is an error of kind `unknown` whose message says so.
@Suite("elementAt") struct ElementAtTests: OperatorTests {
    let ops = "- elementAt: 2"

    static func outOfRange(_ time: Int, _ index: Int, seen: Int) -> Recorded {
        .error(time, ErrorValue(.unknown, message: "argument out of range: 'elementAt: \(index)', but the stream completed after \(seen) elements"))
    }

    @Test func never() throws { #expect(try play(ops, .never) == []) }
    @Test func empty() throws { #expect(try play(ops, .empty) == [Self.outOfRange(300, 2, seen: 0)]) }
    @Test func elements() throws { #expect(try play(ops, .elements) == [next(230, 3), completed(230)]) }
    @Test func elementsThenError() throws { #expect(try play(ops, .elementsThenError) == [next(230, 3), completed(230)]) }
    @Test func disposedEarly() throws { #expect(try play(ops, .disposedEarly) == [next(230, 3), completed(230)]) }
    @Test func errorAtOnce() throws { #expect(try play(ops, .errorAtOnce) == [error(210)]) }

    static let source = [(70, 6), (150, 4), (210, 9), (230, 13), (270, 7), (280, 1), (300, -1), (310, 3), (340, 8), (370, 11), (410, 15),
                         (415, 16), (460, 72), (510, 76), (560, 32), (570, -100), (580, -3), (590, 5), (630, 10)]

    func elementAt(_ n: Int, _ xs: [Recorded], disposed: Int = 1000) throws -> [Recorded] {
        try record(spec("- elementAt: \(n)"), inputs: ["xs": xs], disposed: disposed).events
    }

    @Test func completeAfterAndErrorAfter() throws {
        #expect(try elementAt(10, hot(Self.source, completed: 690)) == [next(460, 72), completed(460)])
        #expect(try elementAt(10, hot(Self.source, error: 690)) == [next(460, 72), completed(460)])
    }

    @Test func completeBefore() throws {
        #expect(try elementAt(10, hot(Array(Self.source.prefix(7)), completed: 320)) == [Self.outOfRange(320, 10, seen: 5)])
    }

    @Test func errorBefore() throws {
        #expect(try elementAt(10, hot(Array(Self.source.prefix(7)), error: 310)) == [error(310)])
    }

    @Test func disposeBeforeAndAfter() throws {
        #expect(try elementAt(3, hot(Self.source, error: 690), disposed: 250) == [])
        #expect(try elementAt(3, hot(Self.source, error: 690), disposed: 400) == [next(280, 1), completed(280)])
    }

    @Test func first() throws {
        #expect(try elementAt(0, hot(Array(Self.source.prefix(10)), completed: 400)) == [next(210, 9), completed(210)])
    }

    @Test func mutationChangesTheIndex() throws {
        let draft = try #require(SpecDraft(text: spec(ops), path: "t.yaml", resolver: nil))
        let changes = MutantGenerator.mutants(of: draft).map(\.change)
        #expect(changes.contains("elementAt 2 -> elementAt 3"))
        #expect(changes.contains("elementAt 2 -> elementAt 1"))
    }

    @Test func hostileUsesGetOneLocatedDiagnosticEach() {
        #expect(OperatorTimeline.diagnostics("- elementAt: -3") == ["9:20: invalid-count: 'elementAt' needs a count of 0 or more, found '-3'"])
        #expect(OperatorTimeline.diagnostics("- elementAt: \"$0\"") == ["9:20: invalid-count: 'elementAt' needs a count of 0 or more, found '$0'"])
    }
}
