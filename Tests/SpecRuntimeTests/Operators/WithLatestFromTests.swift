import SpecRuntime
import SpecTesting
import Testing

/// `withLatestFrom`: Observable+WithLatestFromTests. Each element of `xs` with `ys`'s latest
/// (none until `ys` has one); `xs`'s end ends it, `ys`'s completion does not.
@Suite("withLatestFrom") struct WithLatestFromTests: OperatorTests {
    let ops = "- withLatestFrom: { with: ys, combine: \"$0 * 10 + $1\" }"
    let ys = ["ys": hot([(215, 1), (235, 2)], completed: 250)]

    @Test func never() throws { #expect(try play(ops, .never, with: ys) == []) }
    @Test func empty() throws { #expect(try play(ops, .empty, with: ys) == [completed(300)]) }
    @Test func elements() throws { #expect(try play(ops, .elements, with: ys) == [next(220, 31), next(230, 31), next(240, 52), completed(300)]) }
    @Test func elementsThenError() throws {
        #expect(try play(ops, .elementsThenError, with: ys) == [next(220, 31), next(230, 31), next(240, 52), error(300)])
    }
    @Test func disposedEarly() throws { #expect(try play(ops, .disposedEarly, with: ys) == [next(220, 31), next(230, 31), next(240, 52)]) }
    @Test func errorAtOnce() throws { #expect(try play(ops, .errorAtOnce, with: ys) == [error(210)]) }

    private static let xs: [(Int, Int)] = [(90, 1), (180, 2), (250, 3), (260, 4), (310, 5), (340, 6), (410, 7), (420, 8), (470, 9), (550, 10)]
    private static let strings: [Recorded] = [.next(255, .string("bar")), .next(330, .string("foo")), .next(350, .string("qux"))]
    private static let expected = [next(260, "4bar"), next(310, "5bar"), next(340, "6foo"), next(410, "7qux"), next(420, "8qux"),
                                   next(470, "9qux"), next(550, "10qux")]
    private let concatenated = "- withLatestFrom: { with: ys, combine: '\"\\($0)\\($1)\"' }"

    // Observable+WithLatestFromTests test_WithLatestFrom_Simple1 (`"\($0)\($1)"`), without ends.
    @Test func simple1NoEnd() throws {
        let r = try record(spec(concatenated, types: ["ys": "String"]), inputs: ["xs": hot(Self.xs), "ys": Self.strings])
        #expect(r.events == Self.expected)
    }

    // test_WithLatestFrom_Simple1 and _Error1.
    @Test func simple1AndError1() throws {
        let yaml = spec(concatenated, types: ["ys": "String"])
        let ys = Self.strings + [.completed(400)]
        #expect(try record(yaml, inputs: ["xs": hot(Self.xs, completed: 590), "ys": ys]).events == Self.expected + [completed(590)])
        #expect(try record(yaml, inputs: ["xs": hot(Self.xs, error: 590), "ys": ys]).events == Self.expected + [error(590)])
    }

    // The primary's end ends it; the other's completion does not, its error does.
    @Test func followsItsPrimary() throws {
        let r = try record(spec(ops), inputs: ["xs": hot([(220, 1), (240, 2)], completed: 250), "ys": hot([(210, 5)], completed: 230)])
        #expect(r.events == [next(220, 15), next(240, 25), completed(250)])
        let failed = try record(spec("- withLatestFrom: ys"), inputs: ["xs": hot([(220, 1)]), "ys": hot([(210, 5)], error: 230)])
        #expect(failed.events == [next(220, 5), error(230)])
    }
}
