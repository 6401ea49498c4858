import Foundation
import ScreenSpec
import SpecRuntime
@testable import SpecTools
import SpecTesting
import Testing

/// `takeLast: N`: the matrix, then RxSwift's `Observable+TakeLastTests.swift`.
@Suite("takeLast") struct TakeLastTests: OperatorTests {
    let ops = "- takeLast: 2"

    @Test func never() throws { #expect(try play(ops, .never) == []) }
    @Test func empty() throws { #expect(try play(ops, .empty) == [completed(300)]) }
    @Test func elements() throws { #expect(try play(ops, .elements) == [next(300, 3), next(300, 5), completed(300)]) }
    @Test func elementsThenError() throws { #expect(try play(ops, .elementsThenError) == [error(300)]) }
    @Test func disposedEarly() throws { #expect(try play(ops, .disposedEarly) == []) }
    @Test func errorAtOnce() throws { #expect(try play(ops, .errorAtOnce) == [error(210)]) }

    static let source = [(70, 6), (150, 4), (210, 9), (230, 13), (270, 7), (280, 1), (300, -1)]

    func takeLast(_ n: Int, _ xs: [Recorded]) throws -> [Recorded] { try record(spec("- takeLast: \(n)"), inputs: ["xs": xs]).events }

    @Test func completeLess() throws {
        let res = try takeLast(7, hot(Self.source, completed: 300))
        #expect(res == [next(300, 9), next(300, 13), next(300, 7), next(300, 1), next(300, -1), completed(300)])
    }

    @Test func completeSame() throws {
        let res = try takeLast(5, hot(Self.source, completed: 310))
        #expect(res == [next(310, 9), next(310, 13), next(310, 7), next(310, 1), next(310, -1), completed(310)])
    }

    @Test func completeMore() throws {
        let res = try takeLast(5, hot(Self.source + [(310, 3), (340, 8)], completed: 350))
        #expect(res == [next(350, 7), next(350, 1), next(350, -1), next(350, 3), next(350, 8), completed(350)])
    }

    @Test func errorLessSameMore() throws {
        #expect(try takeLast(7, hot([(70, 6), (150, 4), (210, 9), (230, 13), (270, 7), (280, 1), (290, 64)], error: 300)) == [error(300)])
        #expect(try takeLast(5, hot(Self.source, error: 310)) == [error(310)])
        #expect(try takeLast(5, hot(Self.source + [(310, 3), (340, 64)], error: 360)) == [error(360)])
    }

    @Test func zero() throws {
        #expect(try takeLast(0, hot([(70, 6), (150, 4), (210, 9), (230, 13)])) == [])
        #expect(try takeLast(0, hot([(210, 9), (230, 13)], completed: 250)) == [completed(250)])
    }

    @Test func takeLastThree() throws {
        let res = try takeLast(3, hot(Self.source + [(310, 3), (340, 8), (370, 11)], completed: 400))
        #expect(res == [next(400, 3), next(400, 8), next(400, 11), completed(400)])
    }

    @Test func mutationRemovesItAndChangesTheCount() throws {
        let draft = try #require(SpecDraft(text: spec(ops), path: "t.yaml", resolver: nil))
        let changes = MutantGenerator.mutants(of: draft).map(\.change)
        #expect(changes.contains("takeLast -> (removed)"))
        #expect(changes.contains("takeLast 2 -> takeLast 3"))
        #expect(changes.contains("takeLast 2 -> takeLast 1"))
    }

    @Test func hostileUsesGetOneLocatedDiagnosticEach() {
        #expect(OperatorTimeline.diagnostics("- takeLast: -1") == ["9:19: invalid-count: 'takeLast' needs a count of 0 or more, found '-1'"])
        #expect(OperatorTimeline.diagnostics("- takeLast: 1s") == ["9:19: invalid-count: 'takeLast' needs a count of 0 or more, found '1s'"])
        #expect(OperatorTimeline.diagnostics("- takeLast") == ["9:9: missing-argument: 'takeLast' needs a count of 0 or more, such as '2', as in 'takeLast: ...'"])
    }
}
