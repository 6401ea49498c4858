import ScreenSpec
import SpecRuntime
import Testing

/// The checker on an action's work written as a stream: its element types the action's
/// `elements` wherever they are read, and each mistake is one located message.
@Suite("An action's work as a stream: checking")
struct ActionStreamWorkDiagnosticsTests {
    private func diagnostics(_ yaml: String) -> [Diagnostic] {
        SpecLoader.load(text: yaml, path: "t.yaml").diagnostics
    }

    @Test func elementsTakeTheWorkType() throws {
        let loaded = SpecLoader.load(text: """
            screen: S
            inputs:
              go: event
            outputs:
              label: { stream: save.elements, ops: [ { map: '$0 + "!"' } ] }
            actions:
              save:
                trigger: go
                work: { call: api.save, ops: [ { map: 'String($0)' } ] }
            services:
              api.save: { returns: Int, result: 1 }
            """, path: "t.yaml")
        #expect(loaded.diagnostics.isEmpty, "\(loaded.renderDiagnostics())")
        let spec = try #require(loaded.spec)
        let elements = try #require(spec.node(named: "save.elements"))
        #expect(spec.nodes[elements].type == .string)
    }

    /// The work's hidden pipeline has no name a spec can read.
    @Test func theWorkHasNoName() {
        let found = diagnostics("""
            screen: S
            inputs:
              go: event
            outputs:
              copy: { stream: save.work }
            actions:
              save:
                trigger: go
                work: { just: 1 }
            """)
        #expect(found.count == 1)
        #expect(found.first?.message.contains("unknown stream source 'save.work'") == true)
    }

    @Test func failuresIsRefused() {
        let found = diagnostics("""
            screen: S
            actions:
              save:
                work: { call: api.save, failures: end }
            services:
              api.save: { returns: Int, result: 1 }
            """)
        #expect(found.count == 1)
        #expect(found.first?.message.contains("'failures:'") == true)
        #expect(found.first?.range.start.line == 4)
    }

    @Test func anUnknownServiceInTheWork() {
        let found = diagnostics("""
            screen: S
            actions:
              save:
                work: { call: api.sav, ops: [ { retry: 2 } ] }
            services:
              api.save: { returns: Int, result: 1 }
            """)
        #expect(found.count == 1)
        #expect(found.first?.message.contains("api.sav") == true)
        #expect(found.first?.message.contains("api.save") == true)
    }

    @Test func anOperatorThatReadsOthersIsRefusedInside() {
        let found = diagnostics("""
            screen: S
            inputs:
              other: event
            actions:
              save:
                work: { call: api.save, ops: [ { concat: other } ] }
            services:
              api.save: { returns: Int, result: 1 }
            """)
        #expect(found.count == 1)
        #expect(found.first?.range.start.line == 6)
    }
}
