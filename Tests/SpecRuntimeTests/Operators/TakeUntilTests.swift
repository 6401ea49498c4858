import SpecRuntime
import SpecTesting
import Testing

/// `takeUntil`: Observable+TakeUntilTests. Completes at `ys`'s first element, fails with its
/// error; `ys` completing without an element changes nothing.
@Suite("takeUntil") struct TakeUntilTests: OperatorTests {
    let ops = "- takeUntil: ys"
    let ys = ["ys": hot([(235, 0)])]

    @Test func never() throws { #expect(try play(ops, .never, with: ys) == [completed(235)]) }
    @Test func empty() throws { #expect(try play(ops, .empty, with: ys) == [completed(235)]) }
    @Test func elements() throws { #expect(try play(ops, .elements, with: ys) == [next(210, 2), next(220, 3), next(230, 3), completed(235)]) }
    @Test func elementsThenError() throws {
        #expect(try play(ops, .elementsThenError, with: ys) == [next(210, 2), next(220, 3), next(230, 3), completed(235)])
    }
    @Test func disposedEarly() throws { #expect(try play(ops, .disposedEarly, with: ys) == [next(210, 2), next(220, 3), next(230, 3), completed(235)]) }
    @Test func errorAtOnce() throws { #expect(try play(ops, .errorAtOnce, with: ys) == [error(210)]) }

    // testTakeUntil_Preempt_SomeData_Next, _Error and _Empty.
    @Test func preemptSomeDataNext() throws {
        let l = hot([(150, 1), (210, 2), (220, 3), (230, 4), (240, 5)], completed: 250)
        let r = try record(spec(ops), inputs: ["xs": l, "ys": hot([(150, 1), (225, 99)], completed: 230)])
        #expect(r.events == [next(210, 2), next(220, 3), completed(225)])
        let e = try record(spec(ops), inputs: ["xs": l, "ys": hot([(150, 1)], error: 225)])
        #expect(e.events == [next(210, 2), next(220, 3), error(225)])
        let empty = try record(spec(ops), inputs: ["xs": l, "ys": hot([(150, 1)], completed: 225)])
        #expect(empty.events == [next(210, 2), next(220, 3), next(230, 4), next(240, 5), completed(250)])
    }

    /// Reading the output itself is refused where it is written (it used to pass silently, the
    /// output left without a type).
    @Test func itsOwnOutputIsRefused() {
        #expect(OperatorTimeline.diagnostics("- takeUntil: res") == ["9:20: cycle: 'res' cannot be its own source"])
    }
}
