import Testing
@testable import ScreenSpec

/// A row's action whose work is a stream: typed as a screen action's work, over the row's names.
@Suite("Row actions: work that is a stream, checking")
struct RowWorkCheckingTests {
    private func load(_ work: String) -> LoadedSpec {
        let yaml = """
            screen: Rows
            types:
              Setting: { key: String }
            state:
              items: { type: "[Setting]", initial: [] }
              count: { type: Int, initial: 0 }
            viewModels:
              SettingRow:
                params: { setting: Setting }
                inputs: { toggle: Bool, tap: event }
                state: { isOn: { type: Bool, initial: false } }
                actions:
                  save:
                    trigger: toggle
                    work: \(work)
                outputs:
                  label: '"\\(setting.key)"'
            cells:
              settings: { viewModel: SettingRow, for: items, id: key }
            services:
              settings.save: { params: { key: String, on: Bool }, returns: Bool, latency: 300ms, result: true }
              settings.count: { params: { key: String }, returns: Int, result: 1 }
            """
        return SpecLoader.load(text: yaml, path: "t.yaml")
    }

    @Test func everyFormOfAScreenActionsWorkChecksInARowAndTypesItsElements() throws {
        let forms: [(String, String)] = [
            (#"{ call: settings.save, with: { key: setting.key, on: $0 }, ops: [ { retry: { max: 3, when: "$0 == .http(503)", delay: 1s } }, { timeout: 5s } ] }"#, "Bool?"),
            (#"{ if: "$0", then: { call: settings.save, with: { key: setting.key, on: toggle } }, else: { just: "true" } }"#, "Bool?"),
            (#"{ interval: 100ms, ops: [ { take: 3 }, { map: "isOn ? $0 : -$0" } ] }"#, "Int?"),
            (#"{ timer: 1s }"#, "Int?"),
            (#"{ just: "setting.key" }"#, "String?"),
            (#"{ call: settings.count, with: { key: setting.key }, ops: [ { map: "$0 + 1" }, { catchAndReturn: 0 } ] }"#, "Int?"),
            ("never", nil),
            ("empty", nil),
            (#"{ error: ".http(500)" }"#, nil),
        ].map { ($0.0, $0.1 ?? "") }
        for (work, elements) in forms {
            let loaded = load(work)
            #expect(loaded.diagnostics.isEmpty, "\(work): \(loaded.renderDiagnostics())")
            let plan = try #require(loaded.spec?.cells.first)
            let action = try #require(plan.actions?.first)
            #expect(action.work != nil, "\(work)")
            #expect(action.arguments.isEmpty && action.argumentNames.isEmpty, "\(work)")
            if let field = plan.fieldNames.firstIndex(of: "save.elements") {
                #expect("\(loaded.spec!.types.records["SettingRow"]?[field].type ?? .void)" == elements, "\(work)")
            } else {
                #expect(elements.isEmpty, "\(work): no element, no field")
            }
        }
    }

    @Test func aNameOfTheScreenInARowsWorkIsUnknown() {
        let text = load(#"{ call: settings.save, with: { key: setting.key, on: count > 0 }, ops: [ { retry: 2 } ] }"#).renderDiagnostics()
        #expect(text.contains("error: unknown name 'count'"), "\(text)")
        let inOps = load(#"{ interval: 1s, ops: [ { map: "$0 + count" } ] }"#).renderDiagnostics()
        #expect(inOps.contains("error: unknown name 'count'"), "\(inOps)")
    }

    @Test func aRowsWorkReadsTheRowBeforeItsOutputs() {
        let text = load(#"{ just: "label" }"#).renderDiagnostics()
        #expect(text.contains("error: unknown name 'label'"), "\(text)")
    }

    @Test func anEventTriggerHasNoInputToReadInTheWork() {
        let yaml = """
            screen: Rows
            types:
              Setting: { key: String }
            state:
              items: { type: "[Setting]", initial: [] }
            viewModels:
              SettingRow:
                params: { setting: Setting }
                inputs: { tap: event }
                actions:
                  save: { trigger: tap, work: { if: "$0", then: { just: "true" }, else: { just: "false" } } }
            cells:
              settings: { viewModel: SettingRow, for: items, id: key }
            """
        let event = SpecLoader.load(text: yaml, path: "t.yaml").renderDiagnostics()
        #expect(event.contains("error: action 'save' takes no input, so '$0' has nothing to read"), "\(event)")
    }

    @Test func aFailureOrAnAsIsRefusedInARowsWorkAsInAScreens() {
        let text = load(#"{ call: settings.save, with: { key: setting.key, on: $0 }, failures: end }"#).renderDiagnostics()
        #expect(text.contains("error: an action's failures always go to 'save.errors'"), "\(text)")
    }
}
