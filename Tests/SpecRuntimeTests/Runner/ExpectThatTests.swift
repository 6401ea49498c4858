import ScreenSpec
import SpecRuntime
import SpecTesting
import Testing

/// Issue 27 item 5: `expect:` checks a `Bool` expression over current values
/// (`expect: messages.count == 4`), as `XCTAssert` would, besides names to values.
@Suite("expect: with an expression")
struct ExpectThatTests {
    private func timeline(_ steps: String) throws -> Timeline {
        let loaded = SpecLoader.load(text: """
            screen: Chat
            inputs:
              post: String
            state:
              messages: { type: "[String]", initial: [] }
            handlers:
              - on: post
                set: { messages: "messages + [post]" }
            scenarios:
              - name: s
                steps:
            \(steps)
            """, path: "t.yaml")
        let spec = try #require(loaded.spec, "\(loaded.renderDiagnostics())")
        return ScenarioRunner.run(spec, scenario: 0)
    }

    @Test("an expression that holds passes, one that does not says what each side was")
    func holdsAndFails() throws {
        let passing = try timeline("""
                  - send: { post: hi }
                  - send: { post: there }
                  - expect: messages.count == 2
                  - expect: "messages.contains(\\"hi\\") && !messages.isEmpty"
            """)
        #expect(passing.passed)
        let failing = try timeline("""
                  - send: { post: hi }
                  - expect: messages.count == 4
                  - expect: messages.contains("bye")
            """)
        let failures = failing.failures.map { entry -> String in
            guard case .failure(_, let message, _, let line) = entry else { return "" }
            return "\(line): \(message)"
        }
        #expect(failures == ["13: expected messages.count == 4, got 1 == 4", "14: expected messages.contains(\"bye\"), got false"])
    }

    @Test("an expression that is not a Bool, or reads what has no current value, is located")
    func rejected() {
        assertDiagnostics("""
            screen: Chat
            inputs:
              post: String
            state:
              messages: { type: "[String]", initial: [] }
            scenarios:
              - name: s
                steps:
                  - expect: 1️⃣messages.count
            """, [DiagnosticSpec(message: "expected 'Bool', found 'Int'")])
    }
}
