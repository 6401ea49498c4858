import SpecRuntime
import SpecTesting
import Testing

/// `catch` and `catchAndReturn`: Observable+CatchTests. An element instead of the error, then
/// completed (`catch: EXPR`), or another stream followed from the error (`catch: { stream: }`).
@Suite("catch") struct CatchTests: OperatorTests {
    let ops = "- catch: \"-1\""

    @Test func never() throws { #expect(try play(ops, .never) == []) }
    @Test func empty() throws { #expect(try play(ops, .empty) == [completed(300)]) }
    @Test func elements() throws { #expect(try play(ops, .elements) == [next(210, 2), next(220, 3), next(230, 3), next(240, 5), completed(300)]) }
    @Test func elementsThenError() throws {
        #expect(try play(ops, .elementsThenError) == [next(210, 2), next(220, 3), next(230, 3), next(240, 5), next(300, -1), completed(300)])
    }
    @Test func disposedEarly() throws { #expect(try play(ops, .disposedEarly) == [next(210, 2), next(220, 3), next(230, 3), next(240, 5)]) }
    @Test func errorAtOnce() throws { #expect(try play(ops, .errorAtOnce) == [next(210, -1), completed(210)]) }

    // testCatch_ErrorSpecific_Caught: switches to the fallback stream.
    @Test func toAFallbackStream() throws {
        let r = try record(spec("- catch: { stream: ys }"),
                           inputs: ["xs": hot([(150, 1), (210, 2), (220, 3)], error: 230), "ys": hot([(240, 4)], completed: 250)])
        #expect(r.events == [next(210, 2), next(220, 3), next(240, 4), completed(250)])
    }

    // RxSwift's catchAndReturn: the value, then completed.
    @Test func catchAndReturn() throws {
        let r = try record(spec("- catchAndReturn: \"-1\""), inputs: ["xs": hot([(210, 2)], error: 230)])
        #expect(r.events == [next(210, 2), next(230, -1), completed(230)])
    }

    // A failed request comes out on `res.errors` and the stream goes on; `catch` turns it into an element.
    @Test func failedRequestsGoToErrorsOrCatch() throws {
        let xs = hot([(210, 5), (300, 3)])
        let plain = spec("- flatMapLatest: { call: api.square, with: { n: \"$0\" } }", extra: MatrixServices.square)
        #expect(try record(plain, output: "res.errors", inputs: ["xs": xs]).events == [next(260, .error(ErrorValue(.http, status: 500)))])
        #expect(try record(plain, inputs: ["xs": xs]).events == [next(320, 9)])
        let caught = spec("- flatMapLatest: { call: api.square, with: { n: \"$0\" } }\n- catch: \"-1\"", extra: MatrixServices.square)
        #expect(try record(caught, inputs: ["xs": xs]).events == [next(260, -1), next(320, 9)])
    }
}
