import ScreenSpec
import SpecRuntime
import SpecTesting
import Testing

/// Issue 39, a seventh first user's unclear diagnostics (a chat, a checkout, a stopwatch, a
/// booking screen): a stream read as a value is helped by where it is written, a view model with
/// a plain parameter says how view models are made, and a mark names what `mutate` names.
@Suite("Diagnostics of a seventh first user's mistakes")
struct AuthorSevenDiagnosticsTests {
    private func only(_ yaml: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> Diagnostic {
        let loaded = SpecLoader.load(text: yaml, path: "t.yaml")
        #expect(loaded.diagnostics.count == 1, "\(loaded.renderDiagnostics())", sourceLocation: sourceLocation)
        return try #require(loaded.diagnostics.first, sourceLocation: sourceLocation)
    }

    @Test("a navigation's params reading its 'on:' stream by name: '$0' is its element")
    func navigationParamsReadTheElementAsDollarZero() throws {
        let spec = """
            screen: Pay
            types:
              Order: { id: Int }
            actions:
              pay:
                work: { call: payments.pay }
            outputs:
              receipt: { navigate: { to: Pay, params: { order: pay.elements } }, on: pay.elements }
            params:
              order: "Order?"
            services:
              payments.pay: { returns: Order, result: { id: 7 } }
            """
        let d = try only(spec)
        #expect(d.description.hasPrefix("t.yaml:8:52: error: 'pay.elements' is an action elements stream and has no current value"), "\(d.description)")
        #expect(d.notes.map(\.message) == ["in a navigation's 'params:', '$0' is the element of the event or stream its 'on:' names: write '$0' (or a field of it, as in '$0.id')"])
        #expect(SpecLoader.load(text: spec.replacingOccurrences(of: "order: pay.elements }", with: "order: $0 }"), path: "t.yaml").diagnostics.isEmpty)
    }

    @Test("an 'expect:' condition reading a navigation: the mapping form checks it")
    func expectReadingANavigationShowsTheMappingForm() throws {
        let spec = """
            screen: Go
            inputs:
              go: event
            outputs:
              opened: { navigate: { to: Go }, on: go }
            scenarios:
              - name: s
                steps:
                  - send: go
                  - expect: 'opened.screen == "Go"'
            """
        let d = try only(spec)
        #expect(d.description.hasPrefix("t.yaml:10:18: error: 'opened' is an output stream and has no current value"), "\(d.description)")
        #expect(d.notes.map(\.message) == ["check a navigation with the mapping form of 'expect:', as in 'expect: { opened: { screen: SCREEN, params: { NAME: VALUE } } }'"])
        let fixed = spec.replacingOccurrences(of: #"'opened.screen == "Go"'"#, with: "{ opened: { screen: Go } }")
        #expect(SpecLoader.load(text: fixed, path: "t.yaml").diagnostics.isEmpty, "\(SpecLoader.load(text: fixed, path: "t.yaml").renderDiagnostics())")
    }

    @Test("a view model with a plain parameter that 'cells:' makes rows of: its rows are made per element of a list")
    func aViewModelsFirstParameterIsTheElementOfItsList() throws {
        let d = try only("""
            screen: TwoForms
            viewModels:
              AddressForm:
                params: { key: String }
                inputs:
                  postcode: String
            state:
              keys: { type: "[String]", initial: [] }
            cells:
              forms: { viewModel: AddressForm, for: keys }
            """)
        #expect(d.description == "t.yaml:4:20: error: the element of a row is a record, with a field that identifies it; found 'String'")
        #expect(d.notes.map(\.message).first == "a view model is made once per element of a list, by a 'cells:' entry; its first parameter is that element")
        #expect(d.notes.map(\.message).last?.contains("under 'children:'") == true)
    }

    @Test("'equivalentMutants:' and 'unreachable:' may name a function, as 'mutate' reports its body's mutants")
    func aMarkMayNameAFunction() throws {
        let loaded = SpecLoader.load(text: """
            screen: EquivFn
            functions:
              half: { params: { t: Int }, returns: Int, body: 't / 2' }
            inputs:
              n: { type: Int, default: 0 }
            outputs:
              h: half(n)
            equivalentMutants:
              - { in: half, change: "t / 2 -> t / 3", reason: "demo" }
              - { in: hafl, change: "t / 2 -> t / 3", reason: "demo" }
            """, path: "t.yaml")
        #expect(loaded.diagnostics.map(\.description) == ["t.yaml:10:11: error: unknown declaration 'hafl'; did you mean 'half'?"], "\(loaded.renderDiagnostics())")
    }
}
