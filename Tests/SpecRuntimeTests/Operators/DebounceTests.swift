import SpecRuntime
import SpecTesting
import Testing

/// `debounce`: Observable+DebounceTests. Every element restarts the due time; the pending
/// element is sent on completion and dropped on error.
@Suite("debounce") struct DebounceTests: OperatorTests {
    let ops = "- debounce: 20ms"

    @Test func never() throws { #expect(try play(ops, .never) == []) }
    @Test func empty() throws { #expect(try play(ops, .empty) == [completed(300)]) }
    @Test func elements() throws { #expect(try play(ops, .elements) == [next(260, 5), completed(300)]) }
    @Test func elementsThenError() throws { #expect(try play(ops, .elementsThenError) == [next(260, 5), error(300)]) }
    @Test func disposedEarly() throws { #expect(try play(ops, .disposedEarly) == [next(260, 5)]) }
    @Test func errorAtOnce() throws { #expect(try play(ops, .errorAtOnce) == [error(210)]) }

    // Only a quiet period lets an element through.
    @Test func quietPeriods() throws {
        let xs = hot([(210, 1), (240, 2), (270, 3), (300, 4)])
        #expect(try record(spec("- debounce: 20ms"), inputs: ["xs": xs]).events == [next(230, 1), next(260, 2), next(290, 3), next(320, 4)])
        #expect(try record(spec("- debounce: 40ms"), inputs: ["xs": xs]).events == [next(340, 4)])
    }

    // RxSwift's Debounce.swift: the pending element is sent on completion, dropped on error.
    @Test func flushesOnCompletionAndDropsOnError() throws {
        #expect(try record(spec(ops), inputs: ["xs": hot([(210, 1), (215, 2)], completed: 220)]).events == [next(220, 2), completed(220)])
        #expect(try record(spec(ops), inputs: ["xs": hot([(210, 1), (240, 2)], error: 250)]).events == [next(230, 1), error(250)])
    }
}
