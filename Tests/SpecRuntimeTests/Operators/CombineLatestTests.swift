import SpecRuntime
import SpecTesting
import Testing

/// `combineLatest`: Observable+CombineLatestTests. An element once every source has one;
/// completes when all have, or when one completes without an element while the others are done.
@Suite("combineLatest") struct CombineLatestTests: OperatorTests {
    let ops = "- combineLatest: { with: ys, combine: \"$0 + $1\" }"
    let ys = ["ys": hot([(215, 10), (235, 20)], completed: 250)]

    @Test func never() throws { #expect(try play(ops, .never, with: ys) == []) }
    @Test func empty() throws { #expect(try play(ops, .empty, with: ys) == [completed(300)]) }
    @Test func elements() throws {
        #expect(try play(ops, .elements, with: ys) == [next(215, 12), next(220, 13), next(230, 13), next(235, 23), next(240, 25), completed(300)])
    }
    @Test func elementsThenError() throws {
        #expect(try play(ops, .elementsThenError, with: ys)
            == [next(215, 12), next(220, 13), next(230, 13), next(235, 23), next(240, 25), error(300)])
    }
    @Test func disposedEarly() throws {
        #expect(try play(ops, .disposedEarly, with: ys) == [next(215, 12), next(220, 13), next(230, 13), next(235, 23), next(240, 25)])
    }
    @Test func errorAtOnce() throws { #expect(try play(ops, .errorAtOnce, with: ys) == [error(210)]) }

    // Observable+CombineLatestTests test_CombineLatest_InterleavedWithTail.
    @Test func interleavedWithTail() throws {
        let r = try record(spec(ops), inputs: ["xs": hot([(215, 2), (225, 4)]), "ys": hot([(220, 3), (230, 5), (235, 6), (240, 7)])])
        #expect(r.events == [next(220, 5), next(225, 7), next(230, 9), next(235, 10), next(240, 11)])
    }

    // Glitch-freedom: both sides derived from one input change in one transaction: one element.
    @Test func overASharedSourceEmitsOncePerTransaction() throws {
        let yaml = """
            screen: T
            inputs:
              n: Int
            outputs:
              doubled: { stream: n, ops: [ { map: "$0 * 2" } ] }
              res:
                stream: n
                ops:
                  - combineLatest: { with: doubled, combine: "$0 + $1" }
            """
        let r = try record(yaml, inputs: ["n": hot([(210, 1), (220, 2)])], order: ["n"])
        #expect(r.events == [next(210, 3), next(220, 6)])
    }

    // testCombineLatest_ReturnReturn1.
    @Test func returnReturn1() throws {
        let r = try record(spec(ops), inputs: ["xs": hot([(215, 2)], completed: 230), "ys": hot([(220, 3)], completed: 240)])
        #expect(r.events == [next(220, 5), completed(240)])
    }

    // Observable+CombineLatestTests+arity, three sources (testCombineLatest_ReturnReturn3's shape).
    @Test func ofThree() throws {
        let three = "- combineLatest: { with: [ys, zs], combine: \"$0 + $1 + $2\" }"
        let r = try record(spec(three), inputs: ["xs": hot([(215, 2)], completed: 230), "ys": hot([(220, 3)], completed: 240),
                                                 "zs": hot([(225, 4)], completed: 250)])
        #expect(r.events == [next(225, 9), completed(250)])
        let empty = try record(spec(three), inputs: ["xs": hot([(215, 2)]), "ys": hot([], completed: 210), "zs": hot([(225, 4)])])
        #expect(empty.events == [])
    }

    // testCombineLatest_EmptyReturn.
    @Test func emptyReturn() throws {
        let r = try record(spec(ops), inputs: ["xs": hot([], completed: 210), "ys": hot([(215, 2)], completed: 220)])
        #expect(r.events == [completed(215)])
    }

    // testCombineLatest_ThrowAfterCompleteLeft.
    @Test func throwAfterCompleteLeft() throws {
        let r = try record(spec(ops), inputs: ["xs": hot([(215, 2)], completed: 220), "ys": hot([], error: 230)])
        #expect(r.events == [error(230)])
    }
}
