import Testing
@testable import ScreenSpec

/// An action whose `errors` a handler reads; `EXPR` is the Bool the handler stores.
private func spec(_ expression: String) -> String {
    """
    screen: S
    inputs:
      tap: event
    state:
      flag: { type: Bool, initial: false }
    actions:
      save: { trigger: tap, work: { call: api.save } }
    services:
      api.save: { returns: Void }
    handlers:
      - on: save.errors
        set:
          flag: \(expression)

    """
}

private func diagnose(_ yaml: String) -> String {
    SpecLoader.load(text: yaml, path: "t.yaml").renderDiagnostics()
}

/// Errors as values: `error.kind`, `.status`, `.message`, and the literals `.notEnabled`,
/// `.unknown`, `.decode`, `.http(409)`, type-checked like every other expression.
@Suite("Errors as values: checking")
struct ErrorValueCheckingTests {
    @Test(arguments: [
        "save.errors == .http(409)", "save.errors != .notEnabled", ".decode == save.errors", ".http(500) != save.errors",
        "save.errors == .unknown || save.errors.kind == .evaluation", "save.errors.kind == .http && (save.errors.status ?? 0) >= 500",
        "save.errors.message.isEmpty", "save.errors == .http(400 + 9)", "String(save.errors) == \"http(409)\"",
    ])
    func wellTypedUsesCheck(_ expression: String) {
        let loaded = SpecLoader.load(text: spec("'\(expression)'"), path: "t.yaml")
        #expect(loaded.diagnostics.isEmpty, "\(loaded.renderDiagnostics())")
    }

    @Test func membersHaveTheirTypes() throws {
        let text = """
            screen: S
            inputs:
              failure: Error
            state:
              kind: { type: ErrorKind, initial: unknown }
              status: { type: Int?, initial: ~ }
              message: { type: String, initial: "" }
              last: { type: Error?, initial: ~ }
            handlers:
              - on: failure
                set: { kind: failure.kind, status: failure.status, message: failure.message, last: failure }

            """
        let loaded = SpecLoader.load(text: text, path: "t.yaml")
        #expect(loaded.diagnostics.isEmpty, "\(loaded.renderDiagnostics())")
        let checked = try #require(loaded.spec)
        #expect(checked.nodes[try #require(checked.node(named: "kind"))].type == .enumeration("ErrorKind"))
    }

    @Test func aLiteralWithoutItsDotGetsTheDottedNameSuggested() {
        #expect(diagnose(spec("save.errors == notEnabled")) == """
            t.yaml:13:28: error: unknown name 'notEnabled'; did you mean '.notEnabled'?
               |
            13 |       flag: save.errors == notEnabled
               |                            ^~~~~~~~~~
            note: an 'Error' literal starts with a dot, as an enum case does in Swift
            help: write '.notEnabled'

            """)
    }

    @Test func httpWithoutItsDotGetsTheLiteralSuggested() {
        #expect(diagnose(spec("save.errors == http(409)")) == """
            t.yaml:13:28: error: unknown function 'http'; did you mean '.http(409)'?
               |
            13 |       flag: save.errors == http(409)
               |                            ^~~~
            note: an 'Error' literal starts with a dot, as an enum case does in Swift
            help: write '.http(409)'

            """)
    }

    @Test func aKindWithoutItsDotGetsTheCaseSuggested() {
        #expect(diagnose(spec("save.errors.kind == decode")) == """
            t.yaml:13:33: error: unknown name 'decode'; did you mean '.decode'?
               |
            13 |       flag: save.errors.kind == decode
               |                                 ^~~~~~
            note: an enum case starts with a dot where its type is known, as in Swift
            help: write '.decode'

            """)
    }

    @Test func anUnknownMemberGetsTheNearest() {
        #expect(diagnose(spec("save.errors.statuss == 409")) == """
            t.yaml:13:25: error: 'Error' has no member 'statuss'; did you mean 'status'?
               |
            13 |       flag: save.errors.statuss == 409
               |                         ^~~~~~~
            note: 'Error' has 'kind', 'status', 'message', 'body'

            """)
    }

    @Test func anHTTPStatusIsAnInt() {
        #expect(diagnose(spec("save.errors == .http(\"x\")")) == """
            t.yaml:13:34: error: '.http' takes an 'Int' status, found 'String'
               |
            13 |       flag: save.errors == .http("x")
               |                                  ^~~
            note: write the status as a number, as in '.http(409)'

            """)
    }

    @Test func anHTTPLiteralNeedsItsStatusInRange() {
        #expect(diagnose(spec("save.errors == .http")) == """
            t.yaml:13:28: error: '.http' needs its status, as in '.http(409)'
               |
            13 |       flag: save.errors == .http
               |                            ^~~~~
            note: to match any HTTP failure, compare the kind: 'error.kind == .http'

            """)
        #expect(diagnose(spec("save.errors == .http(42)")) == """
            t.yaml:13:34: error: an HTTP status is from 100 to 999, found 42
               |
            13 |       flag: save.errors == .http(42)
               |                                  ^~

            """)
        #expect(diagnose(spec("save.errors == .http(404, 1)")) == """
            t.yaml:13:28: error: '.http' takes one status, as in '.http(409)', found 2 arguments
               |
            13 |       flag: save.errors == .http(404, 1)
               |                            ^~~~~~~~~~~~~

            """)
    }

    @Test func otherLiteralsAreNamedAndChecked() {
        #expect(diagnose(spec("save.errors == .evaluation")) == """
            t.yaml:13:28: error: an evaluation failure carries its run-time message, so it has no literal
               |
            13 |       flag: save.errors == .evaluation
               |                            ^~~~~~~~~~~
            note: compare the kind instead: 'error.kind == .evaluation'

            """)
        #expect(diagnose(spec("save.errors == .notEnabld")) == """
            t.yaml:13:28: error: 'Error' has no case 'notEnabld'; did you mean 'notEnabled'?
               |
            13 |       flag: save.errors == .notEnabld
               |                            ^~~~~~~~~~
            note: an 'Error' literal is '.notEnabled', '.unknown', '.decode', '.timeout' or '.http(STATUS)'

            """)
        #expect(diagnose(spec("save.errors == .decode(1)")) == """
            t.yaml:13:28: error: '.decode' takes no arguments; write '.decode'
               |
            13 |       flag: save.errors == .decode(1)
               |                            ^~~~~~~~~~

            """)
        #expect(diagnose(spec("save.errors.kind == .htp")) == """
            t.yaml:13:33: error: 'ErrorKind' has no case 'htp'; did you mean 'http'?
               |
            13 |       flag: save.errors.kind == .htp
               |                                 ^~~~
            note: its cases are 'notEnabled', 'unknown', 'http', 'decode', 'evaluation', 'timeout'

            """)
    }

    @Test func anErrorIsNotAnotherType() {
        #expect(diagnose(spec("save.errors == 409")) == """
            t.yaml:13:13: error: cannot compare 'Error' with 'Int'
               |
            13 |       flag: save.errors == 409
               |             ^~~~~~~~~~~~~~~~~~

            """)
        #expect(diagnose(spec("save.errors.status == .http(409)")) == """
            t.yaml:13:35: error: '.http(...)' needs an 'Error' from its context, as in 'error == .http(...)'
               |
            13 |       flag: save.errors.status == .http(409)
               |                                   ^~~~~~~~~~
            note: '.http(STATUS)' is an 'Error' literal, as in 'error == .http(409)'

            """)
    }

    @Test func aKindTakesNoStatus() {
        #expect(diagnose(spec("save.errors.kind == .http(409)")) == """
            t.yaml:13:33: error: '.http' is a case of 'ErrorKind' and takes no arguments
               |
            13 |       flag: save.errors.kind == .http(409)
               |                                 ^~~~~~~~~~
            note: to match one status, compare the error itself: 'error == .http(409)', or 'error.status == 409'

            """)
    }

    @Test func aNegativeStatusIsCheckedBeforeRunning() {
        #expect(SpecLoader.load(text: spec("save.errors == .http(-1)"), path: "t.yaml").diagnostics.map(\.description) == [
            "t.yaml:13:34: error: an HTTP status is from 100 to 999, found -1",
        ])
    }

    @Test func aLiteralNeedsAnErrorFromItsContext() {
        let text = "screen: S\noutputs:\n  refused: .notEnabled\n"
        #expect(diagnose(text) == """
            t.yaml:3:12: error: '.notEnabled' needs an 'Error' or an enum type from its context, as in 'error == .notEnabled'
              |
            3 |   refused: .notEnabled
              |            ^~~~~~~~~~~

            """)
    }

    @Test func textIsNotAnError() {
        let text = """
            screen: S
            inputs:
              failure: Error
            state:
              last: { type: Error?, initial: ~ }
            handlers:
              - on: failure
                set: { last: '"http(409)"' }

            """
        #expect(diagnose(text) == """
            t.yaml:8:19: error: expected 'Error?', found 'String'
              |
            8 |     set: { last: '"http(409)"' }
              |                   ^~~~~~~~~~~
            note: an 'Error' is written '.notEnabled', '.unknown', '.decode', '.timeout' or '.http(STATUS)'

            """)
    }

    /// In data (`expect:`, `send:`, results) an error may be written as in expressions, with a dot.
    @Test func dataTakesTheDottedSpellingToo() throws {
        let text = """
            screen: S
            inputs:
              failure: Error
            scenarios:
              - name: s
                steps:
                  - send: { failure: .http(409) }
                  - expect: { failure: http(409) }
                  - send: { failure: .notEnabled }

            """
        let loaded = SpecLoader.load(text: text, path: "t.yaml")
        #expect(loaded.diagnostics.isEmpty, "\(loaded.renderDiagnostics())")
        let steps = try #require(loaded.spec?.scenarios.first?.steps)
        #expect(steps.map(\.text) == ["send failure = http(409)", "expect failure == http(409)", "send failure = notEnabled"])
    }

    @Test func errorKindIsABuiltInType() {
        let text = "screen: S\ntypes:\n  ErrorKind: [a, b]\n"
        #expect(SpecLoader.load(text: text, path: "t.yaml").diagnostics.map(\.description) == [
            "t.yaml:3:3: error: type 'ErrorKind' is already declared",
        ])
    }
}
