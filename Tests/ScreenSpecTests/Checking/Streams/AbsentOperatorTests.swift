@testable import ScreenSpec
import SpecRuntime
import Testing

/// RxSwift operators with no operator of that name here (notes/author4, D1 and D4): each gets
/// one located error with what to write instead, never the nearest name, which for these has
/// other semantics (`catchError` is RxSwift 5's `catch`).
@Suite("RxSwift operators that are not here")
struct AbsentOperatorTests {
    private func only(_ op: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> Diagnostic {
        let loaded = SpecLoader.load(text: """
            screen: P
            inputs:
              tap: event
            outputs:
              a: { stream: tap, ops: [ \(op) ] }
            services:
              api.x: { returns: Int, result: 1 }
            """, path: "t.yaml")
        #expect(loaded.diagnostics.count == 1, "\(loaded.renderDiagnostics())", sourceLocation: sourceLocation)
        return try #require(loaded.diagnostics.first, sourceLocation: sourceLocation)
    }

    @Test("each has its own help, and no 'did you mean'", arguments: [
        (#"{ do: { onNext: "1" } }"#, "'do' is not an operator here: a side effect is a handler"),
        (#"{ catchError: "1" }"#, "'catchError' is RxSwift 5's name of 'catch'"),
        (#"{ asDriver: { onErrorJustReturn: "0" } }"#, "'asDriver' is not an operator here: an output already keeps a Driver's contract (a failed request travels to '<name>.errors' and the output goes on)"),
        ("asSignal", "'asSignal' is not an operator here: a stream output is already a Signal (no replay, a failed request travels to '<name>.errors')"),
        ("{ materialize }", "'materialize' is not an operator here: a failed request already travels as a value, not as an end"),
    ])
    func absentOperator(_ op: String, _ message: String) throws {
        let d = try only(op)
        #expect(d.message == message)
        #expect(d.fixIt != nil)
        #expect(d.notes.isEmpty)
        #expect(!d.message.contains("did you mean"))
    }

    @Test("a plain misspelling still gets the nearest operator")
    func misspelling() throws {
        #expect(try only("{ debounse: 300ms }").message == "unknown operator 'debounse'; did you mean 'debounce'?")
    }
}
