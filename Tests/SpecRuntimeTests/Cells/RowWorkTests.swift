import Foundation
import ScreenSpec
import SpecRuntime
import SpecTesting
import Testing

/// Issue 39: a row's action whose work is a stream, as a cell view model's `Action { api.save(key,
/// on).retry(when:) }` or `Action { $0 ? api.enable(key) : .just(true) }`: each row's execution
/// its own (its retries, its timers), every element delivered on its row, a row leaving its list
/// disposing its execution with nothing late.
@Suite("Row actions: work that is a stream")
struct RowWorkTests {
    /// `bt` always answers 503: its save is retried per row, three subscriptions in all, 1 s apart.
    /// `count` ticks three times, 100 ms apart, per row.
    static let settings = """
        screen: Settings
        types:
          Setting: { key: String }
        state:
          items: { type: "[Setting]", initial: [{ key: wifi }, { key: bt }] }
          failures: { type: Int, initial: 0 }
          heard: { type: "[String]", initial: [] }
        viewModels:
          SettingRow:
            params: { setting: Setting }
            inputs:
              toggle: Bool
              tick: event
              remove: event
            state:
              isOn: { type: Bool, initial: false }
              saved: { type: Int, initial: 0 }
              counts: { type: "[Int]", initial: [] }
            actions:
              save:
                trigger: toggle
                work:
                  call: settings.save
                  with: { key: setting.key, on: $0 }
                  ops: [ { retry: { max: 3, when: "$0 == .http(503)", delay: 1s } } ]
              count:
                trigger: tick
                work: { interval: 100ms, ops: [ { take: 3 }, { map: "$0 + counts.count * 10" } ] }
            outputs:
              isSaving: save.executing
              isCounting: count.executing
            handlers:
              - on: toggle
                set: { isOn: toggle }
              - on: save.errors
                set: { isOn: "!isOn" }
              - on: save.elements
                set: { saved: saved + 1 }
              - on: count.elements
                set: { counts: "counts + [count.elements]" }
        cells:
          settings: { viewModel: SettingRow, for: items, id: key }
        outputs:
          saving: 'settings.filter { $0.isSaving }.map { $0.setting.key }.joined(",")'
          states: 'settings.map { "\\($0.setting.key)=\\($0.isOn)" }.joined(",")'
        handlers:
          - on: settings.save.errors
            set: { failures: failures + 1 }
          - on: settings.count.elements
            set: { heard: 'heard + ["\\(settings.count.elements.setting.key):\\(settings.count.elements.counts.last ?? -1)"]' }
          - on: settings.remove
            set: { items: 'items.filter { $0.key != settings.remove.setting.key }' }
        services:
          settings.save:
            params: { key: String, on: Bool }
            returns: Bool
            latency: 100ms
            echo: on
            cases:
              - { when: { key: bt }, fail: http(503) }
        scenarios:
          - name: s
            steps:
        """

    private func run(_ steps: String, spec: String = RowWorkTests.settings) throws -> (Timeline, String) {
        let loaded = SpecLoader.load(text: spec + "\n" + steps, path: "t.yaml")
        let checked = try #require(loaded.spec, "\(loaded.renderDiagnostics())")
        let timeline = ScenarioRunner.run(checked, scenario: 0)
        return (timeline, TimelineFormatter.text(timeline))
    }

    @Test("a 503 is retried per row after its delay, the row executing throughout and refusing its trigger; the other row answers on its own")
    func retriesPerRow() throws {
        let (timeline, text) = try run("""
                  - send: { settings.toggle: { row: wifi, value: true } }
                  - send: { settings.toggle: { row: bt, value: true } }
                  - expect: { saving: "wifi,bt" }
                  - wait: 100ms
                  - expect: { saving: bt, states: "wifi=true,bt=true", failures: 0 }
                  - expect: 'settings.map { $0.saved } == [1, 0]'
                  - send: { settings.toggle: { row: bt, value: false } }
                  - expect: { states: "wifi=true,bt=true", failures: 1, saving: bt }
                  - wait: 1s
                  - expect: { saving: bt }
                  - wait: 1s
                  - expect: { saving: bt, failures: 1 }
                  - wait: 199ms
                  - expect: { saving: bt, failures: 1 }
                  - wait: 1ms
                  - expect: { saving: "", states: "wifi=true,bt=false", failures: 2 }
                  - send: { settings.toggle: { row: bt, value: true } }
                  - expect: { saving: bt }
            """)
        #expect(timeline.passed, "\(text)")
        // The failure reached the screen once, at 2300 ms: the first two were retried.
        let errors = text.split(separator: "\n").filter { $0.contains("settings.save.errors") && $0.contains("http(503)") }
        #expect(errors.count == 1, "\(text)")
        #expect(errors.first?.trimmingCharacters(in: .whitespaces).hasPrefix("2300ms") == true, "\(text)")
    }

    @Test("a row's interval delivers each element on its row and the screen's stream, then completes; every row counts alone, its ops reading the row as the execution found it")
    func severalElementsPerExecution() throws {
        let (timeline, text) = try run("""
                  - send: { settings.tick: { row: wifi } }
                  - wait: 150ms
                  - send: { settings.tick: { row: bt } }
                  - send: { settings.tick: { row: wifi } }
                  - expect: 'settings.map { $0.isCounting } == [true, true] && settings.map { $0.counts } == [[0], []]'
                  - wait: 150ms
                  - expect: 'settings.map { $0.counts } == [[0, 1, 2], [0]] && settings.map { $0.isCounting } == [false, true]'
                  - send: { settings.tick: { row: wifi } }
                  - wait: 150ms
                  - expect: 'settings.map { $0.counts } == [[0, 1, 2, 30], [0, 1, 2]] && settings.map { $0.isCounting } == [true, false]'
                  - wait: 150ms
                  - expect: 'settings.map { $0.counts } == [[0, 1, 2, 30, 31, 32], [0, 1, 2]] && settings.allSatisfy { !$0.isCounting }'
                  - expect: { heard: ["wifi:0", "wifi:1", "bt:0", "wifi:2", "bt:1", "wifi:30", "bt:2", "wifi:31", "wifi:32"] }
            """)
        #expect(timeline.passed, "\(text)")
        // The tick at 150 ms found wifi counting: refused on that row alone.
        #expect(text.contains("150ms") && text.contains("notEnabled"), "\(text)")
    }

    @Test("a row leaving its list while its save waits to retry has its execution disposed: no late call, error or element")
    func disposedMidRetry() throws {
        let (timeline, text) = try run("""
                  - send: { settings.toggle: { row: bt, value: true } }
                  - wait: 500ms
                  - expect: { saving: bt }
                  - send: { settings.remove: { row: bt } }
                  - wait: 5s
                  - expect: { saving: "", states: "wifi=false", failures: 0 }
            """)
        #expect(timeline.passed, "\(text)")
        let cancelled = text.split(separator: "\n").filter { $0.contains("⊘ cancelled") }.map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(cancelled == [#"500ms  settings.save.elements   ⊘ cancelled settings.save(key: "bt", on: true), subscribed at 0ms"#], "\(text)")
        #expect(!text.split(separator: "\n").contains { $0.contains("settings.save.errors") }, "\(text)")
    }

    @Test("a row leaving its list mid-interval has its timer disposed: no late element, the other row's interval runs on")
    func disposedMidTimer() throws {
        let (timeline, text) = try run("""
                  - send: { settings.tick: { row: wifi } }
                  - send: { settings.tick: { row: bt } }
                  - wait: 150ms
                  - send: { settings.remove: { row: wifi } }
                  - wait: 1s
                  - expect: { heard: ["wifi:0", "bt:0", "bt:1", "bt:2"] }
            """)
        #expect(timeline.passed, "\(text)")
        // Disposed at 150 ms, when the row left; bt's `take` ends its own interval at 300 ms.
        let cancelled = text.split(separator: "\n").filter { $0.contains("⊘ cancelled interval") }.map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(cancelled.count == 2 && cancelled[0].hasPrefix("150ms") && cancelled[1].hasPrefix("300ms"), "\(text)")
    }

    /// An optimistic toggle: `Action { on in on ? api.enable(key) : .just(true) }`.
    static let optimistic = """
        screen: Toggles
        types:
          Feature: { key: String }
        state:
          items: { type: "[Feature]", initial: [{ key: a }, { key: b }] }
        viewModels:
          FeatureRow:
            params: { feature: Feature }
            inputs: { toggle: Bool }
            state: { confirmed: { type: Int, initial: 0 } }
            actions:
              apply:
                trigger: toggle
                work: { if: "$0", then: { call: features.enable, with: { key: feature.key } }, else: { just: "true" } }
            outputs: { applying: apply.executing }
            handlers:
              - on: apply.elements
                set: { confirmed: confirmed + 1 }
        cells:
          features: { viewModel: FeatureRow, for: items, id: key }
        outputs:
          confirmed: 'features.map { $0.confirmed }'
          busy: 'features.map { $0.applying }'
        services:
          features.enable: { params: { key: String }, returns: Bool, latency: 200ms, result: true }
        scenarios:
          - name: s
            steps:
              - send: { features.toggle: { row: a, value: false } }
              - expect: { confirmed: [1, 0], busy: [false, false] }
              - send: { features.toggle: { row: b, value: true } }
              - expect: { busy: [false, true] }
              - wait: 200ms
              - expect: { confirmed: [1, 1], busy: [false, false] }
        """

    @Test("a choice on the row's input: 'just' answers at once, the call later, each on its row")
    func aChoicePerRow() throws {
        let loaded = SpecLoader.load(text: Self.optimistic, path: "t.yaml")
        let checked = try #require(loaded.spec, "\(loaded.renderDiagnostics())")
        let timeline = ScenarioRunner.run(checked, scenario: 0)
        #expect(timeline.passed, "\(TimelineFormatter.text(timeline))")
    }

    @Test("a compiled program carries a row's stream work and plays it as the checked one")
    func compiledRoundTrip() throws {
        let steps = """
                  - send: { settings.toggle: { row: bt, value: true } }
                  - send: { settings.tick: { row: wifi } }
                  - wait: 3s
                  - expect: { failures: 1, heard: ["wifi:0", "wifi:1", "wifi:2"] }
            """
        let loaded = SpecLoader.load(text: Self.settings + "\n" + steps, path: "t.yaml")
        let checked = try #require(loaded.spec, "\(loaded.renderDiagnostics())")
        let json = try CompiledSpec.json(checked)
        let decoded = try CompiledSpec.load(json: Data(json.utf8))
        #expect(decoded.cells.first?.actions?.map { $0.work != nil } == [true, true])
        let original = TimelineFormatter.text(ScenarioRunner.run(checked, scenario: 0))
        let replayed = ScenarioRunner.run(decoded, scenario: 0)
        #expect(replayed.passed, "\(TimelineFormatter.text(replayed))")
        #expect(TimelineFormatter.text(replayed) == original)
    }

    @Test("the validator refuses a row's stream work that reads the screen or does not merge", arguments: ["node", "strategy"])
    func validatorRefusesHostileWork(_ change: String) throws {
        let loaded = SpecLoader.load(text: Self.settings + "\n      - wait: 0ms", path: "t.yaml")
        let json = try CompiledSpec.json(try #require(loaded.spec))
        var envelope = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        var program = try #require(envelope["program"] as? [String: Any])
        var cells = try #require(program["cells"] as? [[String: Any]])
        var actions = try #require(cells[0]["actions"] as? [[String: Any]])
        var work = try #require(actions[0]["work"] as? [String: Any])
        switch change {
        case "node":
            // `with: { key: <node 0 of the screen> }`: a row reads its own fields only.
            var call = try #require(work["call"] as? [String: Any])
            call["arguments"] = [["node": ["_0": 0]], ["node": ["_0": 0]]]
            work["call"] = call
        default:
            work["strategy"] = "latest"
        }
        actions[0]["work"] = work
        cells[0]["actions"] = actions
        program["cells"] = cells
        envelope["program"] = program
        let hostile = try JSONSerialization.data(withJSONObject: envelope)
        #expect(throws: CompiledSpecError.self) { try CompiledSpec.load(json: hostile) }
    }
}
