import Testing
@testable import ScreenSpec

/// A row's own actions (`actions:` of a view model): each mistake one located diagnostic.
@Suite("Row actions: checking")
struct RowActionCheckingTests {
    private func diagnose(_ action: String, handlers: String = "", steps: String = "") -> String {
        let yaml = """
            screen: Bad
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
            \(action)
                handlers:
                  - { on: toggle, set: { isOn: toggle } }
            \(handlers)
            cells:
              settings: { viewModel: SettingRow, for: items, id: key }
            services:
              settings.save: { params: { key: String, on: Bool }, returns: Bool, latency: 300ms, result: true }
            scenarios:
              - name: s
                steps:
                  - wait: 0ms
            \(steps)
            """
        return SpecLoader.load(text: yaml, path: "t.yaml").renderDiagnostics()
    }

    @Test func aWellFormedRowActionChecksAndDeclaresItsFieldsAndStreams() throws {
        let text = """
            screen: Fine
            types:
              Setting: { key: String }
            state:
              items: { type: "[Setting]", initial: [] }
            viewModels:
              SettingRow:
                params: { setting: Setting }
                inputs: { toggle: Bool }
                state: { isOn: { type: Bool, initial: false } }
                actions:
                  save:
                    trigger: toggle
                    enabledIf: "!setting.key.isEmpty"
                    work: { call: settings.save, with: { key: setting.key, on: $0 } }
                outputs: { isSaving: save.executing }
                handlers:
                  - { on: save.errors, set: { isOn: "!isOn" } }
            cells:
              settings: { viewModel: SettingRow, for: items, id: key }
            services:
              settings.save: { params: { key: String, on: Bool }, returns: Bool, result: true }
            """
        let loaded = SpecLoader.load(text: text, path: "t.yaml")
        #expect(loaded.diagnostics.isEmpty, "\(loaded.renderDiagnostics())")
        let plan = try #require(loaded.spec?.cells.first)
        #expect(plan.fieldNames == ["setting", "toggle", "isOn", "save.executing", "save.enabled", "save.elements", "save.errors", "isSaving"])
        #expect(plan.inputs.map(\.name) == ["toggle", "save.elements", "save.errors", "save.completions"])
        #expect(plan.actions?.first?.trigger == 0)
        #expect(plan.handlers.first?.input == 2)
        // Nothing reads `settings.save.completions`: not shown, as a screen action's (elements
        // and errors are, as a screen action's always are).
        let spec = try #require(loaded.spec)
        #expect(spec.node(named: "settings.save.completions").map { spec.nodes[$0].visible } == false)
        #expect(spec.node(named: "settings.save.errors").map { spec.nodes[$0].visible } == true)
    }

    /// A row action's completions read at the screen (a handler), or in the row (a handler), are
    /// shown in the timeline.
    @Test(arguments: ["handlers:\n  - { on: settings.save.completions, set: { ended: ended + 1 } }\n", ""])
    func readCompletionsOfARowAreShown(screenHandler: String) throws {
        let rowHandler = screenHandler.isEmpty ? "\n      - { on: save.completions, set: { isOn: false } }" : ""
        let text = """
            screen: Fine
            types:
              Setting: { key: String }
            state:
              items: { type: "[Setting]", initial: [] }
              ended: { type: Int, initial: 0 }
            viewModels:
              SettingRow:
                params: { setting: Setting }
                inputs: { toggle: Bool }
                state: { isOn: { type: Bool, initial: false } }
                actions:
                  save: { trigger: toggle, work: { call: settings.save, with: { key: setting.key, on: $0 } } }
                handlers:
                  - { on: save.errors, set: { isOn: "!isOn" } }\(rowHandler)
            cells:
              settings: { viewModel: SettingRow, for: items, id: key }
            services:
              settings.save: { params: { key: String, on: Bool }, returns: Bool, result: true }
            \(screenHandler)
            """
        let loaded = SpecLoader.load(text: text, path: "t.yaml")
        #expect(loaded.diagnostics.isEmpty, "\(loaded.renderDiagnostics())")
        let spec = try #require(loaded.spec)
        #expect(spec.node(named: "settings.save.completions").map { spec.nodes[$0].visible } == true)
    }

    @Test func anUnknownService() {
        let text = diagnose("""
                  save: { trigger: toggle, work: { call: settings.sav, with: { key: setting.key, on: $0 } } }
            """)
        #expect(text.contains("t.yaml:13:46: error: unknown service 'settings.sav'; did you mean 'settings.save'?"), "\(text)")
    }

    /// A tenth first user's row output read the action whose service was unknown: one mistake,
    /// one diagnostic, as for a screen's action.
    @Test func whatReadsAnActionThatFailedSaysNothingMore() {
        let text = diagnose("""
                  save: { trigger: toggle, work: { call: settings.sav, with: { key: setting.key, on: $0 } } }
                outputs:
                  busy: save.executing
                  saved: 'save.errors == nil'
            """)
        #expect(text.contains("unknown service 'settings.sav'"), "\(text)")
        #expect(text.components(separatedBy: "error:").count == 2, "\(text)")
    }

    @Test func anArgumentOfTheWrongType() {
        let text = diagnose("""
                  save: { trigger: toggle, work: { call: settings.save, with: { key: isOn, on: $0 } } }
            """)
        #expect(text.contains("t.yaml:13:74: error: expected 'String', found 'Bool'"), "\(text)")
    }

    @Test func anArgumentReadingANameOfTheScreen() {
        let text = diagnose("""
                  save: { trigger: toggle, work: { call: settings.save, with: { key: setting.key, on: count > 0 } } }
            """)
        #expect(text.contains("t.yaml:13:91: error: unknown name 'count'"), "\(text)")
    }

    @Test func aTriggerThatIsNotAnInputOfTheRow() {
        let text = diagnose("""
                  save: { trigger: isOn, work: { call: settings.save, with: { key: setting.key, on: true } } }
            """)
        #expect(text.contains("t.yaml:13:24: error: 'isOn' is a field of the row, not one of its inputs; a row's action is triggered by one of the row's inputs"), "\(text)")
        let screen = diagnose("""
                  save: { trigger: items, work: { call: settings.save, with: { key: setting.key, on: true } } }
            """)
        #expect(screen.contains("t.yaml:13:24: error: 'items' is not an input of view model 'SettingRow'"), "\(screen)")
    }

    @Test func anEventTriggerHasNoInputToRead() {
        let text = diagnose("""
                  save: { trigger: tap, work: { call: settings.save, with: { key: setting.key, on: $0 } } }
            """)
        #expect(text.contains("error: action 'save' takes no input, so '$0' has nothing to read"), "\(text)")
    }

    @Test func workWrittenAsAStreamListensToNoStreamOfTheScreen() {
        let text = diagnose("""
                  save: { trigger: toggle, work: { just: "true", ops: [ { takeUntil: items } ] } }
            """)
        #expect(text.contains("t.yaml:13:74: error: 'takeUntil' listens to 'items', a name of the screen; a row's work listens to its own row's streams alone"),
                "\(text)")
    }

    @Test func aHandlerSetsNeitherExecutingNorEnabled() {
        let text = diagnose("""
                  save: { trigger: toggle, work: { call: settings.save, with: { key: setting.key, on: $0 } } }
            """, handlers: """
                  - { on: save.elements, set: { save.executing: false } }
            """)
        #expect(text.contains("error: a row's handler sets its state; 'save.executing' is not state of 'SettingRow'"), "\(text)")
    }

    @Test func aStepSendsNotToAStreamTheActionFeeds() {
        let text = diagnose("""
                  save: { trigger: toggle, work: { call: settings.save, with: { key: setting.key, on: $0 } } }
            """, steps: """
                  - send: { settings.save.errors: { row: a } }
            """)
        #expect(text.contains("error: 'send:' fires an input event or value, but 'settings.save.errors' is an action stream of a row"), "\(text)")
    }
}
