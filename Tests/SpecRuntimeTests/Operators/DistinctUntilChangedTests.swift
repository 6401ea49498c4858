import SpecRuntime
import SpecTesting
import Testing

/// `distinctUntilChanged`: Observable+DistinctUntilChangedTests.
@Suite("distinctUntilChanged") struct DistinctUntilChangedTests: OperatorTests {
    let ops = "- distinctUntilChanged"

    @Test func never() throws { #expect(try play(ops, .never) == []) }
    @Test func empty() throws { #expect(try play(ops, .empty) == [completed(300)]) }
    @Test func elements() throws { #expect(try play(ops, .elements) == [next(210, 2), next(220, 3), next(240, 5), completed(300)]) }
    @Test func elementsThenError() throws { #expect(try play(ops, .elementsThenError) == [next(210, 2), next(220, 3), next(240, 5), error(300)]) }
    @Test func disposedEarly() throws { #expect(try play(ops, .disposedEarly) == [next(210, 2), next(220, 3), next(240, 5)]) }
    @Test func errorAtOnce() throws { #expect(try play(ops, .errorAtOnce) == [error(210)]) }

    // Observable+DistinctUntilChangedTests test_distinctUntilChanged_someChanges.
    @Test func someChanges() throws {
        let xs = hot([(210, 2), (215, 3), (220, 3), (225, 2), (230, 2), (230, 1), (240, 2)])
        #expect(try record(spec(ops), inputs: ["xs": xs]).events == [next(210, 2), next(215, 3), next(225, 2), next(230, 1), next(240, 2)])
    }

    // Observable+DistinctUntilChangedTests testDistinctUntilChanged_keySelector_Div2.
    @Test func keySelectorDiv2() throws {
        let r = try record(spec("- distinctUntilChanged: \"$0 % 2\""),
                           inputs: ["xs": hot([(150, 1), (210, 2), (220, 4), (230, 3), (240, 5)], completed: 250)])
        #expect(r.events == [next(210, 2), next(230, 3), completed(250)])
    }

    @Test func withAKey() throws {
        let r = try record(spec("- distinctUntilChanged: \"$0 % 10\""),
                           inputs: ["xs": hot([(210, 1), (220, 11), (230, 2), (240, 12), (250, 3)], completed: 260)])
        #expect(r.events == [next(210, 1), next(230, 2), next(250, 3), completed(260)])
    }
}
