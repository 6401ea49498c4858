import SpecRuntime
import SpecTesting
import Testing

/// `delay`: Observable+DelayTests. Elements and the completion are shifted; an error is not,
/// and drops what still waits.
@Suite("delay") struct DelayTests: OperatorTests {
    let ops = "- delay: 50ms"

    @Test func never() throws { #expect(try play(ops, .never) == []) }
    @Test func empty() throws { #expect(try play(ops, .empty) == [completed(350)]) }
    @Test func elements() throws {
        #expect(try play(ops, .elements) == [next(260, 2), next(270, 3), next(280, 3), next(290, 5), completed(350)])
    }
    @Test func elementsThenError() throws {
        #expect(try play(ops, .elementsThenError) == [next(260, 2), next(270, 3), next(280, 3), next(290, 5), error(300)])
    }
    @Test func disposedEarly() throws { #expect(try play(ops, .disposedEarly) == [next(260, 2), next(270, 3), next(280, 3)]) }
    @Test func errorAtOnce() throws { #expect(try play(ops, .errorAtOnce) == [error(210)]) }

    private static let source: [(Int, Int)] = [(150, 1), (250, 2), (350, 3), (450, 4)]

    // Observable+DelayTests test_DelayTimeSpan_Simple1.
    @Test func simple1() throws {
        let r = try record(spec("- delay: 100ms"), inputs: ["xs": hot(Self.source, completed: 550)])
        #expect(r.events == [next(350, 2), next(450, 3), next(550, 4), completed(650)])
    }

    // test_DelayTimeSpan_Simple1 without an end.
    @Test func simple1NoEnd() throws {
        let r = try record(spec("- delay: 100ms"), inputs: ["xs": hot([(250, 2), (350, 3), (450, 4)])])
        #expect(r.events == [next(350, 2), next(450, 3), next(550, 4)])
    }

    // test_DelayTimeSpan_Error1.
    @Test func error1() throws {
        let r = try record(spec(ops), inputs: ["xs": hot(Self.source, error: 550)])
        #expect(r.events == [next(300, 2), next(400, 3), next(500, 4), error(550)])
    }

    // test_DelayTimeSpan_Error2: what still waits at the error is dropped.
    @Test func error2DropsWhatWaits() throws {
        let r = try record(spec("- delay: 150ms"), inputs: ["xs": hot(Self.source, error: 550)])
        #expect(r.events == [next(400, 2), next(500, 3), error(550)])
    }

    @Test func completedIsDelayed() throws {
        let r = try record(spec("- delay: 150ms"), inputs: ["xs": hot([(150, 1)], completed: 250)])
        #expect(r.events == [completed(400)])
    }
}
