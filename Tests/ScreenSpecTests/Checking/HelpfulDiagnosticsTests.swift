import ScreenSpec
import SpecTesting
import Testing

/// Issue 27 item 8: each mistake a new author met gets one located diagnostic with a help line
/// that fixes it.
@Suite("Diagnostics that help")
struct HelpfulDiagnosticsTests {
    private func only(_ yaml: String) throws -> Diagnostic {
        let loaded = SpecLoader.load(text: yaml, path: "t.yaml")
        #expect(loaded.diagnostics.count == 1, "\(loaded.renderDiagnostics())")
        return try #require(loaded.diagnostics.first)
    }

    @Test("'[' inside a flow mapping: quote the expression")
    func bracketInFlowMapping() throws {
        let d = try only("""
            screen: A
            inputs:
              post: String
            state:
              messages: { type: "[String]", initial: [] }
            handlers:
              - on: post
                set: { messages: messages + [post] }
            """)
        #expect(d.description == "t.yaml:8:33: error: invalid YAML: '[' inside '{ ... }' starts a YAML list, so the expression stops before it")
        #expect(d.fixIt == #"quote the expression: set: { messages: "messages + [post]" }"#)
        // The fix loads.
        #expect(SpecLoader.load(text: """
            screen: A
            inputs:
              post: String
            state:
              messages: { type: "[String]", initial: [] }
            handlers:
              - on: post
                set: { messages: "messages + [post]" }
            """, path: "t.yaml").diagnostics.isEmpty)
    }

    @Test("an argument label in an unquoted expression: quote the expression")
    func labelInUnquotedExpression() throws {
        let d = try only("""
            screen: A
            inputs:
              m: { type: Int, default: 1 }
            outputs:
              t: String(format: "%d:%02d", m, m)
            """)
        #expect(d.description == "t.yaml:5:19: error: invalid YAML: ': ' inside an unquoted expression (an argument label) reads as a YAML mapping")
        #expect(d.fixIt == #"quote the expression: t: 'String(format: "%d:%02d", m, m)'"#)
        #expect(SpecLoader.load(text: """
            screen: A
            inputs:
              m: { type: Int, default: 1 }
            outputs:
              t: 'String(format: "%d:%02d", m, m)'
            """, path: "t.yaml").diagnostics.isEmpty)
    }

    @Test("an unquoted '!a && b': quote the expression")
    func bangAndAnchor() throws {
        let d = try only("""
            screen: B
            inputs:
              a: { type: Bool, default: false }
              b: { type: Bool, default: false }
            outputs:
              both: !a && b
            """)
        #expect(d.id == "yaml-syntax")
        #expect(d.message == "invalid YAML: YAML reads '!' at the start as a tag and '&' as an anchor, not as the operators")
        #expect(d.fixIt == #"quote the expression: both: "!a && b""#)
    }

    @Test("'~' in a handler: write nil")
    func tildeInHandler() throws {
        let d = try only("""
            screen: C
            inputs:
              tap: event
            state:
              note: { type: String?, initial: "x" }
            handlers:
              - on: tap
                set: { note: ~ }
            """)
        #expect(d.description == "t.yaml:8:18: error: expected an expression, found YAML's nil '~'")
        #expect(d.fixIt == "write 'nil'")
        #expect(d.notes.map(\.message) == ["handler and output values are expressions; '~' and 'null' are nil only in data (defaults, scenario steps)"])
    }

    @Test("an unknown name in 'expect:' says what it accepts and suggests the nearest")
    func unknownExpectation() throws {
        let d = try only("""
            screen: C
            inputs:
              tap: event
            state:
              note: { type: String?, initial: "x" }
            scenarios:
              - name: s
                steps:
                  - expect: { notes: ~ }
            """)
        #expect(d.description == "t.yaml:9:19: error: unknown name 'notes' in 'expect:'; did you mean 'note'?")
        #expect(d.notes.first?.message.contains("or is a Bool expression, as in 'expect: messages.count == 2'") == true)
    }

    @Test("a cycle has a help line saying how to break it")
    func cycleHelp() throws {
        let d = try only("""
            screen: D
            inputs:
              a: { type: Int, default: 1 }
            outputs:
              x: y + a
              y: x + 1
            """)
        #expect(d.description == "t.yaml:6:3: error: dependency cycle: 'y' -> 'x' -> 'y'")
        #expect(d.fixIt?.hasPrefix("each value here is computed from the others at the same instant; break the loop") == true)
    }

    @Test("an event compared with nil: the one reason, said once")
    func eventComparedWithNil() throws {
        let d = try only("""
            screen: A
            inputs:
              go: event
            outputs:
              seen: "go != nil"
            """)
        #expect(d.description == "t.yaml:5:10: error: 'go' is an input event and has no current value")
    }
}
