import ScreenSpec
import Testing

/// Issue 39 item 4: an action's `with:` reads a name other than its trigger's as it was before a
/// handler on that trigger sets it; where it reads such a value the checker warns, with the fix.
@Suite struct ValueBeforeHandlerTests {
    private static func spec(with argument: String, handlerValue: String = "darkModeChanged") -> String {
        """
        screen: S
        inputs:
          darkModeChanged: Bool
        state:
          darkMode: { type: Bool, initial: false }
        handlers:
          - on: darkModeChanged
            set: { darkMode: \(handlerValue) }
        actions:
          save: { trigger: darkModeChanged, work: { call: api.save, with: { value: \(argument) } } }
        services:
          api.save: { returns: Bool, params: { value: Bool }, echo: value }

        """
    }

    @Test func readingWhatAHandlerOnTheTriggerSetsIsOneWarningWithTheFix() {
        let loaded = SpecLoader.load(text: Self.spec(with: "darkMode"), path: "t.yaml")
        #expect(loaded.spec != nil)
        #expect(loaded.renderDiagnostics() == """
            t.yaml:10:76: warning: 'with:' reads 'darkMode' as it was before the handler on 'darkModeChanged' sets it
               |
            10 |   save: { trigger: darkModeChanged, work: { call: api.save, with: { value: darkMode } } }
               |                                                                            ^~~~~~~~
            t.yaml:8:12: note: the handler sets it in the same step; the call sees the new value from the next execution on
              |
            8 |     set: { darkMode: darkModeChanged }
              |            ^~~~~~~~
            help: read the new value from the trigger: 'value: darkModeChanged'

            """)
        #expect(loaded.diagnostics.map(\.id) == ["value-before-handler"])
    }

    @Test func aHandlerComputingTheValueGetsTheGeneralFix() {
        let loaded = SpecLoader.load(text: Self.spec(with: "'!darkMode'", handlerValue: "'!darkModeChanged'"), path: "t.yaml")
        #expect(loaded.diagnostics.map(\.fixIt) == ["compute the new value from 'darkModeChanged' in 'with:' as the handler does"])
    }

    @Test func readingTheTriggerOrAValueNoHandlerOnItSetsIsQuiet() {
        #expect(SpecLoader.load(text: Self.spec(with: "darkModeChanged"), path: "t.yaml").diagnostics.isEmpty)
        #expect(SpecLoader.load(text: Self.spec(with: "true"), path: "t.yaml").diagnostics.isEmpty)
    }
}
