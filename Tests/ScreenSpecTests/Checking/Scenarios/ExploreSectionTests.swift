import ScreenSpec
import SpecRuntime
import Testing

/// `invariants:` and `explore:`: what they check into, and every mistake located.
@Suite struct ExploreSectionTests {
    private let head = """
        screen: S
        inputs:
          email: { type: String, default: "" }
          row: Int
          tap: event
        state:
          n: { type: Int, initial: 0 }
        actions:
          save:
            trigger: tap
            work: { call: api.save }
          reload:
            work: { call: api.save }
        services:
          api.save: { returns: Int, result: 1, latency: 300ms }

        """

    private func errors(_ yaml: String) -> [String] {
        let loaded = SpecLoader.load(text: head + yaml, path: "/nonexistent-folder/t.yaml")
        return loaded.diagnostics.filter { $0.severity == .error }.map { "\($0.range.start.line):\($0.range.start.column): \($0.message)" }
    }

    @Test func invariantsBecomeHiddenBoolNodes() throws {
        let spec = try #require(SpecLoader.load(text: head + "invariants:\n  small: n < 3\n", path: "t.yaml").spec)
        let node = try #require(spec.node(named: "small"))
        #expect(spec.invariants.map(\.name) == ["small"])
        #expect(spec.invariants[0].node == node && node == spec.nodes.count - 1)
        #expect(!spec.nodes[node].visible && spec.nodes[node].type == .bool)
    }

    @Test func defaultsComeFromTheRestOfTheSpec() throws {
        let spec = try #require(SpecLoader.load(text: head + """
            scenarios:
              - name: a
                steps:
                  - set: { email: "a@b.c" }
                  - send: { row: 4 }
                  - wait: 2s
            """, path: "t.yaml").spec)
        let plan = spec.explore
        #expect(plan.inputs.map { spec.nodes[$0.node].name } == ["email", "row"])
        #expect(plan.inputs[0].values == [.string(""), .string("a@b.c")])
        #expect(plan.inputs[1].values == [.int(4)])
        #expect(plan.events.map { spec.nodes[$0].name } == ["tap"])
        #expect(plan.actions.map { spec.actions[$0].name } == ["reload"])
        #expect(plan.actionInputs == [[.void]])
        #expect(plan.waits == [0, 300, 2000])
        #expect(plan.services.isEmpty && plan.depth == nil)
    }

    @Test func anExploreSectionIsResolved() throws {
        let spec = try #require(SpecLoader.load(text: head + """
            explore:
              inputs:
                email: ["", "x@y.z", "x@y.z"]
              events: [tap, reload]
              waits: [0ms, 100ms]
              services:
                api.save: [{ value: 2 }, { fail: http(500), latency: 1s }, { latency: 5s }]
              depth: 4
            """, path: "t.yaml").spec)
        let plan = spec.explore
        #expect(plan.inputs.count == 1 && plan.inputs[0].values == [.string(""), .string("x@y.z")])
        #expect(plan.events.count == 1 && plan.actions.count == 1)
        #expect(plan.waits == [0, 100])
        #expect(plan.services.count == 1 && plan.services[0].outcomes.count == 3)
        #expect(plan.services[0].outcomes[2].outcome == nil && plan.services[0].outcomes[2].latency == 5000)
        #expect(plan.depth == 4)
    }

    @Test func hostileInvariants() {
        #expect(errors("""
            invariants:
              notBool: n + 1
              unknown: nn > 1
              email: n > 0
              "a.b": true
              empty:
            """) == [
                "17:12: expected 'Bool', found 'Int'",
                "18:12: unknown name 'nn'",
                "19:3: 'email' is declared twice",
                "20:3: 'a.b' is not a valid invariant name; use letters, digits and '_'",
                "21:9: expected an expression, found nothing",
            ])
    }

    @Test func hostileExploreSections() {
        #expect(errors("explore: [1, 2]\n") == ["16:10: 'explore:' must be a mapping of keys to values, found a list"])
        #expect(errors("""
            explore:
              input: {}
              inputs:
                email: "a@b.c"
                tap: [1]
                nope: [1]
                row: []
                n: [1]
              events: [email, nope, tap]
              waits: [0ms, soon, -1s]
              services:
                api.nope: [{ value: 1 }]
                api.save: [{ value: 1, fail: decode }, { value: "x" }, { latency: never }]
              depth: 0
            """) == [
                "17:3: unknown key 'input' in 'explore:'; did you mean 'inputs'?",
                "19:12: the values of 'email' must be a list, found a scalar",
                "20:5: 'tap' is an input event, which carries no value",
                "21:5: 'explore: inputs:' lists property and value inputs; 'nope' is not declared",
                "22:10: the values of 'row' is empty, so nothing would be tried",
                "23:5: 'explore: inputs:' lists property and value inputs; 'n' is a state",
                "24:12: 'explore: events:' lists input events and actions; 'email' is an input property",
                "24:19: 'explore: events:' lists input events and actions; 'nope' is not declared",
                "25:16: expected a duration such as '300ms' or '5s', found 'soon'",
                "25:22: expected a duration such as '300ms' or '5s', found '-1s'",
                "27:5: unknown service 'api.nope'",
                "28:16: an outcome takes 'value:' or 'fail:' (not both), or 'latency:' alone",
                "28:53: expected a value of type 'Int', found 'x'",
                "28:71: expected a duration such as '300ms' or '5s', found 'never'",
                "29:10: 'depth:' takes a whole number of steps from 1 to 1000, found '0'",
            ])
    }

    @Test func anActionWithAnInputRunsWithTheScenariosValues() throws {
        let yaml = """
            screen: T
            actions:
              remove:
                input: Int
                work: { call: s }
            services:
              s: { returns: Void }

            """
        let spec = try #require(SpecLoader.load(text: yaml + "scenarios:\n  - name: a\n    steps:\n      - send: { remove: 7 }\n", path: "t.yaml").spec)
        #expect(spec.explore.actions == [0] && spec.explore.actionInputs == [[.int(7)]])
        let none = try #require(SpecLoader.load(text: yaml, path: "t.yaml").spec)
        #expect(none.explore.actions.isEmpty)
        let asked = SpecLoader.load(text: yaml + "explore:\n  events: [remove]\n", path: "t.yaml")
        #expect(asked.diagnostics.map(\.message) == ["action 'remove' takes an input of type 'Int' and no scenario executes it with one, so there is nothing to send"])
    }

    @Test func listsAreBounded() {
        let many = (0..<65).map(String.init).joined(separator: ", ")
        #expect(errors("explore:\n  inputs:\n    row: [\(many)]\n  depth: 100000\n") == [
            "18:257: the values of 'row' lists 65 items; at most 64 are explored",
            "19:10: 'depth:' takes a whole number of steps from 1 to 1000, found '100000'",
        ])
    }
}
