import ScreenSpec
import Testing

/// A scenario's `cases:` for a service replace all of the spec's: the spec's cases it leaves out
/// no longer answer, which is easy to miss (author3's report, T4). The checker says so once per
/// override, with a note at each dropped case; `replace: true` says it is meant.
@Suite struct DroppedCasesTests {
    private static func spec(_ override: String) -> String {
        """
        screen: S
        inputs:
          postcode: String
        actions:
          look: { trigger: postcode, work: { call: geo.look, with: { code: postcode } } }
        services:
          geo.look:
            params: { code: String }
            returns: String
            result: nowhere
            cases:
              - { when: { code: "10115" }, value: Berlin }
              - { when: { code: "75001" }, value: Paris }
        scenarios:
          - name: s
            services:
              geo.look:
        \(override)
            steps:
              - send: { postcode: "75001" }

        """
    }

    @Test func anOverrideThatDropsASpecCaseWarnsOnceWithANoteAtIt() {
        let loaded = SpecLoader.load(text: Self.spec("        cases: [{ when: { code: \"10115\" }, value: Bonn }]"), path: "t.yaml")
        #expect(loaded.spec != nil)
        #expect(loaded.diagnostics.map(\.id) == ["dropped-cases"])
        let rendered = loaded.renderDiagnostics()
        #expect(rendered.contains("t.yaml:18:17: warning: the scenario's 'cases:' for 'geo.look' replace the spec's, and one of the spec's cases no longer answers: a call it matched gets the service's other results"), "\(rendered)")
        #expect(rendered.contains("t.yaml:13:9: note: dropped: the case 'when: { code: \"75001\" }'"), "\(rendered)")
        #expect(rendered.contains("help: repeat it in the scenario's 'cases:', or write 'replace: true' beside them if they are meant to go"), "\(rendered)")
    }

    @Test func replaceTrueOrRepeatingEveryCaseSaysNothing() {
        let meant = SpecLoader.load(text: Self.spec("        replace: true\n        cases: [{ when: { code: \"10115\" }, value: Bonn }]"), path: "t.yaml")
        #expect(meant.spec != nil && meant.diagnostics.isEmpty, "\(meant.renderDiagnostics())")
        let kept = SpecLoader.load(
            text: Self.spec("        cases: [{ when: { code: \"10115\" }, value: Bonn }, { when: { code: \"75001\" }, value: Lyon }]"), path: "t.yaml")
        #expect(kept.spec != nil && kept.diagnostics.isEmpty, "\(kept.renderDiagnostics())")
        let results = SpecLoader.load(text: Self.spec("        result: Rome"), path: "t.yaml")
        #expect(results.spec != nil && results.diagnostics.isEmpty, "\(results.renderDiagnostics())")
    }

    @Test func replaceTakesTrueOrFalse() {
        let loaded = SpecLoader.load(text: Self.spec("        replace: yes\n        cases: [{ when: { code: \"10115\" }, value: Bonn }]"), path: "t.yaml")
        #expect(loaded.diagnostics.map(\.id).contains("type-mismatch"), "\(loaded.renderDiagnostics())")
    }
}
