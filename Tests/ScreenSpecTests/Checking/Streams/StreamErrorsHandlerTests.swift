import ScreenSpec
import Testing

/// Issue 39 item 4: a handler `on: pages.errors` of a request stream reads the error by that name,
/// as a handler on an action's errors does; read anywhere else it has no current value, and the
/// message no longer tells the author to do what they did.
@Suite struct StreamErrorsHandlerTests {
    private static func spec(reading expression: String, on event: String) -> String {
        """
        screen: S
        inputs:
          page: { type: Int, default: 0 }
          tap: Void
        state:
          notice: { type: String, initial: "" }
        outputs:
          pages:
            stream: page
            ops:
              - flatMapLatest: { call: api.page, with: { number: $0 } }
        handlers:
          - on: \(event)
            set: { notice: '\(expression)' }
        services:
          api.page: { returns: "[String]", params: { number: Int }, result: [] }

        """
    }

    @Test func aHandlerOnAStreamsErrorsReadsTheErrorByName() {
        let loaded = SpecLoader.load(text: Self.spec(reading: #""\(pages.errors.kind): \(pages.errors)""#, on: "pages.errors"), path: "t.yaml")
        #expect(loaded.diagnostics.isEmpty, "\(loaded.renderDiagnostics())")
    }

    @Test func readElsewhereItHasNoValueAndTheNoteSaysWhereToReadIt() {
        let rendered = SpecLoader.load(text: Self.spec(reading: #""\(pages.errors)""#, on: "tap"), path: "t.yaml").renderDiagnostics()
        #expect(rendered == """
            t.yaml:14:24: error: 'pages.errors' is an output stream's errors and has no current value
               |
            14 |     set: { notice: '"\\(pages.errors)"' }
               |                        ^~~~~~~~~~~~
            note: use it as an action's 'trigger:' or a handler's 'on:', where its value is read by its name

            """)
    }
}
