import Testing
@testable import ScreenSpec

/// `secure: true` on an input: text kept off the screen's readouts (UITextField's
/// `isSecureTextEntry`). The loader names the secure inputs; anything but a text input marked so,
/// or a mark that is not `true`/`false`, is a located error with a fix.
@Suite("Secure inputs: checking")
struct SecureInputCheckingTests {
    private func load(_ inputs: String) -> LoadedSpec {
        SpecLoader.load(text: "screen: S\ninputs:\n" + inputs, path: "t.yaml")
    }

    @Test func theLoaderNamesTheSecureInputs() throws {
        let loaded = load("""
              email: { type: String, default: "" }
              password: { type: String, default: "", secure: true }
              code: { type: "String?", default: ~, secure: true }
              pin: { type: String, secure: false }

            """)
        #expect(loaded.diagnostics.isEmpty, "\(loaded.renderDiagnostics())")
        #expect(loaded.spec != nil)
        #expect(loaded.secureInputs == ["password", "code"])
    }

    @Test func onlyTextIsSecure() {
        #expect(load("  pin: { type: Int, default: 0, secure: true }\n").renderDiagnostics() == """
            t.yaml:3:41: error: 'secure:' marks text a person types; input 'pin' is 'Int', not 'String'
              |
            3 |   pin: { type: Int, default: 0, secure: true }
              |                                         ^~~~
            help: write '{ type: String, default: "", secure: true }', or remove 'secure: true'

            """)
        #expect(load("  go: { type: event, secure: true }\n").renderDiagnostics() == """
            t.yaml:3:30: error: an event has no value to hide, so it is not 'secure:'
              |
            3 |   go: { type: event, secure: true }
              |                              ^~~~
            help: remove 'secure: true', or mark the text input the person types the secret into

            """)
    }

    @Test func theMarkIsTrueOrFalse() {
        #expect(load("  pin: { type: String, default: \"\", secure: yes }\n").renderDiagnostics() == """
            t.yaml:3:45: error: 'secure:' is 'true' or 'false', found 'yes'
              |
            3 |   pin: { type: String, default: "", secure: yes }
              |                                             ^~~
            help: write 'secure: true' for a password, a PIN or any text to keep off the screen's readouts

            """)
        #expect(load("  pin: { type: String, default: \"\", secure: \"true\" }\n").spec == nil)
    }

    @Test func aMisspeltMarkIsSuggested() {
        let text = load("  pin: { type: String, default: \"\", secur: true }\n").renderDiagnostics()
        #expect(text.contains("t.yaml:3:37: error: unknown key 'secur' in input 'pin'; did you mean 'secure'?"), "\(text)")
    }
}
