import Testing
@testable import ScreenSpec

private func diagnose(_ yaml: String) -> String {
    SpecLoader.load(text: yaml, path: "t.yaml").renderDiagnostics()
}

/// Issue 39: the gestures that change what a row's control shows (`toggle:`, `slide:`, `pick:`,
/// `type:`) and `send:` to a row's action; each misuse is one located diagnostic.
@Suite("A row's switch, slider, segmented control, text field and action: checking the steps")
struct RowValueGestureCheckingTests {
    private let head = """
        screen: Bad
        types:
          Item: { id: Int }
        state:
          items: { type: "[Item]", initial: [{ id: 1 }] }
        cells:
          list: { viewModel: Row, for: items }
        services:
          api.save: { params: { on: Bool }, returns: Bool, echo: on }
        viewModels:
          Row:
            params: { item: Item }
            inputs: { toggle: Bool, level: Double, mode: Int, reload: event }
            state: { isOn: { type: Bool, initial: false }, volume: { type: Double, initial: 0.0 }, choice: { type: Int, initial: 0 } }
            actions:
              save: { trigger: toggle, work: { call: api.save, with: { on: $0 } } }
              refresh: { trigger: reload, work: { call: api.save, with: { on: true } } }
            view:
              onSwitch: { switch: { isOn: { twoWay: toggle, get: isOn } } }
              volumeSlider: { slider: { minimumValue: 0, maximumValue: 10, value: { twoWay: level, get: volume } } }
              modeControl: { segmentedControl: { segments: [Off, On], selectedIndex: { twoWay: mode, get: choice } } }
        scenarios:
          - name: s
            steps:

        """

    @Test func theGesturesAndADirectExecutionCheck() {
        let loaded = SpecLoader.load(text: head + """
                  - toggle: { list.onSwitch: { row: 1, value: true } }
                  - slide: { list.volumeSlider: { row: 1, value: 2.5 } }
                  - pick: { list.modeControl: { row: 1, value: 1 } }
                  - send: { list.save: { row: 1, value: true } }
                  - send: { list.refresh: { row: 1 } }
            """, path: "t.yaml")
        #expect(loaded.spec != nil, "\(loaded.renderDiagnostics())")
        let view = loaded.spec?.cells.first?.view ?? []
        #expect(view.map(\.valueProperty) == ["isOn", "value", "selectedIndex"])
        guard view.count == 3 else { return }
        #expect(view[1].minimum == 0 && view[1].maximum == 10 && view[1].step == nil)
        #expect(view[2].titles == ["Off", "On"] && view[2].count == 2)
    }

    @Test func aGestureOfAnotherKind() {
        #expect(diagnose(head + """
                  - toggle: { list.volumeSlider: { row: 1, value: true } }
            """).hasPrefix("""
            t.yaml:25:19: error: 'list.volumeSlider' is a slider; 'toggle:' flips a switch
               |
            25 |       - toggle: { list.volumeSlider: { row: 1, value: true } }
               |                   ^~~~~~~~~~~~~~~~~
            note: a slider in a row takes 'slide:'
            """))
    }

    @Test func aValueOfTheWrongTypeOrOutOfRange() {
        let d = diagnose(head + """
                  - toggle: { list.onSwitch: { row: 1, value: 3 } }
                  - slide: { list.volumeSlider: { row: 1, value: 11 } }
                  - pick: { list.modeControl: { row: 1, value: 2 } }
            """)
        #expect(d.contains("t.yaml:25:51: error: expected a value of type 'Bool', found '3'"), "\(d)")
        #expect(d.contains("t.yaml:26:18: error: 'list.volumeSlider.value' cannot take 11.0; it takes 0.0...10.0"), "\(d)")
        #expect(d.contains("t.yaml:27:17: error: 'list.modeControl.selectedIndex' cannot take 2; it takes -1...1"), "\(d)")
    }

    @Test func aGestureWithoutItsRowOrValue() {
        let d = diagnose(head + """
                  - toggle: { list.onSwitch: { value: true } }
                  - toggle: { list.onSwitch: { row: 1 } }
            """)
        #expect(d.contains("t.yaml:25:34: error: 'list.onSwitch' is a component of a row: say which row, by its identity"), "\(d)")
        #expect(d.contains("t.yaml:26:34: error: 'list.onSwitch' carries a value of type 'Bool'"), "\(d)")
    }

    @Test func aSegmentedControlWithoutSegments() {
        let d = diagnose(head.replacingOccurrences(of: "segments: [Off, On], ", with: ""))
        #expect(d.hasPrefix("t.yaml:21:7: error: segmented control 'modeControl' needs 'segments:', a count or a list of titles"), "\(d)")
    }

    @Test func aDirectExecutionWithoutItsRowOrOfTheWrongValue() {
        let d = diagnose(head + """
                  - send: { list.save: true }
                  - send: { list.save: { row: 1, value: loud } }
                  - send: { list.refresh: { row: 1, value: 2 } }
                  - send: { list.sav: { row: 1 } }
            """)
        #expect(d.contains("t.yaml:25:28: error: 'list.save' is the action of a row: say which row, by its identity"), "\(d)")
        #expect(d.contains("help: write 'send: { list.save: { row: 1, value: ... } }'"), "\(d)")
        #expect(d.contains("t.yaml:26:45: error: expected a value of type 'Bool', found 'loud'"), "\(d)")
        #expect(d.contains("t.yaml:27:48: error: 'list.refresh' takes no input: its trigger 'reload' is an event"), "\(d)")
        #expect(d.contains("t.yaml:28:17: error: unknown name 'list.sav' in 'send:'; did you mean 'list.save'?"), "\(d)")
    }
}
