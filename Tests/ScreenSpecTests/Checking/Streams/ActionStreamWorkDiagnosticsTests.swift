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

    /// A trigger that merges the action's own elements is a dependency cycle, reported as one.
    @Test func aTriggerFedByItsOwnElementsIsACycle() {
        let found = diagnostics("""
            screen: S
            inputs:
              go: Int
            actions:
              a:
                input: Int
                trigger: x
                work: { just: '$0 + 1' }
            outputs:
              x: { stream: go, ops: [ { merge: a.elements } ] }
            """)
        #expect(found.count == 1)
        #expect(found.first?.message.hasPrefix("dependency cycle:") == true)
    }

    /// `$0` is the action's input, as in a plain call's `with:`: without `input:` it is an error
    /// that says how to read the trigger's value.
    @Test func dollarZeroIsTheActionsInput() {
        let found = diagnostics("""
            screen: S
            inputs:
              n: Int
            actions:
              a:
                trigger: n
                work: { just: '$0 + 1' }
            """)
        #expect(found.map(\.message) == ["action 'a' takes no input, so '$0' has nothing to read"])
        #expect(found.first?.notes.first?.message.contains("read it as 'n'") == true)
    }

    @Test func asIsRefused() {
        let found = diagnostics("""
            screen: S
            inputs:
              n: Int
            actions:
              a:
                trigger: n
                work: { just: n, as: q }
            """)
        #expect(found.count == 1)
        #expect(found.first?.message.contains("'as:' names a request's element") == true)
    }
}
