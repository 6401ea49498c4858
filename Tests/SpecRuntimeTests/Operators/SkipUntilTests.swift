import Foundation
import ScreenSpec
import SpecRuntime
@testable import SpecTools
import SpecTesting
import Testing

/// `skipUntil: other`: the matrix, then RxSwift's `Observable+SkipUntilTests.swift` (`l` is `xs`,
/// `r` is `ys`). As there, a source that completes before `other` has sent ends silently.
@Suite("skipUntil") struct SkipUntilTests: OperatorTests {
    let ops = "- skipUntil: ys"
    let ys = ["ys": hot([(225, 0)])]

    @Test func never() throws { #expect(try play(ops, .never, with: ys) == []) }
    @Test func empty() throws { #expect(try play(ops, .empty, with: ys) == [completed(300)]) }
    @Test func elements() throws { #expect(try play(ops, .elements, with: ys) == [next(230, 3), next(240, 5), completed(300)]) }
    @Test func elementsThenError() throws { #expect(try play(ops, .elementsThenError, with: ys) == [next(230, 3), next(240, 5), error(300)]) }
    @Test func disposedEarly() throws { #expect(try play(ops, .disposedEarly, with: ys) == [next(230, 3), next(240, 5)]) }
    @Test func errorAtOnce() throws { #expect(try play(ops, .errorAtOnce, with: ys) == [error(210)]) }

    static let l = hot([(150, 1), (210, 2), (220, 3), (230, 4), (240, 5)], completed: 250)

    func skipUntil(_ l: [Recorded], _ r: [Recorded]) throws -> [Recorded] { try record(spec(ops), inputs: ["xs": l, "ys": r]).events }

    @Test func someDataNext() throws {
        #expect(try skipUntil(Self.l, hot([(150, 1), (225, 99)], completed: 230)) == [next(230, 4), next(240, 5), completed(250)])
    }

    @Test func someDataError() throws { #expect(try skipUntil(Self.l, hot([(150, 1)], error: 225)) == [error(225)]) }

    @Test func errorSomeData() throws {
        #expect(try skipUntil(hot([(150, 1), (210, 2)], error: 220), hot([(150, 1), (230, 2)], completed: 250)) == [error(220)])
    }

    /// The source completes before `other` sends: nothing, not even the completion.
    @Test func someDataEmpty() throws { #expect(try skipUntil(Self.l, hot([(150, 1)], completed: 225)) == []) }

    @Test func neverNext() throws { #expect(try skipUntil(hot([(150, 1)]), hot([(150, 1), (225, 2)], completed: 250)) == []) }
    @Test func neverError() throws { #expect(try skipUntil(hot([(150, 1)]), hot([(150, 1)], error: 225)) == [error(225)]) }

    /// `other`'s error after the source ended silently is not seen.
    @Test func someDataError2() throws { #expect(try skipUntil(Self.l, hot([(150, 1)], error: 300)) == []) }
    @Test func someDataNever() throws { #expect(try skipUntil(Self.l, hot([(150, 1)])) == []) }
    @Test func neverEmptyAndNeverNever() throws {
        #expect(try skipUntil(hot([(150, 1)]), hot([(150, 1)], completed: 225)) == [])
        #expect(try skipUntil(hot([(150, 1)]), hot([(150, 1)])) == [])
    }

    /// Once open, `other`'s later error changes nothing (RxSwift disposed its subscription).
    @Test func otherErrorAfterItOpenedIsNotSeen() throws {
        #expect(try skipUntil(Self.l, hot([(225, 99)], error: 235)) == [next(230, 4), next(240, 5), completed(250)])
    }

    @Test func mutationRemovesIt() throws {
        let draft = try #require(SpecDraft(text: spec(ops), path: "t.yaml", resolver: nil))
        #expect(MutantGenerator.mutants(of: draft).map(\.change).contains("skipUntil -> (removed)"))
    }

    @Test func hostileUsesGetOneLocatedDiagnosticEach() {
        #expect(OperatorTimeline.diagnostics("- skipUntil: nothing").count == 1)
        #expect(OperatorTimeline.diagnostics("- skipUntil: res") == ["9:20: cycle: 'res' cannot be its own source"])
        #expect(OperatorTimeline.diagnostics("- skipUntil: [ys]").count == 1)
    }
}
