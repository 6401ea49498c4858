import SpecRuntime
import SpecTesting
import Testing

/// `concat`: Observable+ConcatTests. `ys` is followed once `xs` completes (hot: what it sent
/// before is not seen).
@Suite("concat") struct ConcatTests: OperatorTests {
    let ops = "- concat: ys"
    let ys = ["ys": hot([(215, 10), (320, 20)], completed: 350)]

    @Test func never() throws { #expect(try play(ops, .never, with: ys) == []) }
    @Test func empty() throws { #expect(try play(ops, .empty, with: ys) == [next(320, 20), completed(350)]) }
    @Test func elements() throws {
        #expect(try play(ops, .elements, with: ys) == [next(210, 2), next(220, 3), next(230, 3), next(240, 5), next(320, 20), completed(350)])
    }
    @Test func elementsThenError() throws {
        #expect(try play(ops, .elementsThenError, with: ys) == [next(210, 2), next(220, 3), next(230, 3), next(240, 5), error(300)])
    }
    @Test func disposedEarly() throws { #expect(try play(ops, .disposedEarly, with: ys) == [next(210, 2), next(220, 3), next(230, 3), next(240, 5)]) }
    @Test func errorAtOnce() throws { #expect(try play(ops, .errorAtOnce, with: ys) == [error(210)]) }

    // Observable+ConcatTests: SomeDataSomeData, ReturnEmpty, EmptyThrow, ThrowReturn.
    @Test func cases() throws {
        #expect(try record(spec(ops), inputs: ["xs": hot([(150, 1), (210, 2), (220, 3)], completed: 225),
                                               "ys": hot([(150, 1), (230, 4), (240, 5)], completed: 250)]).events
            == [next(210, 2), next(220, 3), next(230, 4), next(240, 5), completed(250)])
        #expect(try record(spec(ops), inputs: ["xs": hot([(150, 1), (210, 2)], completed: 230), "ys": hot([(150, 1)], completed: 250)]).events
            == [next(210, 2), completed(250)])
        #expect(try record(spec(ops), inputs: ["xs": hot([(150, 1)], completed: 230), "ys": hot([(150, 1)], error: 250)]).events
            == [error(250)])
        #expect(try record(spec(ops), inputs: ["xs": hot([(150, 1)], error: 230), "ys": hot([(150, 1), (240, 2)], completed: 250)]).events
            == [error(230)])
    }
}
