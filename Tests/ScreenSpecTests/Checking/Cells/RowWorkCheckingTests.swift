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

    @Test func takeUntilNamesTheRowsOwnInputsAsIndicesInTheRowsInputs() throws {
        for (name, index) in [("tap", 1), ("toggle", 0)] {
            let loaded = load("{ interval: 1s, ops: [ { takeUntil: \(name) }, { take: 3 } ] }")
            #expect(loaded.diagnostics.isEmpty, "\(loaded.renderDiagnostics())")
            let work = try #require(loaded.spec?.cells.first?.actions?.first?.work)
            #expect(work.innerSources.map(\.node) == [index])
        }
    }

    @Test func theRefusalSaysWhetherTheNameIsTheScreensTheRowsOrNone() {
        let screen = load(#"{ interval: 1s, ops: [ { takeUntil: count } ] }"#).renderDiagnostics()
        #expect(screen.contains("error: 'takeUntil' listens to 'count', a name of the screen; a row's work listens to its own row's streams alone"), "\(screen)")
        #expect(screen.contains("help: name one of the row's inputs such as 'takeUntil: toggle', fired on the row"), "\(screen)")
        let row = load(#"{ interval: 1s, ops: [ { withLatestFrom: toggle } ] }"#).renderDiagnostics()
        #expect(row.contains("error: 'withLatestFrom' cannot read the row's 'toggle' in a row's work; a row's work listens to its row's streams only to end on them, with 'takeUntil'"),
                "\(row)")
        let unknown = load(#"{ interval: 1s, ops: [ { takeUntil: tapp } ] }"#).renderDiagnostics()
        #expect(unknown.contains("error: unknown stream 'tapp' of the row; did you mean 'tap'?"), "\(unknown)")
    }

    @Test func aRowStateAHandlerSetsReadInTheWorksOpsWarnsThatItIsReadAtTheStart() {
        let yaml = """
            screen: Rows
            types:
              Download: { id: Int }
            state:
              items: { type: "[Download]", initial: [] }
            viewModels:
              DownloadRow:
                params: { item: Download }
                inputs: { start: event, pause: event }
                state: { paused: { type: Bool, initial: false } }
                actions:
                  download:
                    trigger: start
                    work: { interval: 500ms, ops: [ { takeWhile: "!paused" }, { take: 10 } ] }
                handlers:
                  - on: pause
                    set: { paused: true }
            cells:
              rows: { viewModel: DownloadRow, for: items }
            """
        let loaded = SpecLoader.load(text: yaml, path: "t.yaml")
        #expect(loaded.spec != nil)
        let text = loaded.renderDiagnostics()
        #expect(text.contains("t.yaml:14:56: warning: 'takeWhile' reads 'paused' as it was when the execution of 'download' started; the handler on 'pause' sets it later"),
                "\(text)")
        #expect(text.contains("help: end the execution on the row's input instead, as in 'takeUntil: pause'"), "\(text)")
        #expect(loaded.diagnostics.map(\.id) == ["row-work-reads-start"])
        // An expression of the element alone: no warning.
        let quiet = SpecLoader.load(text: yaml.replacingOccurrences(of: #""!paused""#, with: #""$0 < 5""#), path: "t.yaml")
        #expect(!quiet.renderDiagnostics().contains("warning"), "\(quiet.renderDiagnostics())")
    }

    @Test func aFailureOrAnAsIsRefusedInARowsWorkAsInAScreens() {
        let text = load(#"{ call: settings.save, with: { key: setting.key, on: $0 }, failures: end }"#).renderDiagnostics()
        #expect(text.contains("error: an action's failures always go to 'save.errors'"), "\(text)")
    }
}
