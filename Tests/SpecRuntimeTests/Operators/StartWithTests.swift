import SpecRuntime
import SpecTesting
import Testing

/// `startWith`: Observable+StartWithTests. The elements come at the subscription, 200.
@Suite("startWith") struct StartWithTests: OperatorTests {
    let ops = "- startWith: \"0\""

    @Test func never() throws { #expect(try play(ops, .never) == [next(200, 0)]) }
    @Test func empty() throws { #expect(try play(ops, .empty) == [next(200, 0), completed(300)]) }
    @Test func elements() throws {
        #expect(try play(ops, .elements) == [next(200, 0), next(210, 2), next(220, 3), next(230, 3), next(240, 5), completed(300)])
    }
    @Test func elementsThenError() throws {
        #expect(try play(ops, .elementsThenError) == [next(200, 0), next(210, 2), next(220, 3), next(230, 3), next(240, 5), error(300)])
    }
    @Test func disposedEarly() throws {
        #expect(try play(ops, .disposedEarly) == [next(200, 0), next(210, 2), next(220, 3), next(230, 3), next(240, 5)])
    }
    @Test func errorAtOnce() throws { #expect(try play(ops, .errorAtOnce) == [next(200, 0), error(210)]) }

    // Several elements, before the source's; the outer startWith first.
    @Test func nested() throws {
        let r = try record(spec("- startWith: [1, 2]\n- startWith: \"0\""), inputs: ["xs": hot([(220, 3)])])
        #expect(r.events == [next(200, 0), next(200, 1), next(200, 2), next(220, 3)])
    }
}
