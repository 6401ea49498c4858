import Foundation
import ScreenSpec
import SpecRuntime
import SpecTesting
import Testing

/// `subscribe:` and `dispose:` steps: observers subscribed and disposed at given times, as
/// RxTest's `scheduler.createObserver` subscribed by `scheduleAt`, and `share(replay:scope:)`,
/// whose scopes differ only for such observers. Each case names the RxSwift test it replays,
/// 200 ms earlier (RxTest's subscription at 200 is a scenario's 0).
@Suite("Observer steps")
struct ObserverStepsTests {
    private static func timeline(_ text: String, scenario: Int = 0) throws -> String {
        let loaded = SpecLoader.load(text: text, path: "observers.yaml")
        let spec = try #require(loaded.spec, "\(loaded.renderDiagnostics())")
        let timeline = ScenarioRunner.run(spec, scenario: scenario)
        #expect(timeline.passed, "\(TimelineFormatter.text(timeline))")
        return TimelineFormatter.text(timeline)
    }

    private static func docExample(_ screen: String) throws -> String {
        try #require(DocExample.all().first { $0.page == "docs/spec-language.md" && $0.text.hasPrefix("screen: \(screen)\n") }).text
    }

    /// The lines of `timeline` that name one of `names` (its observers), times and all.
    private static func lines(_ timeline: String, of names: [String]) -> [String] {
        timeline.split(separator: "\n").map(String.init).filter { line in
            let columns = line.split(separator: " ", omittingEmptySubsequences: true)
            return columns.count >= 3 && names.contains(String(columns[1]))
        }
    }

    /// `BehaviorSubjectTest.test_Finite`: results1 [4@300, 5@340, 6@410, 7@520], results2 [5@400,
    /// 6@410, 7@520, completed@630], results3 [completed@900].
    @Test func behaviorSubjectFinite() throws {
        let text = try Self.timeline(try Self.docExample("BehaviorSubjectFinite"))
        #expect(Self.lines(text, of: ["results1"]) == [
            "   100ms  results1          4", "   140ms  results1          5", "   210ms  results1          6", "   320ms  results1          7",
        ])
        #expect(Self.lines(text, of: ["results2"]) == [
            "   200ms  results2          5", "   210ms  results2          6", "   320ms  results2          7",
            "   430ms  results2          ✓ completed",
        ])
        #expect(Self.lines(text, of: ["results3"]) == ["   700ms  results3          ✓ completed"])
    }

    /// `Observable+ShareReplayScopeTests` `test_forever_receivesCorrectElements` and
    /// `test_whileConnected_receivesCorrectElements`, replay 1: res2 [5@300, 6@320]; after the
    /// last dispose, res3 [6@500, 7@550] for ever, [7@550] while connected.
    @Test func shareReplayOneForeverAndWhileConnected() throws {
        let text = try Self.timeline(try Self.docExample("ShareScopes"))
        let sent = ["10ms", "20ms", "30ms", "40ms", "50ms", "120ms"]
        #expect(Self.lines(text, of: ["res1"]).count == 6)
        #expect(Self.lines(text, of: ["w1"]).count == 6)
        #expect(Self.lines(text, of: ["res1"]).map { $0.split(separator: " ")[0] }.map(String.init) == sent)
        #expect(Self.lines(text, of: ["res2", "w2"]) == [
            "   100ms  res2              5", "   100ms  w2                5", "   120ms  res2              6", "   120ms  w2                6",
        ])
        #expect(Self.lines(text, of: ["res3"]) == ["   300ms  res3              6", "   350ms  res3              7"])
        #expect(Self.lines(text, of: ["w3"]) == ["   350ms  w3                7"])
    }

    private static func shareSpec(_ share: String) -> String {
        """
        screen: Shared
        inputs:
          xs: Int
        outputs:
          ys: { stream: xs, ops: [ { share: \(share) } ] }
        scenarios:
          - name: observed
            steps:
              - subscribe: { res1: ys }
              - wait: 10ms
              - send: { xs: 1 }
              - wait: 10ms
              - send: { xs: 2 }
              - wait: 10ms
              - send: { xs: 3 }
              - subscribe: { res2: ys }
              - dispose: res1
              - dispose: res2
              - wait: 10ms
              - send: { xs: 4 }
              - subscribe: { res3: ys }
              - complete: xs
              - dispose: res3
              - subscribe: { res4: ys }
        """
    }

    /// `test_forever_receivesCorrectElements` for i = 0 and 2: a replay of 0 gives a late observer
    /// nothing; of 2, the last two elements. Elements while nobody observes are not kept.
    @Test func shareReplayCounts() throws {
        let none = try Self.timeline(Self.shareSpec("{ replay: 0, scope: forever }"))
        #expect(Self.lines(none, of: ["res2", "res3"]) == ["    40ms  res3              ✓ completed"])
        let two = try Self.timeline(Self.shareSpec("{ replay: 2, scope: forever }"))
        #expect(Self.lines(two, of: ["res2"]) == ["    30ms  res2              2", "    30ms  res2              3"])
        // 4 came while nobody observed: res3 gets what was kept, then the end.
        #expect(Self.lines(two, of: ["res3"]) == ["    40ms  res3              2", "    40ms  res3              3", "    40ms  res3              ✓ completed"])
    }

    /// `test_forever_completed` and `test_whileConnected_completed`: after the end, a forever
    /// share replays what it kept and the end; a whileConnected one, disconnected, the end only.
    @Test func aShareAfterItsEnd() throws {
        let forever = try Self.timeline(Self.shareSpec("{ replay: 1, scope: forever }"))
        #expect(Self.lines(forever, of: ["res4"]) == ["    40ms  res4              3", "    40ms  res4              ✓ completed"])
        let connected = try Self.timeline(Self.shareSpec("{ replay: 1 }"))
        #expect(Self.lines(connected, of: ["res2"]) == ["    30ms  res2              3"])
        #expect(Self.lines(connected, of: ["res3"]) == ["    40ms  res3              ✓ completed"])
        #expect(Self.lines(connected, of: ["res4"]) == ["    40ms  res4              ✓ completed"])
    }

    /// `PublishSubjectTest`: an observer gets nothing before its subscription and nothing after
    /// its dispose; subscribed after the end, it gets the end at once. An error is an end too.
    @Test func aPublishSubjectsLateObservers() throws {
        let text = try Self.timeline("""
            screen: Published
            inputs:
              xs: Int
            state:
              seen: { type: Int, initial: 0 }
            handlers:
              - on: xs
                set: { seen: xs }
            scenarios:
              - name: observed
                steps:
                  - send: { xs: 1 }
                  - subscribe: { early: xs }
                  - wait: 10ms
                  - send: { xs: 2 }
                  - subscribe: { late: seen }
                  - dispose: early
                  - send: { xs: 3 }
                  - fail: { xs: http(500) }
                  - subscribe: { after: xs }
                  - dispose: late
            """)
        #expect(Self.lines(text, of: ["early"]) == ["    10ms  early             2"])
        #expect(Self.lines(text, of: ["late"]) == ["    10ms  late              2", "    10ms  late              3"])
        #expect(Self.lines(text, of: ["after"]) == ["    10ms  after             ✗ error http(500)"])
    }

    /// Observers only watch: the timeline without them is the one with them, less their lines
    /// and steps.
    @Test func observersChangeNothingElse() throws {
        let spec = try Self.docExample("BehaviorSubjectFinite")
        let watched = try Self.timeline(spec).split(separator: "\n").filter { line in
            !line.contains("subscribe ") && !line.contains("dispose ") && !line.contains("results")
        }
        let plain = spec.split(separator: "\n").filter { !$0.contains("subscribe:") && !$0.contains("dispose:") }.joined(separator: "\n") + "\n"
        #expect(watched == (try Self.timeline(plain)).split(separator: "\n"))
    }

    /// A compiled spec plays its observers as the checked one does; one naming a node it does not
    /// have is refused where it is.
    @Test func compiledObservers() throws {
        let loaded = SpecLoader.load(text: try Self.docExample("ShareScopes"), path: "share.yaml")
        let spec = try #require(loaded.spec)
        let json = try CompiledSpec.json(spec)
        let compiled = try CompiledSpec.load(json: Data(json.utf8))
        #expect(TimelineFormatter.text(ScenarioRunner.run(compiled, scenario: 0)) == TimelineFormatter.text(ScenarioRunner.run(spec, scenario: 0)))
        let subscribe = #""subscribe":{"node":"#
        let range = try #require(json.range(of: subscribe))
        let broken = json.replacingCharacters(in: range, with: subscribe + "9")
        #expect(throws: CompiledSpecError.self) { try CompiledSpec.load(json: Data(broken.utf8)) }
    }
}
