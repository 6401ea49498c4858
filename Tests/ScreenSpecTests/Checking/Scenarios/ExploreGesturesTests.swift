import ScreenSpec
import SpecRuntime
import Testing

/// Issue 39 item 4: `explore: { gestures: only }` explores through the view alone; `gestures: true`
/// keeps the gestures beside listed inputs, `false` drops them; by default, what a gesture drives
/// is tried through the gesture only.
@Suite struct ExploreGesturesTests {
    private static func spec(_ explore: String) -> String {
        """
        screen: S
        inputs:
          enabledChanged: Bool
          tap: event
        state:
          enabled: { type: Bool, initial: false }
        handlers:
          - on: enabledChanged
            set: { enabled: enabledChanged }
        view:
          toggle: { switch: { isOn: enabled, valueChanged: enabledChanged } }
        \(explore)
        scenarios:
          - name: a
            steps:
              - toggle: { toggle: true }
              - send: { enabledChanged: false }

        """
    }

    private static func errors(_ explore: String) -> [String] {
        SpecLoader.load(text: spec(explore), path: "t.yaml").diagnostics.map {
            "\($0.range.start.line):\($0.range.start.column): \($0.message)" + ($0.fixIt.map { " | fix: " + $0 } ?? "")
        }
    }

    @Test func onlyTriesTheGesturesAndNoInputDirectly() throws {
        let plan = try #require(SpecLoader.load(text: Self.spec("explore:\n  gestures: only"), path: "t.yaml").spec).explore
        #expect(plan.gestures.map(\.text) == ["toggle toggle to true"])
        #expect(plan.inputs.isEmpty && plan.events.isEmpty && plan.actions.isEmpty)
    }

    @Test func byDefaultTheInputsAndGesturesAreTriedAndListingInputsDropsTheGestures() throws {
        let byDefault = try #require(SpecLoader.load(text: Self.spec(""), path: "t.yaml").spec)
        // The switch's value input is tried through the switch alone; the event no control sends
        // is sent directly.
        #expect(byDefault.explore.gestures.count == 1 && byDefault.explore.inputs.isEmpty)
        #expect(byDefault.explore.events == [try #require(byDefault.nodes.firstIndex { $0.name == "tap" })])
        let listed = try #require(SpecLoader.load(text: Self.spec("explore:\n  events: [tap]"), path: "t.yaml").spec).explore
        #expect(listed.gestures.isEmpty && listed.events.count == 1)
        let kept = try #require(SpecLoader.load(text: Self.spec("explore:\n  events: [tap]\n  gestures: true"), path: "t.yaml").spec).explore
        #expect(kept.gestures.count == 1 && kept.events.count == 1)
        let dropped = try #require(SpecLoader.load(text: Self.spec("explore:\n  gestures: false"), path: "t.yaml").spec).explore
        #expect(dropped.gestures.isEmpty && dropped.inputs.count == 1)
    }

    /// Under `gestures: only`, a row input a component of the row's own view fires is a gesture a
    /// person makes on that row, and is tried; one no component fires is not.
    @Test func onlyTriesTheRowsGestures() throws {
        let yaml = """
            screen: S
            types:
              Option: { id: Int, name: String }
            state:
              options: { type: "[Option]", initial: [{ id: 1, name: Tea }, { id: 2, name: Cake }] }
            viewModels:
              OptionRow:
                params: { item: Option }
                inputs:
                  toggle: event
                  reset: event
                state:
                  selected: { type: Bool, initial: false }
                handlers:
                  - on: toggle
                    set: { selected: "!selected" }
                  - on: reset
                    set: { selected: false }
                view:
                  check: { button: { title: item.name, tap: toggle } }
            cells:
              rows: { viewModel: OptionRow, for: options }
            explore:
              gestures: only
            """
        let loaded = SpecLoader.load(text: yaml, path: "t.yaml")
        #expect(loaded.diagnostics.isEmpty, "\(loaded.renderDiagnostics())")
        let spec = try #require(loaded.spec)
        let toggle = try #require(spec.cells[0].inputs.firstIndex { $0.name == "toggle" })
        #expect(spec.explore.rows.map(\.input) == [toggle])
        #expect(spec.explore.rows.first?.rows == [.int(1), .int(2)])
        // Without a row's view there is nothing to try: the mistake says so.
        let bare = yaml.replacingOccurrences(of: "    view:\n      check: { button: { title: item.name, tap: toggle } }\n", with: "")
        let errors = SpecLoader.load(text: bare, path: "t.yaml").diagnostics.map(\.message)
        #expect(errors == ["'gestures: only' tries the gestures the scenarios make and those of the rows' views, and there are none"])
    }

    @Test func mistakesAreLocatedWithTheirFix() {
        #expect(Self.errors("explore:\n  gestures: maybe")
            == ["13:13: 'gestures:' takes 'true', 'false' or 'only', found 'maybe' | fix: write 'gestures: only' to explore through the view alone"])
        #expect(Self.errors("explore:\n  events: [tap]\n  gestures: only")
            == ["14:13: 'gestures: only' tries no input directly, so 'events:' would be ignored | fix: remove 'events:', or write 'gestures: true' to try both"])
    }
}
