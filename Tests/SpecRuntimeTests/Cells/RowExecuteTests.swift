import Foundation
import ScreenSpec
import SpecRuntime
import SpecTesting
import Testing

/// Issue 39: `send:` to a row's action executes it directly on that row, as RxSwift's
/// `cellViewModel.save.execute(true)` does from code: the trigger does not fire (its handlers do
/// not run, `settings.toggle` does not fire), and the action refuses with `notEnabled` on that
/// row's errors while it executes or while its `enabledIf:` is false.
@Suite("A row's action executed directly")
struct RowExecuteTests {
    static let settings = """
        screen: Settings
        types:
          Setting: { key: String, locked: Bool }
        state:
          items: { type: "[Setting]", initial: [{ key: wifi, locked: false }, { key: vpn, locked: true }] }
          refusals: { type: Int, initial: 0 }
          toggles: { type: Int, initial: 0 }
        viewModels:
          SettingRow:
            params: { setting: Setting }
            inputs:
              toggle: Bool
            state:
              isOn: { type: Bool, initial: false }
              saved: { type: "Bool?", initial: ~ }
            actions:
              save:
                trigger: toggle
                enabledIf: "!setting.locked"
                work: { call: settings.save, with: { key: setting.key, on: $0 } }
            outputs:
              isSaving: save.executing
            handlers:
              - on: toggle
                set: { isOn: toggle }
              - on: save.elements
                set: { saved: save.elements }
        cells:
          settings: { viewModel: SettingRow, for: items, id: key }
        outputs:
          saving: 'settings.filter { $0.isSaving }.map { $0.setting.key }.joined(", ")'
          switches: 'settings.map { "\\($0.setting.key)=\\($0.isOn)" }.joined(", ")'
        handlers:
          - on: settings.save.errors
            set: { refusals: refusals + 1 }
          - on: settings.toggle
            set: { toggles: toggles + 1 }
        services:
          settings.save:
            params: { key: String, on: Bool }
            returns: Bool
            latency: 300ms
            echo: on
        scenarios:
          - name: s
            steps:
        """

    static func spec(_ steps: String) throws -> CheckedSpec {
        let loaded = SpecLoader.load(text: settings + "\n" + steps, path: "t.yaml")
        return try #require(loaded.spec, "\(loaded.renderDiagnostics())")
    }

    @Test("send: to a row's action executes it on that row with the value, and its trigger's handlers do not run")
    func aDirectExecutionRunsTheWorkAlone() throws {
        let timeline = ScenarioRunner.run(try Self.spec("""
                  - send: { settings.save: { row: wifi, value: true } }
                  - expect: { saving: wifi, switches: "wifi=false, vpn=false", toggles: 0 }
                  - wait: 300ms
                  - expect: { saving: "" }
                  - expect: 'settings.first?.saved == true && settings.first?.toggle == nil'
            """), scenario: 0)
        let text = TimelineFormatter.text(timeline)
        #expect(timeline.passed, "\(text)")
        #expect(text.contains("▶ send settings.save = true to row \"wifi\"\n"), "\(text)")
        #expect(!text.contains("settings.toggle"), "\(text)")
    }

    @Test("a direct execution while the row executes, or on a row whose enabledIf: is false, is refused with notEnabled on that row's errors")
    func aDirectExecutionIsRefusedWhileDisabled() throws {
        let timeline = ScenarioRunner.run(try Self.spec("""
                  - send: { settings.save: { row: wifi, value: true } }
                  - wait: 100ms
                  - send: { settings.save: { row: wifi, value: false } }
                  - expect: { refusals: 1, saving: wifi }
                  - send: { settings.save: { row: vpn, value: true } }
                  - expect: { refusals: 2, saving: wifi }
                  - wait: 200ms
                  - expect: 'settings.first?.saved == true'
                  - send: { settings.save: { row: wifi, value: false } }
                  - expect: { refusals: 2, saving: wifi }
            """), scenario: 0)
        let text = TimelineFormatter.text(timeline)
        #expect(timeline.passed, "\(text)")
    }

    @Test("a direct execution on a row that is not there is a runtime error at the step")
    func aDirectExecutionOnAMissingRow() throws {
        let timeline = ScenarioRunner.run(try Self.spec("""
                  - send: { settings.save: { row: lte, value: true } }
            """), scenario: 0)
        let text = TimelineFormatter.text(timeline)
        #expect(!timeline.passed)
        #expect(text.contains("'settings' has no row \"lte\": its 2 rows have other identities"), "\(text)")
    }

    @Test("a compiled program carries a direct execution and plays it as the spec does; one naming no action is refused")
    func aCompiledDirectExecution() throws {
        let spec = try Self.spec("""
                  - send: { settings.save: { row: wifi, value: true } }
                  - send: { settings.save: { row: wifi, value: true } }
                  - wait: 300ms
                  - expect: { refusals: 1 }
            """)
        let json = try CompiledSpec.json(spec)
        let loaded = try CompiledSpec.load(json: Data(json.utf8))
        let original = TimelineFormatter.text(ScenarioRunner.run(spec, scenario: 0))
        let compiled = ScenarioRunner.run(loaded, scenario: 0)
        #expect(compiled.passed, "\(TimelineFormatter.text(compiled))")
        #expect(TimelineFormatter.text(compiled) == original)
        let step = #""executeRow":{"action":0,"#
        #expect(json.contains(step), "\(json)")
        let hostile = json.replacingOccurrences(of: step, with: #""executeRow":{"action":4,"#)
        #expect(RowValueGestureTests.reason(hostile)?.hasSuffix("names action 4, but the program has 1 actions") == true,
                "\(RowValueGestureTests.reason(hostile) ?? "loaded")")
        let cells = json.replacingOccurrences(of: #""executeRow":{"action":0,"cells":0"#, with: #""executeRow":{"action":0,"cells":-1"#)
        #expect(cells != json)
        #expect(RowValueGestureTests.reason(cells) != nil)
    }
}
