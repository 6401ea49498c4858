import SpecRuntime
import SpecTesting
import Testing

/// `map`: Observable+MapTests.
@Suite("map") struct MapTests: OperatorTests {
    let ops = "- map: \"$0 * 2\""

    @Test func never() throws { #expect(try play(ops, .never) == []) }
    @Test func empty() throws { #expect(try play(ops, .empty) == [completed(300)]) }
    @Test func elements() throws {
        #expect(try play(ops, .elements) == [next(210, 4), next(220, 6), next(230, 6), next(240, 10), completed(300)])
    }
    @Test func elementsThenError() throws {
        #expect(try play(ops, .elementsThenError) == [next(210, 4), next(220, 6), next(230, 6), next(240, 10), error(300)])
    }
    @Test func disposedEarly() throws { #expect(try play(ops, .disposedEarly) == [next(210, 4), next(220, 6), next(230, 6), next(240, 10)]) }
    @Test func errorAtOnce() throws { #expect(try play(ops, .errorAtOnce) == [error(210)]) }

    // Observable+MapTests testMap_Range-like, `$0 * 2`.
    @Test func range() throws {
        let res = try record(spec(ops), inputs: ["xs": hot([(210, 0), (220, 1), (230, 2), (240, 4)])]).events
        #expect(res == [next(210, 0), next(220, 2), next(230, 4), next(240, 8)])
    }

    // Observable+MapTests testMap_Error.
    @Test func mapError() throws {
        let r = try record(spec(ops), inputs: ["xs": hot([(150, 1), (210, 0), (220, 1), (230, 2), (240, 4)], error: 300)])
        #expect(r.events == [next(210, 0), next(220, 2), next(230, 4), next(240, 8), error(300)])
    }
}
