import ScreenSpec
import SpecRuntime
import SpecTesting
import Testing

/// Issue 39: `functions:`, helpers any expression calls, each checked once where it is declared
/// and at each call against its signature; misuse is one located diagnostic with its fix.
@Suite("Functions of your own")
struct FunctionCheckingTests {
    /// Loads `yaml` and returns its errors as `line:col: message`, in order.
    private func errors(_ yaml: String) -> [String] {
        SpecLoader.load(text: yaml, path: "t.yaml").diagnostics.filter { $0.severity == .error }
            .map { "\($0.range.start.line):\($0.range.start.column): \($0.message)" }
    }

    private static func spec(_ functions: String, _ outputs: String) -> String {
        """
        screen: F
        functions:
        \(functions)
        inputs:
          secs: { type: Int, default: 75 }
          xs: { type: "[Int]", default: [1, 2] }
        outputs:
        \(outputs)
        """
    }

    @Test func aFunctionIsCalledFromExpressionsAndClosures() throws {
        let yaml = Self.spec("""
              mmss: { params: { t: Int }, returns: String, body: 'String(format: "%02d:%02d", t / 60, t % 60)' }
              scaled: { params: { xs: "[Int]", k: Double }, returns: "[Double]", body: 'xs.map { Double($0) * k }.filter { x in x > k }' }
              sum: { params: { xs: "[Int]" }, returns: Int, body: 'xs.reduce(0) { $0 + $1 }' }
              plus: { params: { a: Int, b: Int }, returns: Int, body: 'a + b' }
              nested: { params: { n: Int, ys: "[Int]" }, returns: "[Int]", body: 'ys.map { y in ys.map { plus($0, y * n) }.count }' }
            """, """
              clock: mmss(secs)
              later: mmss(secs + 60)
              each: 'xs.map { mmss($0 * 30) }'
              big: scaled(xs, 1)
              total: sum(xs.map { plus($0, secs) })
              grid: nested(2, xs)
            """)
            + """

            scenarios:
              - name: every call
                steps:
                  - expect: { clock: "01:15", later: "02:15", each: ["00:30", "01:00"], big: [2.0], total: 153, grid: [2, 2] }
                  - set: { secs: 0, xs: [] }
                  - expect: { clock: "00:00", each: [], big: [], total: 0, grid: [] }
            """
        let loaded = SpecLoader.load(text: yaml, path: "t.yaml")
        let spec = try #require(loaded.spec, "\(loaded.renderDiagnostics())")
        for timeline in ScenarioRunner.runAll(spec) {
            #expect(timeline.passed, "\(TimelineFormatter.text(timeline))")
        }
    }

    @Test func misuseIsLocatedWithItsFix() {
        let yaml = Self.spec("""
              mmss: { params: { t: Int }, returns: String, body: 'String(format: "%02d:%02d", t / 60, t % 60)' }
              reads: { returns: Int, body: 'secs + 1' }
              odd: { params: { n: Int }, returns: Bool, body: 'n == 0 ? false : even(n - 1)' }
              even: { params: { n: Int }, returns: Bool, body: 'n == 0 ? true : odd(n - 1)' }
              wrong: { params: { n: Int }, returns: String, body: 'n + 1' }
              min: { params: { n: Int }, returns: Int, body: 'n' }
            """, """
              a: mmss(secs, 2)
              b: mmss("x")
              c: mmsss(secs)
              d: 'mmss(t: secs)'
            """)
        #expect(errors(yaml) == [
            "4:33: unknown name 'secs'",
            "6:69: function 'odd' calls itself ('odd' → 'even' → 'odd'): a function may not be recursive",
            "7:56: expected 'String', found 'Int'",
            "8:3: 'min' is a function of the expression language already",
            "13:6: 'mmss' takes 1 argument, found 2",
            "14:11: 'mmss' takes 't' of type 'Int', found 'String'",
            "15:6: unknown function 'mmsss'; did you mean 'mmss'?",
            "16:7: 'mmss' takes its arguments without labels, found 't:'",
        ])
        let loaded = SpecLoader.load(text: yaml, path: "t.yaml")
        let reads = loaded.diagnostics.first { $0.message == "unknown name 'secs'" }
        #expect(reads?.notes.map(\.message) == ["a function reads its parameters only: pass what it needs as an argument"])
        let arity = loaded.diagnostics.first { $0.message.hasPrefix("'mmss' takes 1 argument") }
        #expect(arity?.notes.map(\.message) == ["it is declared 'mmss(t: Int) -> String' under 'functions:'"])
        let labels = loaded.diagnostics.first { $0.message.hasPrefix("'mmss' takes its arguments without labels") }
        #expect(labels?.fixIt == "remove the labels, as in 'mmss(t)'")
    }
}
