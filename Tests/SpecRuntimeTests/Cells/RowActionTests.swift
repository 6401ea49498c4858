import Foundation
import ScreenSpec
import SpecRuntime
import SpecTesting
import Testing

/// Issue 39: a row's own actions (`actions:` of a view model), as an RxSwift cell view model holds
/// its own `Action`: per row executing and enabled, `notEnabled` for that row only, its elements
/// and errors on the row's handlers and on the screen's `<cells>.<action>.<stream>`, its call
/// disposed when the row's element leaves the list.
@Suite("Row actions")
struct RowActionTests {
    /// Settings whose switches save optimistically, reverting on a failure; `bt` fails to save.
    static let settings = """
        screen: Settings
        types:
          Setting: { key: String, title: String }
        state:
          items: { type: "[Setting]", initial: [{ key: wifi, title: Wi-Fi }, { key: bt, title: Bluetooth }] }
          failures: { type: Int, initial: 0 }
        viewModels:
          SettingRow:
            params: { setting: Setting }
            inputs:
              toggle: Bool
              remove: event
            state:
              isOn: { type: Bool, initial: false }
              saved: { type: Int, initial: 0 }
            actions:
              save:
                trigger: toggle
                work: { call: settings.save, with: { key: setting.key, on: $0 } }
            outputs:
              isSaving: save.executing
              canSave: save.enabled
              lastError: save.errors
            handlers:
              - on: toggle
                set: { isOn: toggle }
              - on: save.errors
                set: { isOn: "!isOn" }
              - on: save.elements
                set: { saved: saved + 1 }
        cells:
          settings: { viewModel: SettingRow, for: items, id: key }
        outputs:
          anySaving: 'settings.contains { $0.isSaving }'
          states: 'settings.map { "\\($0.setting.key)=\\($0.isOn)" }.joined(",")'
        handlers:
          - on: settings.save.errors
            set: { failures: failures + 1 }
          - on: settings.remove
            set: { items: 'items.filter { $0.key != settings.remove.setting.key }' }
        services:
          settings.save:
            params: { key: String, on: Bool }
            returns: Bool
            latency: 300ms
            echo: on
            cases:
              - { when: { key: bt }, fail: http(503) }
        scenarios:
          - name: s
            steps:
        """

    private func run(_ steps: String, spec: String = RowActionTests.settings) throws -> (Timeline, String) {
        let loaded = SpecLoader.load(text: spec + "\n" + steps, path: "t.yaml")
        let checked = try #require(loaded.spec, "\(loaded.renderDiagnostics())")
        let timeline = ScenarioRunner.run(checked, scenario: 0)
        return (timeline, TimelineFormatter.text(timeline))
    }

    @Test("each row executes its own action: executing per row, the answer on that row's handlers")
    func executesPerRow() throws {
        let (timeline, text) = try run("""
                  - send: { settings.toggle: { row: wifi, value: true } }
                  - expect: { anySaving: true, states: "wifi=true,bt=false" }
                  - expect: 'settings.map { $0.isSaving } == [true, false] && settings.map { $0.canSave } == [false, true]'
                  - wait: 300ms
                  - expect: { anySaving: false, failures: 0 }
                  - expect: 'settings.map { $0.saved } == [1, 0] && settings.allSatisfy { $0.canSave }'
            """)
        #expect(timeline.passed, "\(text)")
        #expect(text.contains("settings.save.elements"), "\(text)")
    }

    @Test("a trigger while a row executes is refused for that row only, and the optimistic value is reverted")
    func refusedPerRow() throws {
        let (timeline, text) = try run("""
                  - send: { settings.toggle: { row: wifi, value: true } }
                  - wait: 100ms
                  - send: { settings.toggle: { row: wifi, value: false } }
                  - expect: { states: "wifi=true,bt=false", failures: 1 }
                  - expect: 'settings.first?.lastError == .notEnabled && settings.first?.isSaving == true'
                  - send: { settings.toggle: { row: bt, value: true } }
                  - expect: 'settings.map { $0.isSaving } == [true, true]'
                  - wait: 200ms
                  - expect: { states: "wifi=true,bt=true" }
                  - wait: 100ms
                  - expect: { states: "wifi=true,bt=false", failures: 2, anySaving: false }
                  - expect: 'settings.last?.lastError == .http(503)'
            """)
        #expect(timeline.passed, "\(text)")
    }

    @Test("a row whose element leaves the list while it executes has its call disposed")
    func disposedWithItsRow() throws {
        let (timeline, text) = try run("""
                  - send: { settings.toggle: { row: wifi, value: true } }
                  - send: { settings.remove: { row: wifi } }
                  - wait: 1s
                  - expect: { states: "bt=false", failures: 0, anySaving: false }
            """)
        #expect(timeline.passed, "\(text)")
        #expect(!text.contains("settings.save.elements  SettingRow"), "\(text)")
        #expect(text.contains("cancelled settings.save of row \"wifi\""), "\(text)")
    }

    @Test("a row its own answer removes has nothing in flight: no cancellation is reported")
    func removedByItsOwnAnswer() throws {
        let spec = Self.settings.replacingOccurrences(of: "handlers:\n  - on: settings.save.errors", with: """
            handlers:
              - on: settings.save.elements
                set: { items: 'items.filter { $0.key != settings.save.elements.setting.key }' }
              - on: settings.save.errors
            """)
        #expect(spec != Self.settings)
        let (timeline, text) = try run("""
                  - send: { settings.toggle: { row: wifi, value: true } }
                  - wait: 300ms
                  - expect: { states: "bt=false", anySaving: false }
            """, spec: spec)
        #expect(timeline.passed, "\(text)")
        // Shown by its identity: the row was printed whole when it was made.
        #expect(text.contains("settings.save.elements  SettingRow[\"wifi\"] {"), "\(text)")
        #expect(!text.contains("cancelled"), "\(text)")
    }

    @Test("a scenario's services override the row's calls, and a compiled program carries the row's action")
    func overridesAndCompiledProgram() throws {
        let spec = Self.settings.replacingOccurrences(of: "  - name: s\n    steps:", with: """
              - name: s
                services:
                  settings.save: { fails: http(500), latency: 50ms }
                steps:
            """)
        #expect(spec != Self.settings)
        let (timeline, text) = try run("""
                  - send: { settings.toggle: { row: wifi, value: true } }
                  - wait: 50ms
                  - expect: { states: "wifi=false,bt=false", failures: 1 }
                  - expect: 'settings.first?.lastError == .http(500)'
            """, spec: spec)
        #expect(timeline.passed, "\(text)")

        let loaded = SpecLoader.load(text: Self.settings + "\n      - wait: 0ms", path: "t.yaml")
        let checked = try #require(loaded.spec)
        let json = try CompiledSpec.json(checked)
        let decoded = try CompiledSpec.load(json: Data(json.utf8))
        #expect(decoded.cells.first?.actions?.first?.name == "save")
        #expect(decoded.cells.first?.inputs.compactMap(\.action) == [0, 0, 0])
        #expect(ScenarioRunner.run(decoded, scenario: 0).passed)
    }

    /// What generated code reads a row as: its struct has no field for the action's latest error
    /// (an `Error` is no Swift record field), and a row decodes all the same.
    struct SettingRowShape: Decodable, Equatable {
        var isOn: Bool
        var saveExecuting: Bool
        var saveEnabled: Bool
        var saveElements: Bool?

        enum CodingKeys: String, CodingKey {
            case isOn
            case saveExecuting = "save.executing"
            case saveEnabled = "save.enabled"
            case saveElements = "save.elements"
        }
    }

    @Test("a row with its action's error decodes as generated code's struct, which leaves the error out")
    func aRowDecodesWithoutItsError() throws {
        let loaded = SpecLoader.load(text: Self.settings + "\n      - wait: 0ms", path: "t.yaml")
        let graph = ScreenGraph(spec: try #require(loaded.spec))
        graph.start()
        let settings = try #require(graph.spec.node(named: "settings"))
        _ = graph.sendRow(cells: 0, input: 0, row: .string("bt"), value: .bool(true))
        try graph.advance(by: 300)
        guard case .list(let rows)? = graph.value(of: settings) else { Issue.record("no rows"); return }
        let decoded = try rows.map { try $0.decoded(as: SettingRowShape.self) }
        #expect(decoded.last == SettingRowShape(isOn: false, saveExecuting: false, saveEnabled: true, saveElements: nil))
    }

    @Test("the validator refuses a row's action whose indices point nowhere", arguments: ["trigger", "executing", "service", "errors"])
    func validatorRefusesBadIndices(_ key: String) throws {
        let loaded = SpecLoader.load(text: Self.settings + "\n      - wait: 0ms", path: "t.yaml")
        let json = try CompiledSpec.json(try #require(loaded.spec))
        var envelope = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        var program = try #require(envelope["program"] as? [String: Any])
        var cells = try #require(program["cells"] as? [[String: Any]])
        var actions = try #require(cells[0]["actions"] as? [[String: Any]])
        actions[0][key] = 999
        cells[0]["actions"] = actions
        program["cells"] = cells
        envelope["program"] = program
        let bad = try JSONSerialization.data(withJSONObject: envelope)
        #expect(throws: CompiledSpecError.self) { try CompiledSpec.load(json: bad) }
    }
}
