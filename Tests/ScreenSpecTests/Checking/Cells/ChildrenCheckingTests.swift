import SpecRuntime
import Testing
@testable import ScreenSpec

private func diagnose(_ yaml: String) -> [String] {
    SpecLoader.load(text: yaml, path: "t.yaml").diagnostics.map(\.description)
}

/// A view model used by itself (`children:`): one row that always exists, read by the screen as
/// a record, its inputs streams of the screen, its steps naming no row; each misuse is one
/// located diagnostic.
@Suite("A view model used by itself: checking")
struct ChildrenCheckingTests {
    private func spec(children: String = "left: { viewModel: Counter, params: { step: '1' } }\n  right: { viewModel: Counter, params: { step: 'step' } }",
                      params: String = "{ step: Int }", extra: String = "", steps: String = "      - send: left.add") -> String {
        """
        screen: Twin
        state:
          step: { type: Int, initial: 2 }
        viewModels:
          Counter:
            params: \(params)
            inputs:
              add: event
              set: Int
            state:
              count: { type: Int, initial: 0 }
            outputs:
              big: count > 3
            handlers:
              - on: add
                set: { count: count + step }
              - on: set
                set: { count: set }
        children:
          \(children)
        \(extra)
        scenarios:
          - name: s
            steps:
        \(steps)
        """
    }

    @Test func aChildIsARecordOfItsNameAndItsInputsAreStreams() throws {
        let text = spec(children: "left: { viewModel: Counter, params: { step: '1' } }\n  right: { viewModel: Counter, params: { step: 'step' } }",
                        extra: "outputs:\n  both: 'left.count + right.count'\n  anyBig: left.big || right.big\nhandlers:\n  - on: left.add\n    set: { step: step + 1 }",
                        steps: "      - send: left.add\n      - set: { right.set: 5 }\n      - expect: { both: 6, anyBig: true, step: 3 }")
        let loaded = SpecLoader.load(text: text, path: "t.yaml")
        let checked = try #require(loaded.spec, "\(loaded.renderDiagnostics())")
        let left = try #require(checked.nodes.firstIndex { $0.name == "left" })
        #expect(checked.nodes[left].type == .record("Counter"))
        #expect(checked.nodes.contains { $0.name == "left.add" && $0.type == .record("Counter") })
        let plan = try #require(checked.cells.first)
        #expect(plan.instance == left)
        #expect(checked.nodes[plan.node].visible == false && checked.nodes[plan.source].visible == false)
        #expect(plan.fieldNames.first == "$instance" && plan.given?.count == 1)
        #expect(checked.scenarios[0].steps.map(\.text) == ["send left.add", "send right.set = 5", "expect both == 6", "expect anyBig == true", "expect step == 3"])
    }

    @Test func anUnknownViewModel() {
        #expect(diagnose(spec(children: "left: Countr")).first?.hasPrefix("t.yaml:20:9: error: unknown view model 'Countr'; did you mean 'Counter'?") == true,
                "\(diagnose(spec(children: "left: Countr")))")
    }

    @Test func aChildNamedAsAScreenName() {
        let found = diagnose(spec(children: "step: { viewModel: Counter, params: { step: '1' } }", steps: "      - wait: 1ms"))
        #expect(found == ["t.yaml:20:3: error: 'step' is declared twice: view model 'Counter' used by itself under 'children:', and state at line 3"], "\(found)")
    }

    @Test func aReadOfANameTheViewModelLacks() {
        let found = diagnose(spec(extra: "outputs:\n  n: left.total", steps: "      - wait: 1ms"))
        #expect(found.count == 1 && found[0].hasPrefix("t.yaml:23:") && found[0].contains("'total'"), "\(found)")
    }

    @Test func aRowGivenToAChild() {
        let found = diagnose(spec(steps: "      - send: { left.add: { row: 0 } }\n      - send: { left.set: { row: 0, value: 2 } }"))
        #expect(found == [
            "t.yaml:26:29: error: 'left' is view model 'Counter' used by itself: a step names 'left.add' with no 'row:'",
            "t.yaml:27:29: error: 'left' is view model 'Counter' used by itself: a step names 'left.set' with no 'row:'",
        ], "\(found)")
    }

    @Test func aParameterNotGivenOrUnknown() {
        let found = diagnose(spec(children: "left: { viewModel: Counter, params: { stp: '1' } }"))
        #expect(found.count == 2, "\(found)")
        #expect(found.contains { $0.contains("error: view model 'Counter' has no parameter 'stp' for 'params:' to give; did you mean 'step'?") }, "\(found)")
        #expect(found.contains { $0.contains("error: view model 'Counter' needs parameter 'step' of type 'Int', which 'child left' does not give") }, "\(found)")
    }

    @Test func aViewModelThatMakesRowsIsNotUsedByItself() {
        let found = diagnose("""
            screen: Mixed
            types:
              Item: { id: Int }
            state:
              items: { type: "[Item]", initial: [] }
            viewModels:
              Row:
                params: { item: Item }
                inputs:
                  tap: event
            cells:
              rows: { viewModel: Row, for: items }
            children:
              one: Row
            """)
        #expect(found == ["t.yaml:14:8: error: view model 'Row' makes the rows of 'cells rows', so it is not also used by itself"], "\(found)")
    }

    @Test func setWritesAValueInputNotAnEvent() {
        let found = diagnose(spec(steps: "      - set: { left.add: 1 }"))
        #expect(found == ["t.yaml:26:16: error: 'set:' writes a value, but 'left.add' is an event of 'left'"], "\(found)")
    }

    @Test("a view model no list makes rows of checks as used by itself, so author7's lone form is no error")
    func aLoneViewModelChecks() {
        #expect(diagnose("""
            screen: TwoForms
            viewModels:
              AddressForm:
                params: { key: String }
                inputs:
                  postcode: String
                outputs:
                  ok: "true"
            children:
              shipping: { viewModel: AddressForm, params: { key: '"shipping"' } }
              billing: { viewModel: AddressForm, params: { key: '"billing"' } }
            outputs:
              both: shipping.ok && billing.ok
            """) == [])
    }
}
