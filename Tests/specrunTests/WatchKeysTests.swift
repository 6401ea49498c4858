import Foundation
import SpecTools
import Testing
@testable import SpecrunCLI

/// The keys of `specrun test --watch` as a state machine, without a terminal (issue 28, "The
/// loop"); on a real terminal: `WatchKeysTerminalTests`.
@Suite struct WatchKeysTests {
    @Test func eachKeyOfTheLegendActsAndOthersDoNot() {
        var keys = WatchKeys()
        #expect(keys.press(.character("a")) == .acceptAll)
        #expect(keys.press(.character("r")) == .review)
        #expect(keys.press(.character("p")) == .askPattern)
        #expect(keys.press(.character("q")) == .quit)
        #expect(keys.press(.control(0x0D)) == .runAgain)
        #expect(keys.press(.control(0x0A)) == .runAgain)
        // Ctrl-D and the end of the input quit rather than spin on a closed terminal.
        #expect(keys.press(.endOfInput) == .quit)
        // Only the exact keys: Shift-A accepts nothing, and an arrow (whose last byte is 'A')
        // is ignored whole.
        #expect(keys.press(.character("A")) == .showLegend)
        #expect(keys.press(.escapeSequence([0x1B, 0x5B, 0x41])) == .ignored)
        #expect(keys.press(.character("x")) == .showLegend)
        #expect(keys == WatchKeys(), "no key but f and a pattern changes the state")
    }

    @Test func fTogglesFailedOnly() {
        var keys = WatchKeys()
        let specs = ["specs/a.yaml", "specs/b.yaml", "specs/c.yaml"]
        #expect(keys.select(specs, failing: ["specs/b.yaml"]) == specs)
        #expect(keys.press(.character("f")) == .failedOnly(true))
        #expect(keys.select(specs, failing: ["specs/b.yaml"]) == ["specs/b.yaml"])
        #expect(keys.select(specs, failing: []) == [])
        #expect(keys.status?.contains("only the specs that failed") == true)
        #expect(keys.press(.character("f")) == .failedOnly(false))
        #expect(keys.select(specs, failing: ["specs/b.yaml"]) == specs)
        #expect(keys.status == nil)
    }

    @Test func aPatternNarrowsBySpecPathAndEmptyClears() {
        var keys = WatchKeys()
        let specs = ["specs/login.yaml", "specs/weather.yaml", "specs/auth/logout.yaml"]
        keys.setPattern("log")
        #expect(keys.select(specs, failing: []) == ["specs/login.yaml", "specs/auth/logout.yaml"])
        #expect(keys.status == "watch filter: only specs whose path contains 'log' (p, then Enter, clears)")
        // Both filters at once.
        _ = keys.press(.character("f"))
        #expect(keys.select(specs, failing: ["specs/auth/logout.yaml", "specs/weather.yaml"]) == ["specs/auth/logout.yaml"])
        _ = keys.press(.character("f"))
        keys.setPattern("")
        #expect(keys.select(specs, failing: []) == specs)
        #expect(keys.status == nil)
    }

    @Test func typingAPatternEchoesEditsAndEndsOnEnterOrEsc() {
        var input = PatternInput()
        #expect(input.press(.character("l")) == .editing(echo: "l"))
        #expect(input.press(.character("x")) == .editing(echo: "x"))
        #expect(input.press(.control(0x7F)) == .editing(echo: "\u{8} \u{8}"))
        #expect(input.press(.character("o")) == .editing(echo: "o"))
        // An arrow types nothing.
        #expect(input.press(.escapeSequence([0x1B, 0x5B, 0x44])) == .editing(echo: ""))
        #expect(input.text == "lo")
        #expect(input.press(.control(0x0D)) == .done("lo"))

        var cleared = PatternInput()
        _ = cleared.press(.character("a"))
        #expect(cleared.press(.control(0x15)) == .editing(echo: "\u{8} \u{8}"))
        // Backspace on nothing erases nothing.
        #expect(cleared.press(.control(0x7F)) == .editing(echo: ""))
        #expect(cleared.press(.control(0x0D)) == .done(""), "an empty pattern clears the filter")

        var cancelled = PatternInput()
        _ = cancelled.press(.character("a"))
        #expect(cancelled.press(.escape) == .cancelled)
    }

    /// A pattern typed into the terminal is shown escaped: it must not act on the terminal.
    @Test func aTypedControlSequenceIsEchoedEscaped() {
        var keys = WatchKeys()
        keys.setPattern("\u{1B}[2J")
        #expect(keys.status?.contains("\u{1B}") == false)
    }

    /// An invalid spec is named as invalid in the summary, not counted as a failed scenario.
    @Test func anInvalidSpecIsSummedUpAsInvalid() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("watchkeys-\(UUID().uuidString.prefix(8))").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let bad = folder + "/bad.yaml"
        try "screen: Bad\noutputs:\n  x: nope + 1\n".write(toFile: bad, atomically: true, encoding: .utf8)
        let outcomes = SnapshotSuite.verify(specPaths: [bad], mode: .verify, filter: nil, shard: nil)
        let report = TestReport(outcomes: outcomes, obsolete: [], pruned: [], ci: true)
        #expect(report.summaryLine == "0 passed, 0 failed, 1 invalid spec")
        #expect(report.exitCode?.rawValue == 2)
        // The machine formats still count it as one failure.
        #expect(report.failed == 1)
    }
}
