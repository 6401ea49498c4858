import SpecRuntime
import SpecTesting
import Testing

/// `filter`: Observable+FilterTests.
@Suite("filter") struct FilterTests: OperatorTests {
    let ops = "- filter: \"$0 % 2 == 1\""

    @Test func never() throws { #expect(try play(ops, .never) == []) }
    @Test func empty() throws { #expect(try play(ops, .empty) == [completed(300)]) }
    @Test func elements() throws { #expect(try play(ops, .elements) == [next(220, 3), next(230, 3), next(240, 5), completed(300)]) }
    @Test func elementsThenError() throws { #expect(try play(ops, .elementsThenError) == [next(220, 3), next(230, 3), next(240, 5), error(300)]) }
    @Test func disposedEarly() throws { #expect(try play(ops, .disposedEarly) == [next(220, 3), next(230, 3), next(240, 5)]) }
    @Test func errorAtOnce() throws { #expect(try play(ops, .errorAtOnce) == [error(210)]) }

    // Observable+FilterTests test_filterComplete: isPrime over 2...11 (here: odd numbers).
    @Test func filterComplete() throws {
        let xs = hot([(230, 3), (270, 4), (340, 5), (380, 6), (390, 7), (450, 8), (470, 9), (560, 10), (580, 11)])
        #expect(try record(spec(ops), inputs: ["xs": xs]).events == [next(230, 3), next(340, 5), next(390, 7), next(470, 9), next(580, 11)])
    }

    // Elements and ends pass a filter and then a startWith.
    @Test func filterAndStartWithPassEnds() throws {
        let r = try record(spec("- filter: \"$0 % 2 == 0\"\n- startWith: \"0\""), inputs: ["xs": hot([(210, 1), (220, 2)], completed: 230)])
        #expect(r.events == [next(200, 0), next(220, 2), completed(230)])
    }
}
