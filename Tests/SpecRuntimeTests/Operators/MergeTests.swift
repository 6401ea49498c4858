import SpecRuntime
import SpecTesting
import Testing

/// `merge`: Observable+MergeTests. Completes when every source has, fails on the first error.
@Suite("merge") struct MergeTests: OperatorTests {
    let ops = "- merge: ys"
    let ys = ["ys": hot([(215, 10), (235, 20)], completed: 250)]

    @Test func never() throws { #expect(try play(ops, .never, with: ys) == [next(215, 10), next(235, 20)]) }
    @Test func empty() throws { #expect(try play(ops, .empty, with: ys) == [next(215, 10), next(235, 20), completed(300)]) }
    @Test func elements() throws {
        #expect(try play(ops, .elements, with: ys)
            == [next(210, 2), next(215, 10), next(220, 3), next(230, 3), next(235, 20), next(240, 5), completed(300)])
    }
    @Test func elementsThenError() throws {
        #expect(try play(ops, .elementsThenError, with: ys)
            == [next(210, 2), next(215, 10), next(220, 3), next(230, 3), next(235, 20), next(240, 5), error(300)])
    }
    @Test func disposedEarly() throws {
        #expect(try play(ops, .disposedEarly, with: ys) == [next(210, 2), next(215, 10), next(220, 3), next(230, 3), next(235, 20), next(240, 5)])
    }
    @Test func errorAtOnce() throws { #expect(try play(ops, .errorAtOnce, with: ys) == [error(210)]) }

    // Two hot sources interleaved.
    @Test func interleaved() throws {
        let r = try record(spec(ops), inputs: ["xs": hot([(215, 1), (225, 3)]), "ys": hot([(220, 2), (230, 4)])])
        #expect(r.events == [next(215, 1), next(220, 2), next(225, 3), next(230, 4)])
    }

    @Test func completesWhenAllHaveAndFailsOnTheFirstError() throws {
        let both = try record(spec(ops), inputs: ["xs": hot([(210, 1)], completed: 220), "ys": hot([(230, 2)], completed: 240)])
        #expect(both.events == [next(210, 1), next(230, 2), completed(240)])
        let failed = try record(spec(ops), inputs: ["xs": hot([(210, 1)]), "ys": hot([], error: 230)])
        #expect(failed.events == [next(210, 1), error(230)])
    }
}
