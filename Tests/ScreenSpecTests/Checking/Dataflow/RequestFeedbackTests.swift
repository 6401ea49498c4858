import ScreenSpec
import SpecRuntime
import SpecTesting
import Testing

/// Issue 39: a loop through the source of a stream whose request waits (RxSwift's stopwatch,
/// `running.flatMapLatest { $0 ? .interval(100ms) : .empty() }` with a subscriber accepting
/// `running`) is feedback; one whose stream may answer the change in the same instant stays a
/// cycle, located at the stream, with a note that says why.
@Suite("A loop through a request that waits is feedback; one that may answer at once is a cycle")
struct RequestFeedbackTests {
    private static func spec(_ request: String, services: String = "") -> String {
        """
        screen: S
        state:
          running: { type: Bool, initial: true }
          n: { type: Int, initial: 0 }
        outputs:
          ticks:
            stream: running
            ops:
              - \(request)
        handlers:
          - on: ticks
            set: { n: n + 1, running: n < 2 }
        \(services)
        """
    }

    private func loads(_ yaml: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let loaded = SpecLoader.load(text: yaml, path: "t.yaml")
        #expect(loaded.diagnostics.isEmpty, "\(loaded.renderDiagnostics())", sourceLocation: sourceLocation)
        #expect(loaded.spec != nil, sourceLocation: sourceLocation)
    }

    /// The one diagnostic: the cycle at 'ticks' (line 6), with the note that says why it answers at once.
    private func refused(_ yaml: String, because reason: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let loaded = SpecLoader.load(text: yaml, path: "t.yaml")
        #expect(loaded.spec == nil, sourceLocation: sourceLocation)
        #expect(loaded.diagnostics.map(\.description) == ["t.yaml:6:3: error: dependency cycle: 'ticks' -> 'running' -> 'ticks'"],
                "\(loaded.renderDiagnostics())", sourceLocation: sourceLocation)
        let note = loaded.diagnostics.first?.notes.last?.message ?? ""
        #expect(note.hasSuffix("can answer it in the same instant" + reason), "\(note)", sourceLocation: sourceLocation)
    }

    @Test("inner streams that emit nothing at subscription: interval, timer with a delay, empty, never, and element-driven inner operators")
    func waitingInnerStreamsAreFeedback() {
        loads(Self.spec("flatMapLatest: { if: $0, then: { interval: 100ms }, else: { empty } }"))
        loads(Self.spec("flatMapLatest: { if: $0, then: { timer: 1s, period: 100ms }, else: { never } }"))
        loads(Self.spec("flatMap: { if: $0, then: { timer: 50ms }, else: { empty } }"))
        loads(Self.spec("concatMap: { if: $0, then: { interval: 100ms }, else: { empty }, ops: [ { take: 3 }, { map: $0 * 2 }, { filter: $0 > 0 } ] }"))
        loads(Self.spec("flatMapLatest: { if: $0, then: { interval: 100ms }, else: { empty }, ops: [ { withLatestFrom: n } ] }"))
        // A poll (an eleventh first user's 1): a call per tick answers after the tick, never at the subscription.
        let poll = Self.spec("flatMapLatest: { if: $0, then: { interval: 100ms, ops: [ { flatMapFirst: { call: api.status } } ] }, else: { empty } }",
                             services: "services:\n  api.status: { returns: Int, result: 7 }\nscenarios:\n  - name: polls\n    steps:\n      - wait: 1s\n      - expect: { n: 3, running: false }")
        loads(poll)
        let loaded = SpecLoader.load(text: poll, path: "t.yaml")
        if let spec = loaded.spec {
            let timeline = ScenarioRunner.run(spec, scenario: 0)
            #expect(timeline.passed, "\(TimelineFormatter.text(timeline))")
        }
    }

    @Test("inner streams that may answer at subscription keep the loop a cycle, with the reason")
    func answeringInnerStreamsAreCycles() {
        refused(Self.spec("flatMapLatest: { if: $0, then: { just: 1 }, else: { empty } }"),
                because: ": its inner stream 'just' emits at its subscription")
        refused(Self.spec("flatMapLatest: { if: $0, then: { timer: 0ms }, else: { empty } }"),
                because: ": its inner stream 'timer(0ms)' emits in the instant it is subscribed")
        refused(Self.spec("flatMapLatest: { if: $0, then: { error: '.http(500)' }, else: { interval: 100ms } }"),
                because: ": its inner stream 'error' fails at its subscription")
        refused(Self.spec("flatMapLatest: { call: api.tick }", services: "services:\n  api.tick: { returns: Int, latency: 100ms, result: 1 }"),
                because: ": its inner stream is a call, which may answer at its subscription (a latency of 0 ms, a live backend)")
        refused(Self.spec("flatMapLatest: { if: $0, then: { interval: 100ms }, else: { empty }, ops: [ { startWith: 0 } ] }"),
                because: ": its inner operator 'startWith' may emit when the inner stream is subscribed, ends or fails")
        refused(Self.spec("map: 1"), because: ": none of its operators is a request whose inner stream waits before it emits")
    }

    // A time computed per element may be 0 (or a period refused at the subscription): the timer
    // is not known to wait, unless what it computes is a constant above 0.
    @Test("a timer whose time is computed per element waits only when that is a constant above 0")
    func computedTimesAnswerLaterOnlyWhenPositiveConstants() {
        refused(Self.spec("flatMapLatest: { if: $0, then: { timer: { milliseconds: 'n * 100' } }, else: { empty } }"),
                because: ": its inner stream 'timer' computes its due time per element, which may be 0")
        refused(Self.spec("flatMapLatest: { if: $0, then: { interval: { seconds: n } }, else: { never } }"),
                because: ": its inner stream 'interval' computes its due time per element, which may be 0")
        refused(Self.spec("flatMapLatest: { if: $0, then: { timer: 1s, period: { milliseconds: n } }, else: { empty } }"),
                because: ": its inner stream 'timer' computes its period per element, which may be 0")
        refused(Self.spec("flatMapLatest: { if: $0, then: { timer: { seconds: 0 } }, else: { empty } }"),
                because: ": its inner stream 'timer' computes its due time per element, which may be 0")
        loads(Self.spec("flatMapLatest: { if: $0, then: { interval: { milliseconds: 100 } }, else: { empty } }"))
        loads(Self.spec("flatMapLatest: { if: $0, then: { timer: { seconds: 2 }, period: 1s }, else: { empty } }"))
    }

    @Test("the stream also listening to the state by another operator stays a cycle")
    func anotherReactingReadStaysACycle() {
        let loaded = SpecLoader.load(text: Self.spec("""
            flatMapLatest: { if: $0, then: { interval: 100ms }, else: { empty } }
                  - combineLatest: { with: running, combine: $0 }
            """), path: "t.yaml")
        #expect(loaded.spec == nil)
        #expect(loaded.diagnostics.map(\.description) == ["t.yaml:6:3: error: dependency cycle: 'ticks' -> 'running' -> 'ticks'"],
                "\(loaded.renderDiagnostics())")
        #expect(loaded.diagnostics.first?.notes.last?.message.hasSuffix("can answer it in the same instant: it also listens to 'running' with 'combineLatest'") == true,
                "\(loaded.renderDiagnostics())")
    }

    /// A fourth first user's W8: `combineLatest(isPlaying, currentId).flatMapLatest { interval }`, the
    /// handler on the ticks moving to the next track. The help shows what worked for them: a key
    /// state the jumps bump, which the handler on the ticks leaves alone; that form plays, and a
    /// jump restarts the clock.
    @Test("a clock combined with the state its handler sets: the help gives the restart key, which plays")
    func combiningWithTheStateItsHandlerSetsGivesTheRestartKey() throws {
        let loaded = SpecLoader.load(text: """
            screen: Clock
            inputs:
              next: event
            state:
              isPlaying: { type: Bool, initial: true }
              currentId: { type: Int, initial: 1 }
              position: { type: Int, initial: 0 }
            outputs:
              ticks:
                stream: isPlaying
                ops:
                  - combineLatest: { with: currentId, combine: "$0" }
                  - flatMapLatest: { if: $0, then: { interval: 1s }, else: { empty } }
            handlers:
              - on: ticks
                set: { position: "position >= 2 ? 0 : position + 1", currentId: "position >= 2 ? currentId + 1 : currentId" }
              - on: next
                set: { currentId: currentId + 1, position: "0" }

            """, path: "t.yaml")
        #expect(loaded.diagnostics.first?.notes.last?.message.hasSuffix("in the same instant: it listens to 'currentId' with 'combineLatest'") == true,
                "\(loaded.renderDiagnostics())")
        #expect(loaded.diagnostics.first?.fixIt?.hasSuffix(
            "; or, to start 'ticks' over when 'currentId' changes, listen to a key state instead, which the handlers that change 'currentId' "
                + "on purpose bump ('restarts: restarts + 1' beside 'currentId:') and the handler on 'ticks' leaves alone") == true,
                "\(loaded.renderDiagnostics())")
        let followed = SpecLoader.load(text: """
            screen: Clock
            inputs:
              next: event
            state:
              isPlaying: { type: Bool, initial: true }
              currentId: { type: Int, initial: 1 }
              position: { type: Int, initial: 0 }
              restarts: { type: Int, initial: 0 }
            outputs:
              clockKey: 'isPlaying ? restarts : -1'
              ticks:
                stream: clockKey
                ops:
                  - flatMapLatest: { if: "$0 >= 0", then: { interval: 1s }, else: { empty } }
            handlers:
              - on: ticks
                set: { position: "position >= 2 ? 0 : position + 1", currentId: "position >= 2 ? currentId + 1 : currentId" }
              - on: next
                set: { currentId: currentId + 1, position: "0", restarts: restarts + 1 }
            scenarios:
              - name: a jump restarts the clock, a tick's own move does not
                steps:
                  - wait: 2500ms
                  - expect: { position: 2, currentId: 1 }
                  - send: next
                  - expect: { position: 0, currentId: 2 }
                  - wait: 900ms
                  - expect: { position: 0 }
                  - wait: 100ms
                  - expect: { position: 1 }
                  - wait: 2s
                  - expect: { position: 0, currentId: 3 }

            """, path: "t.yaml")
        let spec = try #require(followed.spec, "\(followed.renderDiagnostics())")
        let timeline = ScenarioRunner.run(spec, scenario: 0)
        #expect(timeline.passed, "\(TimelineFormatter.text(timeline))")
    }
}

