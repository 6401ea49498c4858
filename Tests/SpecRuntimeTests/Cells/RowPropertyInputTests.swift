import ScreenSpec
import SpecRuntime
import SpecTesting
import Testing

/// A view model's input with a current value (`note: { type: String, default: "none" }`), a cell
/// view model's `BehaviorRelay(value:)`: a field of the row holding its default, then what was
/// sent last, read everywhere in the row, set by a handler, shown two-way without `get:`.
@Suite("A row's input with a current value")
struct RowPropertyInputTests {
    static let spec = """
        screen: Notes
        types:
          Item: { id: Int, title: String }
        state:
          items: { type: "[Item]", initial: [{ id: 1, title: Tea }, { id: 2, title: Cake }] }
        viewModels:
          Row:
            params: { item: Item }
            inputs:
              note: { type: String, default: "none" }
              qty: { type: Int, default: 1 }
              tag: { type: "String?" }
              reset: event
            outputs:
              caption: '"\\(qty) x \\(item.title) (\\(note))\\(tag ?? "")"'
            handlers:
              - on: reset
                set: { note: '"none"', qty: 1 }
            view:
              noteField: { textField: { text: { twoWay: note } } }
        cells:
          rows: { viewModel: Row, for: items }
        outputs:
          captions: 'rows.map { $0.caption }'
        scenarios:
          - name: s
            steps:
              - expect: { captions: ["1 x Tea (none)", "1 x Cake (none)"] }
              - type: { rows.noteField: { row: 2, value: warm } }
              - send: { rows.qty: { row: 1, value: 3 } }
              - send: { rows.tag: { row: 1, value: "!" } }
              - expect: { captions: ["3 x Tea (none)!", "1 x Cake (warm)"] }
              - send: { rows.reset: { row: 1 } }
              - expect: { captions: ["1 x Tea (none)!", "1 x Cake (warm)"] }
        """

    @Test func aPropertyIsAFieldFromItsDefaultReadEverywhereAndSetByAHandler() throws {
        let loaded = SpecLoader.load(text: Self.spec, path: "t.yaml")
        let checked = try #require(loaded.spec, "\(loaded.renderDiagnostics())")
        #expect(loaded.diagnostics.isEmpty, "\(loaded.renderDiagnostics())")
        let plan = try #require(checked.cells.first)
        let note = try #require(plan.fieldNames.firstIndex(of: "note"))
        #expect(plan.initial[note] == .string("none"))
        #expect(checked.types.records["Row"]?.first { $0.name == "qty" }?.type == .int, "never optional")
        let timeline = ScenarioRunner.run(checked, scenario: 0)
        #expect(timeline.passed, "\(TimelineFormatter.text(timeline))")
    }

    /// One mistake, one diagnostic: the field is still declared, so what reads or sets it says
    /// nothing more.
    @Test func aDefaultOfAnotherTypeIsLocated() {
        let text = Self.spec.replacingOccurrences(of: "qty: { type: Int, default: 1 }", with: "qty: { type: Int, default: many }")
        let diagnostics = SpecLoader.load(text: text, path: "t.yaml").diagnostics.map(\.description)
        #expect(diagnostics.count == 1, "\(diagnostics)")
        #expect(diagnostics.first?.hasPrefix("t.yaml:11:34: error: expected a value of type 'Int', found 'many'") == true, "\(diagnostics)")
    }
}
