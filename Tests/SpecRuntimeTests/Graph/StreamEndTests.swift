import SpecRuntime
import SpecTesting
import Testing

/// RxSwift's event grammar, `next* (error | completed)?`, kept by the graph for every stream.
@Suite("Stream ends") struct StreamEndTests {
    // Nothing after an end reaches a stream, and what is sent to an ended input is ignored.
    @Test func nothingAfterAnEndAndSendsToAnEndedInputAreIgnored() throws {
        let recorder = try TimelineRecorder("""
            screen: T
            inputs:
              xs: Int
            outputs:
              res:
                stream: xs
                ops:
                  - map: "$0 + 1"
            """, subscribedAt: 200)
        let failure = ErrorValue(.http, status: 500)
        try recorder.hot("xs", [next(210, 1), .completed(220), next(230, 5), .error(240, failure)])
        try recorder.wait(799)
        #expect(recorder.errors.isEmpty, "\(recorder.errors)")
        #expect(recorder.recorded("res") == [next(210, 2), completed(220)])
    }
}
