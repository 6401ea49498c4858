import Testing
@testable import ScreenSpec

private func diagnose(_ yaml: String) -> String {
    SpecLoader.load(text: yaml, path: "t.yaml").renderDiagnostics()
}

/// `echo: PARAM`: a service answering a call with one of its arguments is checked against
/// `params:` and `returns:`, wherever a result is written; `completions` is an action's output.
@Suite("Echoing services and action completions: checking")
struct EchoCheckingTests {
    @Test func theEchoedParameterMustFitTheResultType() {
        #expect(diagnose("""
            screen: S
            services:
              api.a: { returns: String, params: { n: Int }, echo: n }

            """) == """
            t.yaml:3:55: error: 'echo: n' answers its argument of type 'Int', but service 'api.a' returns 'String'
              |
            3 |   api.a: { returns: String, params: { n: Int }, echo: n }
              |                                                       ^
            note: echo a parameter of type 'String', or answer with 'result:' or 'cases:'

            """)
    }

    @Test func anUnknownParameterIsNamedWithTheDeclaredOnes() {
        #expect(diagnose("""
            screen: S
            services:
              api.a:
                returns: String
                params: { text: String }
                cases: [ { when: { text: a }, echo: txt } ]
                result: ""

            """) == """
            t.yaml:6:41: error: service 'api.a' has no parameter 'txt' to echo; did you mean 'text'?
              |
            6 |     cases: [ { when: { text: a }, echo: txt } ]
              |                                         ^~~
            note: its parameters are 'text: String'

            """)
    }

    @Test func echoNeedsParams() {
        #expect(diagnose("""
            screen: S
            services:
              api.a:
                returns: Int
                results: [ { fail: unknown }, { echo: n } ]

            """) == """
            t.yaml:5:43: error: service 'api.a' answers with its argument 'n', so it must declare its 'params:'
              |
            5 |     results: [ { fail: unknown }, { echo: n } ]
              |                                           ^
            help: add 'params: { n: Int }' to the service

            """)
    }

    @Test func echoIsOneWayOfAnswering() {
        let text = diagnose("""
            screen: S
            services:
              api.a: { returns: Int, params: { n: Int }, echo: n, result: 1 }

            """)
        // At the second way written (a twelfth first user's 8: it pointed at 'returns:').
        #expect(text.contains("t.yaml:3:63: error: service 'api.a' takes one of 'result:', 'results:', 'fails:', 'sequence:' or 'echo:', found 'echo:' and 'result:'"), "\(text)")
    }

    @Test func anOverrideEchoesTheSpecsParameters() {
        #expect(diagnose("""
            screen: S
            services:
              api.a: { returns: Int, params: { n: Int }, result: 1 }
            scenarios:
              - name: s
                services:
                  api.a: { echo: m }
                steps: []

            """) == """
            t.yaml:7:22: error: service 'api.a' has no parameter 'm' to echo
              |
            7 |       api.a: { echo: m }
              |                      ^
            note: its parameters are 'n: Int'

            """)
    }

    @Test func completionsIsVoidAndNotAValue() throws {
        #expect(diagnose("""
            screen: S
            state:
              n: { type: Int, initial: 0 }
            outputs:
              wrong: save.completions
            actions:
              save: { trigger: save.completions, work: { call: api.save } }
            services:
              api.save: { returns: Void }

            """) == """
            t.yaml:5:10: error: 'save.completions' is an action completions stream and has no current value
              |
            5 |   wrong: save.completions
              |          ^~~~~~~~~~~~~~~~
            note: use it as an action's 'trigger:' or a handler's 'on:', where its value is read by its name

            t.yaml:7:20: error: action 'save' cannot be triggered by its own results
              |
            7 |   save: { trigger: save.completions, work: { call: api.save } }
              |                    ^~~~~~~~~~~~~~~~

            """)
        let loaded = SpecLoader.load(text: """
            screen: S
            state:
              n: { type: Int, initial: 0 }
            actions:
              save: { work: { call: api.save } }
            handlers:
              - on: save.completions
                set: { n: n + 1 }
            services:
              api.save: { returns: Int, result: 1 }

            """, path: "t.yaml")
        let spec = try #require(loaded.spec, "\(loaded.renderDiagnostics())")
        let node = try #require(spec.actions[0].completions)
        #expect(spec.nodes[node].name == "save.completions" && spec.nodes[node].type == .void && spec.nodes[node].visible)
    }
}
