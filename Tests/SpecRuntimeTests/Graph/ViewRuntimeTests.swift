import ScreenSpec
import SpecRuntime
@testable import SpecRuntime
import Testing

/// One emission of one node: what runtime tests compare.
private struct Sample: Equatable, CustomStringConvertible {
    var time: Int
    var value: Value
    init(_ time: Int, _ value: Value) {
        self.time = time
        self.value = value
    }
    var description: String { "(\(time), \(value))" }
}

/// Plays scenario `index` of a spec written inline.
private func play(_ yaml: String, scenario index: Int = 0, sourceLocation: SourceLocation = #_sourceLocation) throws -> Timeline {
    let loaded = SpecLoader.load(text: yaml, path: "t.yaml")
    #expect(loaded.diagnostics.isEmpty, "\(loaded.renderDiagnostics())", sourceLocation: sourceLocation)
    let spec = try #require(loaded.spec, sourceLocation: sourceLocation)
    return ScenarioRunner.run(spec, scenario: index)
}

extension Timeline {
    fileprivate func samples(_ name: String) -> [Sample] {
        entries.compactMap { if case .emission(let t, name, let v) = $0 { Sample(t, v) } else { nil } }
    }

    fileprivate var steps: [String] {
        entries.compactMap { if case .step(_, let text) = $0 { text } else { nil } }
    }

    fileprivate var runtimeErrors: [String] {
        entries.compactMap { if case .runtimeError(_, let message) = $0 { message } else { nil } }
    }
}

private let login = """
    screen: Login
    inputs:
      email: { type: String, default: "" }
      password: { type: String, default: "" }
    outputs:
      canLogin: email.count >= 10 && password.count >= 4
    actions:
      login:
        enabledIf: canLogin
        work: { call: auth.signIn }
    services:
      auth.signIn: { returns: Void, latency: 5s }
    view:
      email: { textField: { text: { twoWay: email } } }
      password: { textField: { text: { twoWay: password } } }
      confirm: { button: { action: login } }

    """

@Suite("View runtime")
struct ViewRuntimeTests {
    @Test func aButtonBoundToAnActionIsEnabledExactlyWhenItIs() throws {
        let t = try play(login + """
            scenarios:
              - name: s
                steps:
                  - type: { email: "someone@example.com", password: "hunter2" }
                  - tap: confirm
                  - wait: 5s
            """)
        #expect(t.samples("confirm.enabled") == [Sample(0, .bool(false)), Sample(0, .bool(true)), Sample(0, .bool(false)), Sample(5000, .bool(true))])
        #expect(t.samples("login.enabled") == [Sample(0, .bool(false)), Sample(0, .bool(true)), Sample(0, .bool(false)), Sample(5000, .bool(true))])
        #expect(t.samples("login.executing") == [Sample(0, .bool(false)), Sample(0, .bool(true)), Sample(5000, .bool(false))])
        #expect(t.samples("email.text") == [Sample(0, .string("")), Sample(0, .string("someone@example.com"))])
    }

    @Test func tappingADisabledButtonReachesNothing() throws {
        let t = try play(login + """
            scenarios:
              - name: s
                steps:
                  - type: { email: "short" }
                  - tap: confirm
                  - expect: { login.executing: false }
            """)
        #expect(t.steps == ["type \"short\" into email", "tap confirm — ignored, the button is disabled"])
        // The Action library would emit notEnabled if the tap reached it; UIKit sends nothing.
        #expect(t.samples("login.errors").isEmpty)
        #expect(t.samples("login.executing") == [Sample(0, .bool(false))])
        #expect(t.passed)
    }

    @Test func theViewModelWritingATwoWayPropertyDoesNotEchoBack() throws {
        let t = try play("""
            screen: Echo
            inputs:
              name: { type: String, default: "a" }
              clear: event
              edits: String
            state:
              writes: { type: Int, initial: 0 }
            handlers:
              - on: clear
                set: { name: '""' }
              - on: edits
                set: { writes: writes + 1 }
            view:
              field: { textField: { text: { twoWay: name, get: name.uppercased(), set: field.text.lowercased() }, editingChanged: edits } }
            scenarios:
              - name: s
                steps:
                  - type: { field: "XY" }
                  - expect: { name: "xy" }
                  - send: clear
                  - wait: 1s
                  - type: { field: "Q" }
            """)
        // The field shows the view model's value through the getter, once per change.
        #expect(t.samples("field.text") == [Sample(0, .string("A")), Sample(0, .string("XY")), Sample(0, .string("")), Sample(1000, .string("Q"))])
        // Only the person's two edits reach the view model's edit stream: the view model's write did not echo.
        #expect(t.samples("writes") == [Sample(0, .int(0)), Sample(0, .int(1)), Sample(1000, .int(2))])
        #expect(t.passed)
    }

    @Test func aTableBinderUsesItsDefault() throws {
        let t = try play("""
            screen: Picker
            view:
              picker: { segmentedControl: { segments: 4 } }
              label: label
            bindings:
              - bind: picker.selectedIndex
                to: [label.text, label.textColor]
                table:
                  0: ["Red", red]
                  1: ["Green", green]
                  default: ["Unknown", black]
            scenarios:
              - name: s
                steps:
                  - pick: { picker: 1 }
                  - pick: { picker: 3 }
                  - pick: { picker: 0 }
            """)
        #expect(t.samples("label.text") == [Sample(0, .string("Unknown")), Sample(0, .string("Green")), Sample(0, .string("Unknown")), Sample(0, .string("Red"))])
        #expect(t.samples("label.textColor") == [Sample(0, .color(.white(0))), Sample(0, .color(.rgb(0, 1, 0))), Sample(0, .color(.white(0))),
                                                 Sample(0, .color(.rgb(1, 0, 0)))])
    }

    @Test func aValueAComponentCannotTakeIsALocatedRuntimeError() throws {
        let t = try play("""
            screen: Range
            inputs:
              steps: { type: Int, default: 1 }
            view:
              slider: { slider: { value: Double(steps) / 4 } }
            scenarios:
              - name: s
                steps:
                  - set: { steps: 3 }
                  - set: { steps: 6 }
                  - set: { steps: 2 }
            """)
        #expect(t.samples("slider.value") == [Sample(0, .double(0.25)), Sample(0, .double(0.75)), Sample(0, .double(0.5))])
        #expect(t.runtimeErrors == ["binding of 'slider.value' at t.yaml:5:30: 'slider.value' cannot take 1.5; it takes 0.0...1.0"])
    }

    @Test func delegateCallbacksBecomeStreamsAndRowsCarryTheirModels() throws {
        let t = try play("""
            screen: List
            types:
              Repo: { name: String }
            inputs:
              repos: { type: "[Repo]", default: [{ name: a }, { name: b }] }
              opened: Repo
              reload: event
              pinged: Int
            state:
              last: { type: String, initial: "" }
              reloads: { type: Int, initial: 0 }
              pings: { type: Int, initial: 0 }
            handlers:
              - on: opened
                set: { last: opened.name }
              - on: reload
                set: { reloads: reloads + 1 }
              - on: pinged
                set: { pings: pings + pinged }
            view:
              table: { table: { rows: repos, rowSelected: opened, refresh: reload } }
              beacon:
                component:
                  callbacks: { didPing: { strength: Int } }
                  didPing: pinged
            scenarios:
              - name: s
                steps:
                  - select: { table: 1 }
                  - refresh: table
                  - fire: { beacon.didPing: 7 }
                  - select: { table: 5 }
            """)
        #expect(t.samples("last") == [Sample(0, .string("")), Sample(0, .string("b"))])
        #expect(t.samples("reloads") == [Sample(0, .int(0)), Sample(0, .int(1))])
        #expect(t.samples("pings") == [Sample(0, .int(0)), Sample(0, .int(7))])
        #expect(t.runtimeErrors == ["t.yaml:32:19: 'table' has 2 rows, so row 5 cannot be selected"])
    }

    @Test func componentsAreNamedByPropertyInJSON() throws {
        let t = try play(login + """
            scenarios:
              - name: s
                steps:
                  - type: { email: "x" }
            """)
        let json = TimelineFormatter.jsonLines(t)
        #expect(json.contains(#"{"type":"emission","scenario":"s","time_ms":0,"output":"email.text","value":"x"}"#))
        #expect(json.contains(#"{"type":"step","scenario":"s","time_ms":0,"step":"type \"x\" into email"}"#))
    }
}
