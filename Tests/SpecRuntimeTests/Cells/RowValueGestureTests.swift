import Foundation
import ScreenSpec
import SpecRuntime
import SpecTesting
import Testing

/// Issue 39, view models inside view models: the gestures that change what a row's control shows,
/// besides a stepper's step: `toggle:` a switch, `slide:` a slider, `pick:` a segmented control,
/// `type:` into a text field, each on one row by its identity. Each plays as on the screen's
/// control: it writes the two-way input and fires the control's change event on that row in one
/// transaction; the value the control shows already fires nothing; a disabled control ignores it.
@Suite("A row's switch, slider, segmented control and text field")
struct RowValueGestureTests {
    static let settings = """
        screen: Settings
        types:
          Setting: { key: String, title: String, locked: Bool }
        state:
          items: { type: "[Setting]", initial: [{ key: wifi, title: Wi-Fi, locked: false }, { key: vpn, title: VPN, locked: true }] }
        viewModels:
          SettingRow:
            params: { setting: Setting }
            inputs:
              toggle: Bool
              flipped: Bool
              level: Double
              mode: Int
              name: String
              edited: String
            state:
              isOn: { type: Bool, initial: false }
              flips: { type: Int, initial: 0 }
              volume: { type: Double, initial: 0.5 }
              choice: { type: Int, initial: 0 }
              label: { type: String, initial: "" }
              edits: { type: Int, initial: 0 }
            handlers:
              - on: toggle
                set: { isOn: toggle }
              - on: flipped
                set: { flips: flips + 1 }
              - on: level
                set: { volume: level }
              - on: mode
                set: { choice: mode }
              - on: name
                set: { label: name }
              - on: edited
                set: { edits: edits + 1 }
            view:
              titleLabel: { label: { text: setting.title } }
              enabledSwitch:
                switch:
                  isOn: { twoWay: toggle, get: isOn }
                  enabled: "!setting.locked"
                  valueChanged: flipped
              volumeSlider:
                slider:
                  minimumValue: 0
                  maximumValue: 10
                  value: { twoWay: level, get: volume }
                  enabled: "!setting.locked"
              modeControl:
                segmentedControl:
                  segments: [Off, Low, High]
                  selectedIndex: { twoWay: mode, get: choice }
              nameField:
                textField:
                  text: { twoWay: name, get: label }
                  editingChanged: edited
        cells:
          settings: { viewModel: SettingRow, for: items, id: key }
        outputs:
          switches: 'settings.map { "\\($0.setting.key)=\\($0.isOn)" }.joined(", ")'
          flips: 'settings.map { $0.flips }.reduce(0) { $0 + $1 }'
        scenarios:
          - name: s
            steps:
        """

    static func spec(_ steps: String) throws -> CheckedSpec {
        let loaded = SpecLoader.load(text: settings + "\n" + steps, path: "t.yaml")
        return try #require(loaded.spec, "\(loaded.renderDiagnostics())")
    }

    @Test("toggle: on a row's switch writes its two-way input and fires valueChanged on that row; the shown value and a disabled switch fire nothing")
    func aRowSwitchToggles() throws {
        let timeline = ScenarioRunner.run(try Self.spec("""
                  - toggle: { settings.enabledSwitch: { row: wifi, value: true } }
                  - expect: { switches: "wifi=true, vpn=false", flips: 1 }
                  - toggle: { settings.enabledSwitch: { row: wifi, value: true } }
                  - expect: { flips: 1 }
                  - toggle: { settings.enabledSwitch: { row: vpn, value: true } }
                  - expect: { switches: "wifi=true, vpn=false", flips: 1 }
                  - toggle: { settings.enabledSwitch: { row: wifi, value: false } }
                  - expect: { switches: "wifi=false, vpn=false", flips: 2 }
            """), scenario: 0)
        let text = TimelineFormatter.text(timeline)
        #expect(timeline.passed, "\(text)")
        #expect(text.contains("▶ toggle settings.enabledSwitch of row \"wifi\" to true\n"), "\(text)")
        #expect(text.contains("▶ toggle settings.enabledSwitch of row \"wifi\" to true — nothing fires, the switch already shows it"), "\(text)")
        #expect(text.contains("▶ toggle settings.enabledSwitch of row \"vpn\" to true — ignored, the switch is disabled"), "\(text)")
    }

    @Test("slide:, pick: and type: on a row's controls write that row alone, and a disabled slider ignores the slide")
    func aRowSliderSegmentedControlAndTextField() throws {
        let timeline = ScenarioRunner.run(try Self.spec("""
                  - slide: { settings.volumeSlider: { row: wifi, value: 7.5 } }
                  - slide: { settings.volumeSlider: { row: vpn, value: 2 } }
                  - expect: 'settings.map { $0.volume } == [7.5, 0.5]'
                  - pick: { settings.modeControl: { row: vpn, value: 2 } }
                  - pick: { settings.modeControl: { row: vpn, value: 2 } }
                  - expect: 'settings.map { $0.choice } == [0, 2]'
                  - type: { settings.nameField: { row: wifi, value: Home } }
                  - type: { settings.nameField: { row: wifi, value: Home } }
                  - expect: 'settings.map { $0.label } == ["Home", ""] && settings.map { $0.edits } == [1, 0]'
            """), scenario: 0)
        let text = TimelineFormatter.text(timeline)
        #expect(timeline.passed, "\(text)")
        #expect(text.contains("▶ slide settings.volumeSlider of row \"vpn\" to 2.0 — ignored, the slider is disabled"), "\(text)")
        #expect(text.contains("▶ pick settings.modeControl of row \"vpn\" to 2 — nothing fires, the segmentedControl already shows it"), "\(text)")
        #expect(text.contains("▶ type settings.nameField of row \"wifi\" to \"Home\" — nothing fires, the textField already shows it"), "\(text)")
    }

    @Test("a control bound one way with its change event wired fires the event alone; set: converts the new value")
    func aOneWaySwitchAndASetConversion() throws {
        let text = Self.settings
            .replacingOccurrences(of: "isOn: { twoWay: toggle, get: isOn }", with: "isOn: isOn")
            .replacingOccurrences(of: "selectedIndex: { twoWay: mode, get: choice }",
                                  with: "selectedIndex: { twoWay: name, get: choice, set: '\"mode \\(modeControl.selectedIndex)\"' }")
        let loaded = SpecLoader.load(text: text + """

                  - toggle: { settings.enabledSwitch: { row: wifi, value: true } }
                  - expect: { switches: "wifi=false, vpn=false", flips: 1 }
                  - pick: { settings.modeControl: { row: wifi, value: 1 } }
                  - expect: 'settings.first?.label == "mode 1"'
            """, path: "t.yaml")
        let spec = try #require(loaded.spec, "\(loaded.renderDiagnostics())")
        let timeline = ScenarioRunner.run(spec, scenario: 0)
        #expect(timeline.passed, "\(TimelineFormatter.text(timeline))")
    }

    @Test("a compiled program carries a row's switch, slider, segmented control and text field, and plays them as the spec does")
    func aCompiledProgramPlaysTheRowsValueGestures() throws {
        let spec = try Self.spec("""
                  - toggle: { settings.enabledSwitch: { row: wifi, value: true } }
                  - toggle: { settings.enabledSwitch: { row: vpn, value: true } }
                  - slide: { settings.volumeSlider: { row: wifi, value: 3 } }
                  - pick: { settings.modeControl: { row: wifi, value: 1 } }
                  - type: { settings.nameField: { row: vpn, value: Office } }
                  - expect: { switches: "wifi=true, vpn=false", flips: 1 }
            """)
        let json = try CompiledSpec.json(spec)
        #expect(json.contains(#""valueProperty":"isOn""#) && json.contains(#""titles":["Off","Low","High"]"#) && json.contains(#""count":3"#), "\(json)")
        let loaded = try CompiledSpec.load(json: Data(json.utf8))
        let original = TimelineFormatter.text(ScenarioRunner.run(spec, scenario: 0))
        let compiled = ScenarioRunner.run(loaded, scenario: 0)
        #expect(compiled.passed)
        #expect(TimelineFormatter.text(compiled) == original)
        // A hostile program: a gesture changing the value of a label, which shows none.
        let toggle = #""verb":"toggle","writes":true"#
        let hostile = json.replacingOccurrences(of: #""gesture":{"component":1,"events":[0],"#, with: #""gesture":{"component":0,"events":[],"#)
        #expect(hostile != json && hostile.contains(toggle))
        #expect(Self.reason(hostile)?.hasSuffix("changes the value of a row's component that shows none") == true, "\(Self.reason(hostile) ?? "loaded")")
        let unbound = json.replacingOccurrences(of: #""valueProperty":"isOn""#, with: #""valueProperty":"title""#)
        #expect(Self.reason(unbound)?.hasSuffix("changes 'title' of a row's component that does not bind it") == true, "\(Self.reason(unbound) ?? "loaded")")
        let count = json.replacingOccurrences(of: #""count":3"#, with: #""count":-3"#)
        #expect(Self.reason(count)?.hasSuffix("has a count of choices of -3") == true, "\(Self.reason(count) ?? "loaded")")
    }

    static func reason(_ text: String) -> String? {
        do {
            _ = try CompiledSpec.load(json: Data(text.utf8))
            return nil
        } catch {
            return error.message
        }
    }
}
