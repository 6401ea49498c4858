import SpecRuntime
import SpecTesting
import Testing

/// `sample`: Observable+SampleTests. Each tick of the sampler `ys` sends the latest element
/// if a new one came; after `xs` completes the next tick completes.
@Suite("sample") struct SampleTests: OperatorTests {
    let ops = "- sample: ys"
    let ys = ["ys": hot([(215, 0), (235, 0), (250, 0), (320, 0)], completed: 400)]

    @Test func never() throws { #expect(try play(ops, .never, with: ys) == []) }
    @Test func empty() throws { #expect(try play(ops, .empty, with: ys) == [completed(320)]) }
    @Test func elements() throws { #expect(try play(ops, .elements, with: ys) == [next(215, 2), next(235, 3), next(250, 5), completed(320)]) }
    @Test func elementsThenError() throws {
        #expect(try play(ops, .elementsThenError, with: ys) == [next(215, 2), next(235, 3), next(250, 5), error(300)])
    }
    @Test func disposedEarly() throws { #expect(try play(ops, .disposedEarly, with: ys) == [next(215, 2), next(235, 3), next(250, 5)]) }
    @Test func errorAtOnce() throws { #expect(try play(ops, .errorAtOnce, with: ys) == [error(210)]) }

    private static let xs = hot([(150, 1), (220, 2), (240, 3), (290, 4), (300, 5), (310, 6)], completed: 400)
    private static let sampler = hot([(150, 0), (210, 0), (250, 0), (260, 0), (320, 0)], completed: 500)

    // Observable+SampleTests testSample_Sampler_Simple1, with a String sampler and no ends.
    @Test func samplerOfAnotherType() throws {
        let xs = hot([(220, 2), (240, 3), (290, 4), (300, 5), (310, 6)])
        let ys: [Recorded] = [.next(210, .string("bar")), .next(250, .string("foo")), .next(260, .string("qux")), .next(320, .string("baz"))]
        #expect(try record(spec(ops, types: ["ys": "String"]), inputs: ["xs": xs, "ys": ys]).events == [next(250, 3), next(320, 6)])
    }

    // testSample_Sampler_Simple1: the completion comes with the sampler's.
    @Test func simple1() throws {
        #expect(try record(spec(ops), inputs: ["xs": Self.xs, "ys": Self.sampler]).events == [next(250, 3), next(320, 6), completed(500)])
    }

    // testSample_Sampler_DefaultValue: a tick without a new element sends the default.
    @Test func defaultValue() throws {
        let r = try record(spec("- sample: { with: ys, defaultValue: \"0\" }"), inputs: ["xs": Self.xs, "ys": Self.sampler])
        #expect(r.events == [next(210, 0), next(250, 3), next(260, 0), next(320, 6), next(500, 0), completed(500)])
    }

    // testSample_Sampler_SourceThrows.
    @Test func sourceThrows() throws {
        let r = try record(spec(ops), inputs: ["xs": hot([(220, 2), (240, 3), (290, 4), (300, 5), (310, 6)], error: 320),
                                               "ys": hot([(210, 0), (250, 0), (260, 0), (300, 0)], completed: 400)])
        #expect(r.events == [next(250, 3), next(300, 5), error(320)])
    }
}
