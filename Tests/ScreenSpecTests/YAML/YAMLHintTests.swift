import Testing
@testable import ScreenSpec

/// Where YAML reads an expression before the expression parser does, the diagnostic says so and
/// how to write it. Whole rendered outputs.
@Suite("YAML hints")
struct YAMLHintTests {
    private func diagnose(_ yaml: String) -> String {
        SpecLoader.load(text: yaml, path: "t.yaml").renderDiagnostics()
    }

    @Test func interpolationInDoubleQuotesIsAnUnknownEscape() {
        let spec = """
            screen: Font
            inputs:
              fontSize: { type: Int, default: 12 }
            outputs:
              caption: "Font size: \\(fontSize) pt"

            """
        #expect(diagnose(spec) == """
            t.yaml:5:24: error: invalid YAML: '\\(' is not an escape YAML knows in a double-quoted string
              |
            5 |   caption: "Font size: \\(fontSize) pt"
              |                        ^
            note: while parsing a quoted scalar at 5:12
            note: YAML reads backslashes inside "..." before the expression does, so '\\(' interpolation must be protected from it
            help: quote the expression with single quotes: caption: '"Font size: \\(fontSize) pt"' (or write '\\\\(' inside double quotes)

            """)
        // The suggested line is a spec that reads as meant.
        let fixed = spec.replacingOccurrences(of: "caption: \"Font size: \\(fontSize) pt\"", with: "caption: '\"Font size: \\(fontSize) pt\"'")
        #expect(SpecLoader.load(text: fixed, path: "t.yaml").diagnostics.isEmpty)
    }

    @Test func escapedQuotesBecomeSingleQuotes() {
        let spec = "screen: A\ninputs:\n  n: { type: Int, default: 1 }\noutputs:\n  c: \"\\\"n = \\(n)\\\"\"   # the count\n"
        let help = SpecLoader.load(text: spec, path: "t.yaml").diagnostics.first?.fixIt
        #expect(help == "quote the expression with single quotes: c: '\"n = \\(n)\"' (or write '\\\\(' inside double quotes)")
    }

    @Test func aCommaInsideBracesEndsTheValue() {
        let spec = """
            screen: Pages
            state:
              page: { type: Int, initial: 1 }
            inputs:
              back: event
            handlers:
              - on: back
                set: { page: max(page - 1, 0) }

            """
        #expect(diagnose(spec) == """
            t.yaml:8:30: error: expected ')', found end of expression
              |
            8 |     set: { page: max(page - 1, 0) }
              |                              ^
            t.yaml:8:21: note: to match this '('
              |
            8 |     set: { page: max(page - 1, 0) }
              |                     ^
            note: inside '{ ... }' a ',' ends the value: an expression with commas must be quoted, as in 'x: "max(a, b)"'

            """)
    }

    /// An eleventh first user's 10: a nested call cut at its comma gave an `expected ')'` for each
    /// '(' left open and an unknown key for the rest (`n))`): one error says it.
    @Test func aCommaInsideNestedParenthesesIsOneError() {
        let spec = """
            screen: Pages
            state:
              n: { type: Int, initial: 1 }
            inputs:
              q: { type: Double, default: 1 }
            view:
              stepper: { stepper: { value: { twoWay: q, get: Double(max(1, n)) }, minimumValue: 1, maximumValue: 5 } }

            """
        let diagnostics = SpecLoader.load(text: spec, path: "t.yaml").diagnostics
        #expect(diagnostics.map(\.description) == ["t.yaml:7:62: error: expected ')', found end of expression"], "\(diagnose(spec))")
        #expect(diagnostics.first?.notes.last?.message.hasPrefix("inside '{ ... }' a ',' ends the value") == true)
    }
}
