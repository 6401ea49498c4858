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

    // With a comparer, `{ by: EXPR }`: `$0` the last element sent, `$1` this one.
    private static let rising = hot([(150, 1), (210, 2), (220, 3), (230, 4), (240, 5)], completed: 250)

    // testDistinctUntilChanged_allEqual: a comparer that always holds lets only the first through.
    @Test func comparerAllEqual() throws {
        let r = try record(spec("- distinctUntilChanged: { by: \"true\" }"), inputs: ["xs": Self.rising])
        #expect(r.events == [next(210, 2), completed(250)])
    }

    // testDistinctUntilChanged_allDifferent: one that never holds lets every element through.
    @Test func comparerAllDifferent() throws {
        let r = try record(spec("- distinctUntilChanged: { by: \"false\" }"),
                           inputs: ["xs": hot([(150, 1), (210, 2), (220, 2), (230, 2), (240, 2)], completed: 250)])
        #expect(r.events == [next(210, 2), next(220, 2), next(230, 2), next(240, 2), completed(250)])
    }

    // testDistinctUntilChanged_keySelectorThrows (a throwing comparer): the error ends the stream.
    @Test func comparerThrows() throws {
        let r = try record(spec("- distinctUntilChanged: { by: \"fail(.http(500))\" }"),
                           inputs: ["xs": hot([(150, 1), (210, 2), (220, 3)], completed: 250)])
        #expect(r.events == [next(210, 2), error(220)])
    }

    // testDistinctUntilChanged_comparerThrows: a key and a throwing comparer.
    @Test func keyAndComparerThrows() throws {
        let r = try record(spec("- distinctUntilChanged: { key: $0, by: \"fail(.http(500))\" }"),
                           inputs: ["xs": hot([(150, 1), (210, 2), (220, 3)], completed: 250)])
        #expect(r.events == [next(210, 2), error(220)])
    }

    // The comparer sees the last element sent, not the last one seen: 10, 11, 12 are within 1 of
    // the one before, but 12 is 2 from 10, the last sent.
    @Test func comparesWithTheLastSent() throws {
        let r = try record(spec("- distinctUntilChanged: { by: \"$1 - $0 <= 1\" }"),
                           inputs: ["xs": hot([(210, 10), (220, 11), (230, 12), (240, 13), (250, 15)], completed: 260)])
        #expect(r.events == [next(210, 10), next(230, 12), next(250, 15), completed(260)])
    }

    // With a key, the comparer compares the keys.
    @Test func keyThenComparer() throws {
        let r = try record(spec("- distinctUntilChanged: { key: \"$0 % 10\", by: \"$0 == $1\" }"),
                           inputs: ["xs": hot([(210, 1), (220, 11), (230, 2), (240, 12), (250, 3)], completed: 260)])
        #expect(r.events == [next(210, 1), next(230, 2), next(250, 3), completed(260)])
    }
}
