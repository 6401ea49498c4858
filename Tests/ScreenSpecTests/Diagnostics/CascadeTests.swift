import Testing
@testable import ScreenSpec

/// A declaration that fails has no type, and every diagnostic that depends only on it stays
/// quiet: one mistake, one diagnostic, however much of the spec reads the broken name. Each test
/// compares the whole rendered output.
@Suite("No cascades")
struct CascadeTests {
    private func diagnose(_ yaml: String) -> String {
        SpecLoader.load(text: yaml, path: "t.yaml").renderDiagnostics()
    }

    /// Read by another output, a stream, an action, a component, a handler and expectations.
    @Test func aMisspelledNameGivesOneDiagnostic() {
        let spec = """
            screen: Signup
            inputs:
              email: { type: String, default: "" }
              password: { type: String, default: "" }
              submit: event
            state:
              changes: { type: Int, initial: 0 }
            outputs:
              canSubmit: email.count > 3 && pasword.count > 3
              hint: 'canSubmit ? "ready" : "fill in the form"'
              ticks: { stream: canSubmit, ops: [ { filter: $0 } ] }
            actions:
              signUp:
                trigger: submit
                enabledIf: canSubmit
                work: { call: api.signUp }
            services:
              api.signUp: { returns: Void, latency: 1s }
            view:
              go: { button: { enabled: canSubmit } }
            handlers:
              - on: canSubmit
                set: { changes: changes + 1 }
            scenarios:
              - name: s
                steps:
                  - expect: { canSubmit: false, hint: "fill in the form" }
                  - set: { email: abcdef, password: abcd }
                  - expect: { canSubmit: true, ticks: true, go.enabled: true }

            """
        #expect(diagnose(spec) == """
            t.yaml:9:33: error: unknown name 'pasword'; did you mean 'password'?
              |
            9 |   canSubmit: email.count > 3 && pasword.count > 3
              |                                 ^~~~~~~

            """)
    }

    /// Read by another output, a binder, a binding and expectations.
    @Test func aTypeErrorGivesOneDiagnostic() {
        let spec = """
            screen: Font
            inputs:
              size: { type: Int, default: 12 }
            outputs:
              caption: '"Font size: " + size'
              shout: caption.uppercased()
            view:
              sizeLabel: { label: { text: caption } }
            bindings:
              - bind: caption
                to: sizeLabel.textColor
                map: 'caption.isEmpty ? red : black'
            scenarios:
              - name: s
                steps:
                  - expect: { caption: "Font size: 12", shout: "FONT SIZE: 12", sizeLabel.text: "Font size: 12" }

            """
        #expect(diagnose(spec) == """
            t.yaml:5:13: error: '+' cannot combine 'String' and 'Int'
              |
            5 |   caption: '"Font size: " + size'
              |             ^~~~~~~~~~~~~~~~~~~~

            """)
    }

    /// The operators after it, a stream reading it, a handler, a binding and expectations. A
    /// misspelt operator is read as the one it nearly is; one with no near name leaves the
    /// output without a type. Either way: one diagnostic.
    @Test(arguments: ["debounse", "wait"])
    func aBadOperatorGivesOneDiagnostic(_ written: String) {
        let spec = """
            screen: Search
            inputs:
              query: String
            outputs:
              count:
                stream: query
                ops:
                  - \(written): 300ms
                  - map: $0.count
              long: { stream: count, ops: [ { filter: $0 > 3 } ] }
            handlers:
              - on: count
                set: { }
            view:
              countLabel: label
            bindings:
              - bind: count
                to: countLabel.text
                map: '"\\(count)"'
            scenarios:
              - name: s
                steps:
                  - send: { query: swift }
                  - wait: 300ms
                  - expect: { count: 5, long: 5 }

            """
        let operators = SpecReader.operatorNames.map { "'\($0)'" }.joined(separator: ", ")
        let suggestion = written == "debounse" ? "; did you mean 'debounce'?" : ""
        let carets = String(repeating: "~", count: written.count - 1)
        #expect(diagnose(spec) == """
            t.yaml:8:9: error: unknown operator '\(written)'\(suggestion)
              |
            8 |       - \(written): 300ms
              |         ^\(carets)
            note: operators are \(operators)

            """)
    }

    /// A service whose declaration fails leaves the results of the actions calling it untyped.
    @Test func aFailedServiceSilencesItsResults() {
        let spec = """
            screen: Save
            state:
              saved: { type: Int, initial: 0 }
            actions:
              save:
                work: { call: api.save }
            services:
              api.save: { returns: Itn, result: 1 }
            handlers:
              - on: save.elements
                set: { saved: save.elements }
            scenarios:
              - name: s
                steps:
                  - send: save
                  - expect: { save.elements: 1 }

            """
        let ids = SpecLoader.load(text: spec, path: "t.yaml").diagnostics.map(\.id)
        #expect(ids == ["unknown-type"])
    }

    /// A record with a field of an unknown type, an unknown trigger whose value 'with:' reads,
    /// and a table bound to an unknown list: one diagnostic each.
    @Test func failedTypesTriggersAndRowsGiveOneEach() {
        let spec = """
            screen: More
            types:
              Repo: { name: Strng, stars: Int }
              Owner: { repos: "[Repo]" }
            inputs:
              repos: { type: "[Repo]", default: [{ name: a, stars: 1 }] }
              owner: { type: Owner?, default: ~ }
              tapp: event
            outputs:
              names: 'repos.map { $0.name }.joined(", ")'
            actions:
              save:
                trigger: tap
                work: { call: api.save, with: { n: tap } }
            services:
              api.save: { returns: Int, result: 1, params: { n: Void } }
            view:
              list: { table: { rows: reposs, rowSelected: tapp } }
            scenarios:
              - name: s
                steps:
                  - expect: { names: "a", owner: ~ }
                  - select: { list: 0 }

            """
        let found = SpecLoader.load(text: spec, path: "t.yaml").diagnostics.map { "\($0.range.start.line):\($0.range.start.column) \($0.message)" }
        #expect(found == [
            "3:17 unknown type 'Strng'; did you mean 'String'?",
            "13:14 unknown trigger 'tap'; did you mean 'tapp'?",
            "18:26 unknown name 'reposs'",
        ])
    }

    /// A misspelt required key is one mistake, not also a missing key; the declaration it
    /// leaves unread (a service, a state) stays quiet where it is used.
    @Test func aMisspelledRequiredKeyIsOneDiagnostic() {
        let spec = """
            screen: S
            state:
              n: { type: Int, intial: 0 }
            actions:
              save:
                work: { call: api.save }
            services:
              api.save: { retuns: Int, result: 1 }
            handlers:
              - on: save.elements
                set: { n: n + 1 }
            scenarios:
              - name: s
                services:
                  api.save: { result: 2 }
                steps:
                  - send: save
                  - expect: { save.elements: 1, n: 1 }

            """
        let found = SpecLoader.load(text: spec, path: "t.yaml").diagnostics.map { "\($0.range.start.line):\($0.range.start.column) \($0.id)" }
        #expect(found == ["3:19 unknown-key", "8:15 unknown-key"])
    }

    /// Ten mistakes that do not depend on each other are ten diagnostics, each at its place,
    /// even though every broken name is also read elsewhere.
    @Test func tenIndependentMistakesGiveTen() {
        let spec = """
            screen: Ten
            inputs:
              email: { type: Strng, default: "" }
              password: { type: String, default: "" }
              size: { type: Int, default: 12 }
              query: String
              save: event
            outputs:
              canSubmit: password.count > 3 && pasword.count > 0
              caption: '"Size " + size'
              results:
                stream: query
                ops:
                  - debounse: 300ms
              ready: size > 0
            actions:
              submit:
                trigger: save
                enabledif: canSubmit
                work: { call: api.submit }
              store:
                work: { call: api.stor }
            services:
              api.submit: { returns: Void }
              api.store: { returns: Int, result: 1 }
            view:
              title: { lable: { text: caption } }
              status: { label: { text: caption } }
            handlers:
              - on: store.elements
                set: { size: store.elements }
            scenarios:
              - name: s
                steps:
                  - set: { ready: true }
                  - wiat: 1s
                  - wait: 5 seconds
                  - expect: { canSubmit: false, caption: "Size 12", results: 3, email: "", store.elements: 1, status.text: "Size 12" }

            """
        let found = SpecLoader.load(text: spec, path: "t.yaml").diagnostics.map { "\($0.range.start.line):\($0.range.start.column) \($0.id)" }
        #expect(found == [
            "3:18 unknown-type", "9:36 unknown-name", "10:13 type-mismatch", "14:9 unknown-operator", "19:5 unknown-key",
            "22:19 unknown-name", "27:12 unknown-component-kind", "35:16 invalid-step-target", "36:9 unknown-step", "37:15 invalid-duration",
        ])
    }
}
