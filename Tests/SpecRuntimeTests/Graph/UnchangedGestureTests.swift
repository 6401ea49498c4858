import ScreenSpec
import SpecRuntime
@testable import SpecRuntime
import Testing

/// A gesture that leaves a control's value as it is fires nothing, as UIKit sends no
/// `.valueChanged` then (the author's report, silent trap 4): a segment picked again, a switch set
/// as it is, a stepper or slider at its value, a text typed as it stands.
@Suite("Gestures that change nothing")
struct UnchangedGestureTests {
    private static let spec = """
        screen: Controls
        types:
          Mode: [a, b]
        inputs:
          mode: { type: Mode, default: a }
          lit: { type: Bool, default: true }
          count: { type: Double, default: 2 }
          level: { type: Double, default: 0.5 }
          name: { type: String, default: "x" }
        state:
          heard: { type: "[String]", initial: [] }
        handlers:
          - on: mode
            set: { heard: 'heard + ["mode"]' }
          - on: lit
            set: { heard: 'heard + ["lit"]' }
          - on: count
            set: { heard: 'heard + ["count"]' }
          - on: level
            set: { heard: 'heard + ["level"]' }
          - on: name
            set: { heard: 'heard + ["name"]' }
        view:
          modePicker:
            segmentedControl:
              segments: [A, B]
              selectedIndex: { twoWay: mode, get: "mode == .a ? 0 : 1", set: "modePicker.selectedIndex == 1 ? .b : .a" }
          onSwitch: { switch: { isOn: { twoWay: lit } } }
          counter: { stepper: { minimumValue: 0, maximumValue: 5, value: { twoWay: count } } }
          levelSlider: { slider: { value: { twoWay: level } } }
          nameField: { textField: { text: { twoWay: name } } }

        """

    private func play(_ steps: String) throws -> Timeline {
        let loaded = SpecLoader.load(text: Self.spec + "scenarios:\n  - name: s\n    steps:\n" + steps, path: "c.yaml")
        #expect(loaded.diagnostics.isEmpty, "\(loaded.renderDiagnostics())")
        return ScenarioRunner.run(try #require(loaded.spec), scenario: 0)
    }

    @Test func aControlGivenTheValueItShowsFiresNothing() throws {
        let t = try play("""
                  - pick: { modePicker: 0 }
                  - toggle: { onSwitch: true }
                  - step: { counter: 2 }
                  - slide: { levelSlider: 0.5 }
                  - type: { nameField: x }
                  - expect: { heard: [] }

            """)
        #expect(t.passed)
        let steps = t.entries.compactMap { if case .step(_, let text) = $0 { text } else { nil } }
        #expect(steps.count == 5)
        #expect(steps.allSatisfy { $0.hasSuffix("already shows it") }, "\(steps)")
        #expect(steps.first == "pick segment 0 of modePicker — nothing fires, the segmentedControl already shows it")
    }

    @Test func aControlGivenAnotherValueFiresAsBefore() throws {
        let t = try play("""
                  - pick: { modePicker: 1 }
                  - toggle: { onSwitch: false }
                  - step: { counter: 3 }
                  - slide: { levelSlider: 0.25 }
                  - type: { nameField: y }
                  - expect: { heard: [mode, lit, count, level, name], mode: b }
                  - pick: { modePicker: 1 }
                  - pick: { modePicker: 0 }
                  - expect: { heard: [mode, lit, count, level, name, mode], mode: a }

            """)
        #expect(t.passed)
    }
}
