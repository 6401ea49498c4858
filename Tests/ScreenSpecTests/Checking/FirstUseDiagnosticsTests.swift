import ScreenSpec
import SpecRuntime
import SpecTesting
import Testing

/// Issue 39, the unclear diagnostics a first user met writing four screens from the docs alone:
/// each is one located message with a fix the user can follow, and the fix loads.
@Suite("Diagnostics of a first user's mistakes")
struct FirstUseDiagnosticsTests {
    private func only(_ yaml: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> Diagnostic {
        let loaded = SpecLoader.load(text: yaml, path: "t.yaml")
        #expect(loaded.diagnostics.count == 1, "\(loaded.renderDiagnostics())", sourceLocation: sourceLocation)
        return try #require(loaded.diagnostics.first, sourceLocation: sourceLocation)
    }

    private func loads(_ yaml: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> CheckedSpec {
        let loaded = SpecLoader.load(text: yaml, path: "t.yaml")
        #expect(loaded.diagnostics.isEmpty, "\(loaded.renderDiagnostics())", sourceLocation: sourceLocation)
        return try #require(loaded.spec, sourceLocation: sourceLocation)
    }

    private static func clearing(_ value: String) -> String {
        """
        screen: A
        inputs:
          clear: event
        state:
          xs: { type: "[Int]", initial: [1] }
        handlers:
          - on: clear
            set: { xs: \(value) }
        """
    }

    @Test("'set: { xs: [] }': a YAML list where an expression belongs says to quote it, as 'xs + [2]' does")
    func unquotedListExpression() throws {
        let d = try only(Self.clearing("[]"))
        #expect(d.description == "t.yaml:8:16: error: expected an expression, found a list")
        #expect(d.fixIt == #"quote the expression: "[]""#)
        #expect(d.notes.map(\.message) == ["unquoted, '[...]' is a YAML list; a list expression is quoted, as 'xs + [2]' is"])
        _ = try loads(Self.clearing(#""[]""#))
        #expect(try only(Self.clearing("[1, 2]")).fixIt == #"quote the expression: "[1, 2]""#)
    }

    private static func timer(_ ticks: String) -> String {
        """
        screen: Cyc
        inputs:
          go: event
        state:
          running: { type: Bool, initial: false }
          n: { type: Int, initial: 0 }
        outputs:
          ticks:
        \(ticks)
        handlers:
          - on: go
            set: { running: "true" }
          - on: ticks
            set: { n: n + 1, running: n < 2 }
        scenarios:
          - name: three ticks, then the timer stops
            steps:
              - send: go
              - wait: 1s
              - expect: { n: 3, running: false }
        """
    }

    // The report's scratch/cyc.yaml, RxSwift's stopwatch: a change of 'running' only makes
    // 'flatMapLatest' switch, and an 'interval' emits nothing when it is subscribed, so the loop is
    // feedback, not a cycle, and it plays as RxSwift's does (see StopwatchFeedbackTests).
    @Test("a stream that reacts to the state its own handler sets through an interval: accepted, it plays")
    func stopwatchThroughAStateItsHandlerSets() throws {
        let spec = try loads(Self.timer("""
                stream: running
                ops:
                  - flatMapLatest: { if: $0, then: { interval: 100ms }, else: { empty } }
            """))
        let timeline = ScenarioRunner.run(spec, scenario: 0)
        #expect(timeline.passed, "\(TimelineFormatter.text(timeline))")
    }

    // Workaround 6 of the report: the same loop through an inner stream that answers when it is
    // subscribed ('just') is instantaneous. 'running' already is state a handler sets, so the
    // help says how to make the inner stream wait, or to read 'running' without reacting to it,
    // and that form plays.
    @Test("a stream that answers the state its own handler sets in the same instant: the help can be followed")
    func cycleThroughAStateItsHandlerSets() throws {
        let d = try only(Self.timer("""
                stream: running
                ops:
                  - flatMapLatest: { if: $0, then: { just: 1 }, else: { empty } }
            """))
        #expect(d.description == "t.yaml:8:3: error: dependency cycle: 'ticks' -> 'running' -> 'ticks'")
        #expect(d.notes.map(\.message) == [
            "'running' is part of the cycle",
            "'ticks' reacts to each change of 'running', which a handler on 'ticks' sets, and can answer it in the same instant: its inner stream 'just' emits at its subscription",
        ])
        #expect(d.fixIt == "make its request's inner streams wait before they emit ('interval', a 'timer' with a delay, 'empty', 'never'), or read 'running' without reacting to it: start 'ticks' from the event that sets 'running', and read 'running' in an operator's expression, as '{ takeWhile: running }' in the inner stream's 'ops:', or with 'withLatestFrom: running'")
        let followed = try loads(Self.timer("""
                stream: go
                ops:
                  - flatMapLatest: { interval: 100ms, ops: [ { takeWhile: running } ] }
            """))
        let timeline = ScenarioRunner.run(followed, scenario: 0)
        #expect(timeline.passed, "\(TimelineFormatter.text(timeline))")
    }

    @Test("a cycle of values computed from each other keeps the general help")
    func cycleOfDerivedValues() throws {
        let d = try only("screen: A\noutputs:\n  x: y + 1\n  y: x + 1\n")
        #expect(d.fixIt?.hasPrefix("each value here is computed from the others at the same instant") == true)
    }

    private static func sampling(_ op: String) -> String {
        """
        screen: A
        inputs:
          tap: event
          n: { type: Int, default: 1 }
          q: { type: String, default: "" }
        outputs:
          sent: { stream: tap, ops: [ { withLatestFrom: \(op) } ] }
        """
    }

    @Test("'withLatestFrom: [n, q]' says to read the others by name in 'combine:', or to use 'combineLatest'")
    func withLatestFromAList() throws {
        let d = try only(Self.sampling("[n, q]"))
        #expect(d.description == "t.yaml:7:49: error: 'withLatestFrom' samples one other source, found a list")
        #expect(d.fixIt == "write 'withLatestFrom: { with: n, combine: EXPR }', with EXPR reading 'q' by name")
        #expect(d.notes.first?.message.contains("combineLatest: { with: [...], combine: EXPR }") == true)
        _ = try loads(Self.sampling(#"{ with: n, combine: '"\($1) \(q)"' }"#))
    }

    private static func loading(_ trigger: String, inputs: String = "  refresh: event") -> String {
        """
        screen: A
        inputs:
        \(inputs)
        services:
          api.load: { returns: Int, result: 1 }
        actions:
          load: { trigger: \(trigger), work: { call: api.load } }
        """
    }

    @Test("an unknown trigger: the nearest name when one is near, else how to declare the event")
    func unknownTrigger() throws {
        let d = try only(Self.loading("viewDidLoad"))
        #expect(d.description == "t.yaml:7:20: error: unknown trigger 'viewDidLoad'")
        #expect(d.fixIt == "declare 'viewDidLoad: event' under 'inputs:'")
        #expect(d.notes.map(\.message) == ["an event the view sends (a tap, the screen appearing) is an input declared 'NAME: event', and a scenario plays it with 'send: NAME'"])
        _ = try loads(Self.loading("viewDidLoad", inputs: "  viewDidLoad: event"))
        let near = try only(Self.loading("refrsh"))
        #expect(near.message == "unknown trigger 'refrsh'; did you mean 'refresh'?")
        #expect(near.fixIt == nil)
    }

    @Test("an unknown handler event says how to declare it")
    func unknownHandlerEvent() throws {
        let d = try only("screen: A\nstate:\n  n: { type: Int, initial: 0 }\nhandlers:\n  - on: appeared\n    set: { n: n + 1 }\n")
        #expect(d.description == "t.yaml:5:9: error: unknown event 'appeared'")
        #expect(d.fixIt == "declare 'appeared: event' under 'inputs:'")
    }

    // The report's first unclear diagnostic was `{ p in … }` refused; it now reads as Swift's.
    @Test("the report's named closure parameter loads")
    func namedParameterLoads() throws {
        _ = try loads("""
            screen: Chat
            types:
              Message: { id: Int, text: String }
            inputs:
              polled: "[Message]"
            state:
              messages: { type: "[Message]", initial: [] }
            outputs:
              fresh: { stream: polled, ops: [ { map: '$0.filter { p in !messages.contains { $0.id == p.id } }' } ] }
            invariants:
              uniqueIds: 'messages.allSatisfy { m in messages.count { $0.id == m.id } == 1 }'
            """)
    }
}
