import Testing
@testable import ScreenSpec
@testable import SpecRuntime

/// The picker view (UIPickerView with one component): its rows titled by `rows:`, `selectedRow`
/// changed by `pick:`, `itemSelected` after the person's pick, and the gestures it refuses.
@Suite("Picker view")
struct PickerViewTests {
    static let spec = """
        screen: ShirtSize
        inputs:
          size: { type: Int, default: 1 }
          locked: { type: Bool, default: false }
          sizePicked: Int
        state:
          picks: { type: Int, initial: 0 }
        outputs:
          sizeName: 'size == 0 ? "Small" : size == 1 ? "Medium" : "Large"'
        handlers:
          - on: sizePicked
            set: { picks: picks + 1 }
        view:
          sizePicker:
            pickerView:
              rows: [Small, Medium, Large]
              selectedRow: { twoWay: size }
              enabled: "!locked"
              itemSelected: sizePicked
          sizeLabel: { label: { text: sizeName } }

        """

    /// The two-way binding shows the view model's row, the person's pick writes it back and fires
    /// `itemSelected`; while disabled, the pick is ignored and says so.
    @Test func aPickWritesTheBoundInputAndFiresItemSelectedUnlessDisabled() throws {
        let spec = try #require(SpecLoader.load(text: Self.spec + """
            scenarios:
              - name: picking a row
                steps:
                  - expect: { sizePicker.selectedRow: 1, sizeLabel.text: Medium }
                  - pick: { sizePicker: 2 }
                  - expect: { size: 2, sizeLabel.text: Large, picks: 1 }
                  - set: { locked: true }
                  - pick: { sizePicker: 0 }
                  - expect: { size: 2, sizePicker.selectedRow: 2, picks: 1 }
            """, path: "p.yaml").spec)
        let timeline = try #require(ScenarioRunner.runAll(spec).first)
        #expect(timeline.passed)
        #expect(TimelineFormatter.text(timeline) == """
            ShirtSize › picking a row
                 0ms  picks                   0
                 0ms  sizeName                "Medium"
                 0ms  sizePicker.selectedRow  1
                 0ms  sizePicker.enabled      true
                 0ms  sizeLabel.text          "Medium"
                 0ms  ▶ pick row 2 of sizePicker
                 0ms  picks                   1
                 0ms  sizeName                "Large"
                 0ms  sizePicker.selectedRow  2
                 0ms  sizeLabel.text          "Large"
                 0ms  ▶ set locked = true
                 0ms  sizePicker.enabled      false
                 0ms  ▶ pick row 0 of sizePicker — ignored, the pickerView is disabled

            """)
        let plan = try #require(spec.components.first { $0.name == "sizePicker" })
        #expect(plan.kind == "pickerView")
        #expect(plan.titles == ["Small", "Medium", "Large"])
    }

    /// A row past the last is refused where the step writes it; a picker without rows, and a
    /// `pick:` on a component that takes none, are errors of the spec.
    @Test func aRowPastTheLastAndAPickerWithoutRowsAreRefused() {
        let out = SpecLoader.load(text: """
            screen: Bad
            view:
              sizePicker: { pickerView: { rows: [Small, Medium, Large] } }
              other: pickerView
              title: label
            scenarios:
              - name: s
                steps:
                  - pick: { sizePicker: 3 }
                  - pick: { title: 1 }
            """, path: "b.yaml").renderDiagnostics()
        #expect(out == """
            b.yaml:4:3: error: picker view 'other' needs 'rows:', a list of row titles
              |
            4 |   other: pickerView
              |   ^~~~~
            help: 'other: { pickerView: { rows: [Small, Medium, Large] } }'

            b.yaml:9:29: error: 'sizePicker.selectedRow' cannot take 3; it takes 0...2
              |
            9 |       - pick: { sizePicker: 3 }
              |                             ^

            b.yaml:10:17: error: 'title' is a label; 'pick:' picks a segment, a date or a picker view's row
               |
            10 |       - pick: { title: 1 }
               |                 ^~~~~
            note: a label takes no gestures

            """)
    }

    /// `rows:` is a non-empty list of text titles.
    @Test func rowsAreAListOfTitles() {
        let out = SpecLoader.load(text: """
            screen: Bad
            view:
              a: { pickerView: { rows: 3 } }
              b: { pickerView: { rows: [Small, [x]] } }
            """, path: "r.yaml").renderDiagnostics()
        #expect(out == """
            r.yaml:3:28: error: 'rows:' lists the picker view's row titles, as in '[Small, Medium, Large]', found a scalar
              |
            3 |   a: { pickerView: { rows: 3 } }
              |                            ^

            r.yaml:4:36: error: a row title is text, found a list
              |
            4 |   b: { pickerView: { rows: [Small, [x]] } }
              |                                    ^~~

            """)
    }
}
