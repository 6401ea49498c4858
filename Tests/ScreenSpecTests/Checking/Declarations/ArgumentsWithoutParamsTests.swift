import Testing
@testable import ScreenSpec

private func diagnose(_ yaml: String) -> String {
    SpecLoader.load(text: yaml, path: "t.yaml").renderDiagnostics()
}

/// A service without `params:` takes no arguments (the author's report, silent trap 3): a call
/// that gives it `with:` is located at its first argument, with the `params:` to declare.
@Suite("Arguments to a service without params: checking")
struct ArgumentsWithoutParamsTests {
    @Test func eachCallThatGivesArgumentsIsLocatedWithTheParamsToDeclare() {
        #expect(diagnose("""
            screen: M2
            inputs:
              q: String
            outputs:
              b: { stream: q, ops: [ { flatMapLatest: { call: api.x, with: { id: $0 } } } ] }
            actions:
              act:
                input: String
                work: { call: api.x, with: { name: $0, other: 3 } }
            services:
              api.x: { returns: Int, result: 1 }

            """) == """
            t.yaml:5:66: error: service 'api.x' declares no 'params:', so its call cannot take 'id'
              |
            5 |   b: { stream: q, ops: [ { flatMapLatest: { call: api.x, with: { id: $0 } } } ] }
              |                                                                  ^~
            note: a service checks the arguments of its calls against its 'params:'
            help: add 'params: { id: String }' to service 'api.x'

            t.yaml:9:34: error: service 'api.x' declares no 'params:', so its call cannot take 'name', 'other'
              |
            9 |     work: { call: api.x, with: { name: $0, other: 3 } }
              |                                  ^~~~
            note: a service checks the arguments of its calls against its 'params:'
            help: add 'params: { name: String, other: Int }' to service 'api.x'

            """)
    }

    @Test func aCallWithoutArgumentsAndAnUnknownServiceSayNothingMore() {
        let loaded = SpecLoader.load(text: """
            screen: S
            actions:
              a: { work: { call: api.x } }
              b: { work: { call: api.y, with: { id: 1 } } }
            services:
              api.x: { returns: Int, result: 1 }

            """, path: "t.yaml")
        #expect(loaded.diagnostics.map(\.id) == ["unknown-name"], "\(loaded.renderDiagnostics())")
    }
}
