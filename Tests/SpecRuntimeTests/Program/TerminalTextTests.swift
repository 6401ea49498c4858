import Testing
@testable import ScreenSpec
@testable import SpecRuntime

/// Text that reaches a terminal (timelines, diagnostics, snapshot diffs) shows control
/// characters as escapes instead of sending them: issue 25, item 17.
@Suite struct TerminalTextTests {
    /// Every scalar a terminal could act on, and none that it could not.
    static let unsafe = "\u{1B}[31m\u{07}\u{0}\r\u{7F}\u{80}\u{9B}\u{9F}\u{202E}\u{2066}"

    @Test func escapesC0DelC1AndBidiControlsAndNothingElse() {
        #expect(TerminalText.escaped("a" + Self.unsafe + "b")
                == #"a\u001b[31m\u0007\u0000\u000d\u007f\u0080\u009b\u009f\u202e\u2066b"#)
        let plain = "Login › signs in \\ (é, 日本, 🙂, \u{A0}, \u{200B})"
        #expect(TerminalText.escaped(plain) == plain)
        #expect(TerminalText.escaped("a\nb\tc") == #"a\u000ab\u0009c"#)
        #expect(TerminalText.escaped("a\nb\tc", keeping: [.lineBreaks, .tabs]) == "a\nb\tc")
        // Escaping twice changes nothing: escaped text (and a quoted value) has no control left.
        let once = TerminalText.escaped(Self.unsafe)
        #expect(TerminalText.escaped(once) == once)
    }

    private func played(_ yaml: String) throws -> String {
        let checked = try #require(SpecLoader.load(text: yaml, path: "t.yaml").spec)
        return TimelineFormatter.text(ScenarioRunner.run(checked, scenario: 0))
    }

    @Test func aTimelineEscapesNamesStepsAndC1InValues() throws {
        let text = try played("""
            screen: Tiny
            inputs:
              t: { type: String, default: "" }
            outputs:
              echo: t
            scenarios:
              - name: "doubles \\e[31mRED\\u009b\\nfake line"
                steps:
                  - set: { t: "a\\u009bb\\x7f\\u202e" }
            """)
        #expect(!text.unicodeScalars.contains { TerminalText.isUnsafe($0, keeping: .lineBreaks) }, "\(text)")
        #expect(text.hasPrefix(#"Tiny › doubles \u001b[31mRED\u009b\u000afake line"# + "\n"))
        #expect(text.contains(#"echo              "a\u009bb\u007f\u202e""#))
        #expect(text.contains(#"▶ set t = "a\u009bb\u007f\u202e""#))
        // Four lines: the header, two emissions and the step; the name broke none.
        #expect(text.split(separator: "\n").count == 4)
    }

    @Test func jsonLinesStayValidJSONWithC1Escaped() throws {
        let checked = try #require(SpecLoader.load(text: """
            screen: Tiny
            inputs:
              t: { type: String, default: "\\u009b" }
            outputs:
              echo: t
            scenarios:
              - name: s
                steps: []
            """, path: "t.yaml").spec)
        let json = TimelineFormatter.jsonLines(ScenarioRunner.run(checked, scenario: 0))
        #expect(json.contains(#""value":"\u009b""#))
    }

    @Test func aDiagnosticEscapesTheFileNameAndTheSourceLineAndKeepsTheCaretUnderIt() throws {
        let path = "specs/x\u{1B}]0;title\u{07}.yaml"
        // libyaml refuses raw C0 and C1 controls in a spec, but not a bidi override.
        let loaded = SpecLoader.load(text: "screen: X\noutputs:\n  a: \"\\\"\u{202E}\\\" + b\"\n", path: path)
        let rendered = DiagnosticFormatter().render(loaded.diagnostics, sources: [path: loaded.source])
        #expect(!rendered.unicodeScalars.contains { TerminalText.isUnsafe($0, keeping: .lineBreaks) }, "\(rendered)")
        #expect(rendered.hasPrefix(#"specs/x\u001b]0;title\u0007.yaml:3:15: error: unknown name 'b'"#), "\(rendered)")
        let lines = rendered.split(separator: "\n").map(String.init)
        let source = try #require(lines.firstIndex { $0.hasPrefix("3 | ") })
        #expect(lines[source] == #"3 |   a: "\"\u202e\" + b""#)
        // The caret stands under 'b', after the six columns that '\u202e' takes.
        let b = try #require(lines[source].lastIndex(of: "b"))
        #expect(lines[source + 1] == "  | " + String(repeating: " ", count: lines[source].distance(from: lines[source].startIndex, to: b) - 4) + "^")
    }
}
