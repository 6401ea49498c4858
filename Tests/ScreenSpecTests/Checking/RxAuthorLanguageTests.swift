import Foundation
@testable import ScreenSpec
import SpecRuntime
import SpecTesting
import Testing

/// A third first user, an RxSwift author, wrote view models the Swift way: state from the
/// screen's parameters, enum cases with their type, a row's action state read from the screen.
/// Each repro of the report (notes/author3/scratch) is accepted and plays, or gets one located
/// message with the fix.
@Suite("The language as an RxSwift author writes it")
struct RxAuthorLanguageTests {
    private func diagnostics(_ yaml: String) -> [Diagnostic] {
        SpecLoader.load(text: yaml, path: "t.yaml").diagnostics
    }

    private func only(_ yaml: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> Diagnostic {
        let loaded = SpecLoader.load(text: yaml, path: "t.yaml")
        #expect(loaded.diagnostics.count == 1, "\(loaded.renderDiagnostics())", sourceLocation: sourceLocation)
        return try #require(loaded.diagnostics.first, sourceLocation: sourceLocation)
    }

    private func loads(_ yaml: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> CheckedSpec {
        let loaded = SpecLoader.load(text: yaml, path: "t.yaml")
        #expect(loaded.diagnostics.isEmpty, "\(loaded.renderDiagnostics())", sourceLocation: sourceLocation)
        return try #require(loaded.spec, sourceLocation: sourceLocation)
    }

    private func plays(_ spec: CheckedSpec, sourceLocation: SourceLocation = #_sourceLocation) {
        for timeline in ScenarioRunner.runAll(spec) {
            #expect(timeline.passed, "\(TimelineFormatter.text(timeline))", sourceLocation: sourceLocation)
        }
    }

    // W6, scratch/state_from_param.yaml: `init(todos:) { self.todos = BehaviorRelay(value: todos) }`.
    static let fromParameter = """
        screen: Todos
        params:
          saved: "[Int]"
        state:
          todos: { type: "[Int]", initial: saved }
          count: { type: Int, initial: saved.count + 1 }
        inputs:
          add: event
        handlers:
          - on: add
            set: { todos: 'todos + [todos.count]' }
        outputs:
          edits: { stream: todos, ops: [ { skip: 1 }, { map: $0.count } ] }
        scenarios:
          - name: the state starts from the parameter, and its first change is the first edit
            params: { saved: [1, 2] }
            steps:
              - expect: { todos: [1, 2], count: 3 }
              - send: add
              - expect: { todos: [1, 2, 2], edits: 3 }
          - name: an empty parameter is an empty start
            params: { saved: [] }
            steps:
              - expect: { todos: [], count: 1 }
        """

    @Test("a state's initial value read from a screen parameter: accepted, played, and compiled")
    func stateFromParameter() throws {
        let spec = try loads(Self.fromParameter)
        plays(spec)
        // The compiled program carries it.
        let json = try CompiledSpec.json(spec)
        let loaded = try CompiledSpec.load(json: Data(json.utf8))
        plays(loaded)
    }

    @Test("a compiled program whose state's first value reads anything but a parameter is refused")
    func compiledStateInitialReadsParametersOnly() throws {
        let json = try CompiledSpec.json(try loads(Self.fromParameter))
        let read = #""stateInitials":[{"node":2,"value":{"node":{"_0":0}}}"#
        #expect(json.contains(read))
        let wrong = json.replacingOccurrences(of: read, with: #""stateInitials":[{"node":2,"value":{"node":{"_0":1}}}"#)
        #expect(throws: CompiledSpecError.self) { try CompiledSpec.load(json: Data(wrong.utf8)) }
        do {
            _ = try CompiledSpec.load(json: Data(wrong.utf8))
        } catch {
            #expect("\(error)".contains("stateInitials[0] reads node 1, which is not a parameter"), "\(error)")
        }
    }

    @Test("a state's initial value that reads an input, state or output: one located error with the reason")
    func stateFromAnotherState() throws {
        let d = try only("""
            screen: A
            params:
              saved: "[Int]"
            state:
              base: { type: "[Int]", initial: [] }
              todos: { type: "[Int]", initial: saved + base }
            """)
        #expect(d.description == "t.yaml:6:44: error: 'initial:' is computed once, when the screen starts, from its parameters and literals; 'base' is state, which has no value yet then")
        // A text state keeps its word: `initial: ready` is the text "ready".
        let text = try loads("""
            screen: A
            params:
              saved: "[Int]"
            outputs:
              ready: saved.count > 0
            state:
              word: { type: String, initial: ready }
            scenarios:
              - name: s
                params: { saved: [] }
                steps:
                  - expect: { word: ready }
            """)
        plays(text)
    }

    @Test("a parameter of the wrong type for the state: a type mismatch at the expression")
    func stateFromParameterOfAnotherType() throws {
        let d = try only("""
            screen: A
            params:
              saved: "[String]"
            state:
              todos: { type: "[Int]", initial: saved }
            """)
        #expect(d.description == "t.yaml:5:36: error: expected '[Int]', found '[String]'")
    }

    // W7, the report's todos.yaml: `Filter.active` as Swift writes it, in a ternary with `.all`.
    @Test("an enum case written with its type, and '.case' typed from the ternary's other branch")
    func qualifiedEnumCases() throws {
        let spec = try loads("""
            screen: A
            types:
              Filter: [all, active, done]
            inputs:
              index: { type: Int, default: 0 }
            outputs:
              filter: 'index == 1 ? Filter.active : index == 2 ? Filter.done : Filter.all'
              other: 'index == 0 ? .all : Filter.done'
              isAll: filter == Filter.all
            scenarios:
              - name: s
                steps:
                  - expect: { filter: all, other: all, isAll: true }
                  - set: { index: 2 }
                  - expect: { filter: done, other: done, isAll: false }
            """)
        plays(spec)
        let d = try only("screen: A\ntypes:\n  Filter: [all, done]\noutputs:\n  f: Filter.open\n")
        #expect(d.description == "t.yaml:5:13: error: 'Filter' has no case 'open'")
    }

    // D2, scratch/cascade_min.yaml with the mistake that is still one: one diagnostic, which says
    // how a value of the type is written, not the output of a near name.
    @Test("one mistake in an output the rows follow: one diagnostic, not one per step on the rows")
    func oneMistakeOneDiagnostic() throws {
        let d = try only("""
            screen: Cascade
            types:
              Item: { id: Int, title: String }
              Mode: [all, some]
            state:
              items: { type: "[Item]", initial: [{ id: 1, title: a }] }
            viewModels:
              Row:
                params: { item: Item }
                inputs: { tap: event }
                view:
                  button: { button: { tap: tap } }
            cells:
              rows: { viewModel: Row, for: shown }
            outputs:
              mode: Mode
              shown: 'mode == .all ? items : []'
            scenarios:
              - name: s
                steps:
                  - send: { rows.tap: { row: 1 } }
                  - tap: { rows.button: { row: 1 } }
            """)
        #expect(d.description == "t.yaml:16:9: error: 'Mode' is a type, not a value; write one of its cases, as in 'Mode.all' or '.all'")
        #expect(withArticle("row input") == "a row input" && withArticle("input event") == "an input event" && withArticle("state") == "state")
    }

    // W3/D3, scratch/row_action_field.yaml: the note listed `save.executing` as a field of the row.
    @Test("a row's action state read through the rows from the screen: accepted and played")
    func rowActionFieldFromTheScreen() throws {
        let spec = try loads("""
            screen: RowActionField
            types:
              Setting: { key: String }
            state:
              items: { type: "[Setting]", initial: [{ key: wifi }] }
            viewModels:
              SettingRow:
                params: { setting: Setting }
                inputs: { toggle: Bool }
                actions:
                  save: { trigger: toggle, work: { call: settings.save, with: { key: setting.key, on: $0 } } }
            cells:
              settings: { viewModel: SettingRow, for: items, id: key }
            outputs:
              anySaving: 'settings.contains { $0.save.executing }'
              firstSaving: settings.first?.save.executing ?? false
            services:
              settings.save: { params: { key: String, on: Bool }, returns: Bool, echo: on, latency: 100ms }
            scenarios:
              - name: s
                steps:
                  - expect: { anySaving: false, firstSaving: false }
                  - send: { settings.toggle: { row: wifi, value: true } }
                  - expect: { anySaving: true, firstSaving: true }
                  - wait: 100ms
                  - expect: { anySaving: false, firstSaving: false }
            """)
        plays(spec)
    }

    // D1, scratch/yaml_flow_help_min.yaml: the help quoted the next key too.
    @Test("'[' inside '{ ... }' with another entry after it: the help quotes the value alone, and loads")
    func flowMappingHelpQuotesOneValue() throws {
        let d = try only("""
            screen: FlowHelp
            inputs:
              tap: event
            state:
              xs: { type: "[Int]", initial: [] }
              n: { type: Int, initial: 0 }
            handlers:
              - on: tap
                set: { xs: xs + [n], n: n + 1 }
            """)
        #expect(d.fixIt == #"quote the expression: set: { xs: "xs + [n]", n: n + 1 }"#)
        _ = try loads("""
            screen: FlowHelp
            inputs:
              tap: event
            state:
              xs: { type: "[Int]", initial: [] }
              n: { type: Int, initial: 0 }
            handlers:
              - on: tap
                set: { xs: "xs + [n]", n: n + 1 }
            """)
    }

    // D4/W2, scratch/inner_ops_outer_element.yaml: the fix is the request's `as:`.
    @Test("the outer stream read inside a request's 'ops:': the message points to 'as:'")
    func outerElementInsideARequest() throws {
        let d = try only("""
            screen: InnerOuter
            types:
              Msg: { id: Int, text: String }
              Delivery: { id: Int, ok: Bool }
            inputs:
              out: Msg
            outputs:
              delivery:
                stream: out
                ops:
                  - flatMap:
                      call: chat.send
                      with: { id: $0.id, text: $0.text }
                      ops: [ { map: "Delivery(id: $0, ok: true)" }, { catch: "Delivery(id: out.id, ok: false)" } ]
            services:
              chat.send: { returns: Int, params: { id: Int, text: String }, latency: 1s, echo: id }
            """)
        #expect(d.message == "'out' is an input value stream and has no current value")
        #expect(d.fixIt == "add 'as: m' to the request (beside 'call: chat.send') and read 'm' instead of 'out'")
        #expect(d.notes.map(\.message) == ["inside the request's 'with:' and 'ops:', the element that started the call has the name its 'as:' gives it, as 'm' in Swift's 'out.flatMap { m in … }'"])
        _ = try loads("""
            screen: InnerOuter
            types:
              Msg: { id: Int, text: String }
              Delivery: { id: Int, ok: Bool }
            inputs:
              out: Msg
            outputs:
              delivery:
                stream: out
                ops:
                  - flatMap:
                      call: chat.send
                      with: { id: $0.id, text: $0.text }
                      as: m
                      ops: [ { map: "Delivery(id: $0, ok: true)" }, { catch: "Delivery(id: m.id, ok: false)" } ]
            services:
              chat.send: { returns: Int, params: { id: Int, text: String }, latency: 1s, echo: id }
            """)
    }

    // D5, scratch/expect_braces_expr.yaml.
    @Test("an expectation written in braces: the message says to drop them")
    func expectationInBraces() throws {
        let d = try only("""
            screen: ExpectBraces
            inputs:
              xs: { type: "[Int]", default: [1] }
            scenarios:
              - name: s
                steps:
                  - expect: { xs.count == 1 }
            """)
        #expect(d.description == "t.yaml:7:17: error: 'expect: { ... }' lists names and the values they must have, as in '{ count: 1 }'; an expression is written without braces")
        #expect(d.fixIt == #"write 'expect: "xs.count == 1"'"#)
    }
}
