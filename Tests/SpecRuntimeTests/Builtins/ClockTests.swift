import Foundation
import ScreenSpec
@testable import SpecRuntime
import SpecTesting
import Testing

/// `now`: the time of the transaction that reads it, in milliseconds of the screen's clock (a
/// scenario's virtual one), an `Int`; a stopwatch keeps the partial tick at each stop.
@Suite struct ClockTests {
    static let stopwatch = """
        screen: Stopwatch
        inputs:
          toggle: event
        state:
          running: { type: Bool, initial: false }
          startedAt: { type: Int, initial: 0 }
          accumulated: { type: Int, initial: 0 }
        outputs:
          elapsed: 'running ? accumulated + (now - startedAt) : accumulated'
        handlers:
          - on: toggle
            set:
              running: '!running'
              startedAt: now
              accumulated: 'running ? accumulated + (now - startedAt) : accumulated'
        """

    @Test func aHandlerAndAnOutputReadTheTimeOfTheirTransaction() throws {
        let r = try TimelineRecorder(Self.stopwatch)
        for _ in 0..<3 {
            r.send("toggle")
            try r.wait(15)
            r.send("toggle")
        }
        #expect(r.errors.isEmpty)
        #expect(r.graph.value(of: try r.node("accumulated")) == .int(45))
        #expect(r.graph.value(of: try r.node("elapsed")) == .int(45))
        r.send("toggle")
        try r.wait(7)
        // Recomputed when something it reads changes, never by time alone: still the value at 45 ms.
        #expect(r.graph.value(of: try r.node("elapsed")) == .int(45))
        #expect(r.graph.value(of: try r.node("startedAt")) == .int(45))
    }

    @Test func aDeclaredNameNowIsTheDeclarationAndDateIsRefusedWithNow() {
        let declared = SpecLoader.load(text: "screen: T\ninputs:\n  now: { type: String, default: x }\noutputs:\n  out: now.count\n", path: "t.yaml")
        #expect(declared.diagnostics.isEmpty)
        #expect(ListMovesTests.diagnostics("Date().timeIntervalSince1970") == [
            "7:9: unknown-name: a spec has no 'Date': its clock is 'now', the milliseconds since the screen started, an 'Int' | a duration is a difference of two readings, as in 'now - startedAt' (Swift's 'Date().timeIntervalSince(startedAt)', in milliseconds) | fix: write 'now'",
        ])
        #expect(ListMovesTests.diagnostics("Date.now").first?.hasPrefix("7:9: unknown-name: a spec has no 'Date'") == true)
        #expect(ListMovesTests.diagnostics("now + 1") == [])
    }

    @Test func aServicesHTTPReadsItsArgumentsAloneNotTheClock() {
        let yaml = """
            screen: T
            services:
              api.send:
                returns: Void
                params: { note: String }
                http:
                  post: https://api.example.com/send
                  body: { note: note, at: now }
            """
        let messages = SpecLoader.load(text: yaml, path: "t.yaml").diagnostics.map(\.message)
        #expect(messages.count == 1 && messages[0].hasPrefix("unknown name 'now'"), "\(messages)")
    }
}
