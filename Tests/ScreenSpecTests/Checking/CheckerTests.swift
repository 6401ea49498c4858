@testable import ScreenSpec
import SpecTesting
import Testing

/// Loads `yaml` as `t.yaml` and renders its diagnostics without colour.
private func diagnose(_ yaml: String) -> String {
    SpecLoader.load(text: yaml, path: "t.yaml").renderDiagnostics()
}

private let login = """
    screen: Login
    inputs:
      email: { type: String, default: "" }
      password: { type: String, default: "" }
      confirm: event
    outputs:
      canLogin: email.count >= 10 && password.count >= 4
    actions:
      login:
        trigger: confirm
        enabledIf: canLogin
        work: { call: auth.signIn }
    services:
      auth.signIn: { returns: Void, latency: 5s }

    """

@Suite("Checker")
struct CheckerTests {
    @Test func theSketchLoginChecks() throws {
        let loaded = SpecLoader.load(text: login, path: "t.yaml")
        #expect(loaded.diagnostics.isEmpty)
        let spec = try #require(loaded.spec)
        #expect(spec.nodes.filter(\.visible).map(\.name) == ["canLogin", "login.enabled", "login.executing", "login.elements", "login.errors"])
        let canLogin = try #require(spec.node(named: "canLogin"))
        #expect(spec.nodes[canLogin].type == .bool)
        // Rank: canLogin after the inputs it reads, login.enabled after canLogin and executing.
        let enabled = try #require(spec.node(named: "login.enabled"))
        let executing = try #require(spec.node(named: "login.executing"))
        #expect(spec.rank[canLogin] > spec.rank[try #require(spec.node(named: "email"))])
        #expect(spec.rank[enabled] > spec.rank[canLogin])
        #expect(spec.rank[enabled] > spec.rank[executing])
    }

    @Test func unknownNameWithSuggestionRenderedWhole() {
        let text = login.replacingOccurrences(of: "email.count >= 10", with: "1️⃣emial.count >= 10")
        assertDiagnostics(text, [DiagnosticSpec(message: "unknown name 'emial'; did you mean 'email'?", id: "unknown-name")], rendered: """
            t.yaml:7:13: error: unknown name 'emial'; did you mean 'email'?
              |
            7 |   canLogin: emial.count >= 10 && password.count >= 4
              |             ^~~~~

            """)
    }

    @Test func typeMismatchSaysExpectedAndFound() {
        let text = login.replacingOccurrences(of: "enabledIf: canLogin", with: "enabledIf: 1️⃣email.count")
        assertDiagnostics(text, [DiagnosticSpec(message: "expected 'Bool', found 'Int'")], rendered: """
            t.yaml:11:16: error: expected 'Bool', found 'Int'
               |
            11 |     enabledIf: email.count
               |                ^~~~~~~~~~~

            """)
    }

    @Test func reportsEveryErrorAtOnceInFileOrder() {
        assertDiagnostics("""
            screen: S
            inputs:
              a: { type: Int, default: 1 }
              tap: event
            outputs:
              b: 1️⃣a + "x"
              c: d
              2️⃣d: c
            scenarios:
              - name: s
                steps:
                  - set: { 3️⃣b: 2 }
                  - send: { tap: 4️⃣3 }
                  - expect: { a: 5️⃣"one" }
                  - 6️⃣jump: 1
            """, [
                DiagnosticSpec("1️⃣", message: "'+' cannot combine 'Int' and 'String'"),
                DiagnosticSpec("2️⃣", message: "dependency cycle: 'd' -> 'c' -> 'd'"),
                DiagnosticSpec("3️⃣", message: "'set:' writes an input property, but 'b' is an output"),
                DiagnosticSpec("4️⃣", message: "'tap' is an event and carries no value"),
                DiagnosticSpec("5️⃣", message: "expected a value of type 'Int', found 'one'"),
                DiagnosticSpec("6️⃣", message: "unknown step 'jump'"),
            ])
    }

    @Test func unknownKeysAreLocatedWithTheNearestKnownKey() {
        let text = login + "scenarios:\n  - name: s\n    stpes: []\n"
        #expect(diagnose(text) == """
            t.yaml:17:5: error: unknown key 'stpes' in a scenario; did you mean 'steps'?
               |
            17 |     stpes: []
               |     ^~~~~
            note: expected one of: 'name', 'params', 'services', 'steps'

            """)
    }

    @Test func bangAtTheStartOfAnExpressionIsAYAMLTag() {
        let text = login.replacingOccurrences(of: "enabledIf: canLogin", with: "enabledIf: !canLogin")
        #expect(diagnose(text) == """
            t.yaml:11:16: error: YAML reads '!canLogin' as a tag, not as the operator '!'
               |
            11 |     enabledIf: !canLogin
               |                ^~~~~~~~~
            help: quote the expression: "!canLogin"

            """)
    }

    @Test func aQuotedWordIsANameAndTheNoteSaysHowToWriteText() {
        let text = "screen: S\noutputs:\n  title: \"Hello\"\n"
        #expect(diagnose(text) == """
            t.yaml:3:11: error: unknown name 'Hello'
              |
            3 |   title: "Hello"
              |           ^~~~~
            note: to write text, put quotes inside the YAML value, as in '"Hello"'

            """)
    }

    @Test func aFailedDeclarationDoesNotCascade() {
        let text = "screen: S\ninputs:\n  a: { type: Strng, default: \"\" }\noutputs:\n  b: a.count > 1\n  c: b && true\n"
        let messages = SpecLoader.load(text: text, path: "t.yaml").diagnostics.map(\.description)
        #expect(messages == ["t.yaml:3:14: error: unknown type 'Strng'; did you mean 'String'?"])
    }

    @Test func outputsMayBeWrittenInAnyOrder() throws {
        let text = "screen: S\ninputs:\n  a: { type: Int, default: 1 }\noutputs:\n  c: b * 2\n  b: a + 1\n"
        let spec = try #require(SpecLoader.load(text: text, path: "t.yaml").spec)
        #expect(spec.nodes[try #require(spec.node(named: "c"))].type == .int)
    }

    @Test func aLongChainChecksWithoutDeepRecursion() throws {
        var text = "screen: S\ninputs:\n  o0: { type: Int, default: 0 }\noutputs:\n"
        for i in stride(from: 20_000, through: 1, by: -1) { text += "  o\(i): o\(i - 1) + 1\n" }
        let loaded = SpecLoader.load(text: text, path: "t.yaml")
        #expect(loaded.diagnostics.isEmpty)
        #expect(loaded.spec?.nodes.count == 20_001)
    }

    @Test func missingScreenAndWrongSectionShapes() {
        let messages = SpecLoader.load(text: "inputs: [a, b]\noutputs: 3\n", path: "t.yaml").diagnostics.map(\.description)
        #expect(messages == [
            "t.yaml:1:1: error: the spec has no 'screen:' naming the screen",
            "t.yaml:1:9: error: 'inputs' must be a mapping of names to declarations, found a list",
            "t.yaml:2:10: error: 'outputs' must be a mapping of names to declarations, found a scalar",
        ])
    }
}

private extension String {
    func replacingOccurrences(of a: String, with b: String) -> String {
        split(separator: a, omittingEmptySubsequences: false).joined(separator: b)
    }
}
