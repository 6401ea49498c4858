import Foundation
import ScreenSpec
import SpecRuntime
@testable import SpecTools
import SpecTesting
import Testing

/// `ignoreElements`: RxSwift's `ignoreElements()` (its tests, in `Observable+StandardSequenceOperatorsTest`
/// of older releases, are the matrix's rows: the end passes, no element does).
@Suite("ignoreElements") struct IgnoreElementsTests: OperatorTests {
    let ops = "- ignoreElements"

    @Test func never() throws { #expect(try play(ops, .never) == []) }
    @Test func empty() throws { #expect(try play(ops, .empty) == [completed(300)]) }
    @Test func elements() throws { #expect(try play(ops, .elements) == [completed(300)]) }
    @Test func elementsThenError() throws { #expect(try play(ops, .elementsThenError) == [error(300)]) }
    @Test func disposedEarly() throws { #expect(try play(ops, .disposedEarly) == []) }
    @Test func errorAtOnce() throws { #expect(try play(ops, .errorAtOnce) == [error(210)]) }

    @Test func mutationRemovesIt() throws {
        let draft = try #require(SpecDraft(text: spec(ops), path: "t.yaml", resolver: nil))
        #expect(MutantGenerator.mutants(of: draft).map(\.change).contains("ignoreElements -> (removed)"))
    }

    @Test func hostileUsesGetOneLocatedDiagnosticEach() {
        #expect(OperatorTimeline.diagnostics("- ignoreElements: 3") == ["9:25: invalid-operator: 'ignoreElements' takes no argument"])
    }
}
