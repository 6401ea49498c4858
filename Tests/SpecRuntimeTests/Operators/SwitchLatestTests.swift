import SpecRuntime
import SpecTesting
import Testing

/// `switchLatest`: Observable+SwitchTests. Each element chooses the stream to follow (here
/// `$0 % 2`: `ys` or `zs`); completes when `xs` and the followed stream have.
@Suite("switchLatest") struct SwitchLatestTests: OperatorTests {
    let ops = "- map: \"$0 % 2\"\n- switchLatest: [ys, zs]"
    let others = ["ys": hot([(215, 10), (225, 11)]), "zs": hot([(225, 20), (235, 21), (245, 22)], completed: 260)]

    @Test func never() throws { #expect(try play(ops, .never, with: others) == []) }
    @Test func empty() throws { #expect(try play(ops, .empty, with: others) == [completed(300)]) }
    @Test func elements() throws {
        #expect(try play(ops, .elements, with: others) == [next(215, 10), next(225, 20), next(235, 21), next(245, 22), completed(300)])
    }
    @Test func elementsThenError() throws {
        #expect(try play(ops, .elementsThenError, with: others) == [next(215, 10), next(225, 20), next(235, 21), next(245, 22), error(300)])
    }
    @Test func disposedEarly() throws {
        #expect(try play(ops, .disposedEarly, with: others) == [next(215, 10), next(225, 20), next(235, 21), next(245, 22)])
    }
    @Test func errorAtOnce() throws { #expect(try play(ops, .errorAtOnce, with: others) == [error(210)]) }

    @Test func followsTheChosenStream() throws {
        let r = try record(spec("- switchLatest: [ys, zs]"),
                           inputs: ["xs": hot([(210, 0), (230, 1)], completed: 260), "ys": hot([(220, 1), (240, 2)]),
                                    "zs": hot([(225, 3), (250, 4)], completed: 270)])
        #expect(r.events == [next(220, 1), next(250, 4), completed(270)])
    }

    // Observable+SwitchTests testSwitch_Data: `xs.map { observables[$0] }.switchLatest()`, over requests.
    @Test func overRequests() throws {
        let yaml = spec("- switchLatest: { call: ys, with: { i: $0 }, failures: end }", extra: MatrixServices.innerStreams(final: "complete: true"))
        let r = try record(yaml, inputs: ["xs": MatrixServices.innerStreamsOuter])
        #expect(r.events == [next(310, 101), next(320, 102), next(410, 201), next(420, 202), next(430, 203), next(440, 204),
                             next(510, 301), next(520, 302), next(530, 303), next(540, 304), completed(650)])
    }
}
