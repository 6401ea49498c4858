import Foundation
import ScreenSpec
import SpecRuntime
@testable import SpecRuntime
@testable import SpecTools
import SpecTesting
import Testing

/// Specs with a seeded race, written the way a screen's author would, and what `explore` must find.
enum RaceSpecs {
    /// Answers may arrive out of order: `flatMap` keeps every request (the fix is `flatMapLatest`).
    static let search = """
        screen: Search
        inputs:
          query: String
        state:
          asked: { type: String, initial: "" }
          answeredNewest: { type: Bool, initial: false }
        outputs:
          answer:
            stream: query
            initial: ""
            ops:
              - flatMap: { call: api.search, with: { q: "$0" } }
        handlers:
          - on: query
            set: { asked: query, answeredNewest: false }
          - on: answer
            set: { answeredNewest: answeredNewest || answer == asked }
        invariants:
          newestAnswerStays: "!answeredNewest || answer == asked"
        explore:
          services:
            api.search: [{ latency: 100ms }, { latency: 2s }]
        services:
          api.search:
            returns: String
            params: { q: String }
            latency: 300ms
            cases:
              - when: { q: swift }
                value: swift
              - when: { q: rust }
                value: rust
            result: "?"
        scenarios:
          - name: one search
            steps:
              - send: { query: swift }
              - wait: 300ms
              - expect: { answer: swift }
              - send: { query: rust }
              - wait: 300ms
              - expect: { answer: rust }
        """

    /// A busy flag that any error clears, including the `notEnabled` of a second tap, while the
    /// charge it guards is still running.
    static var checkout: String { Fixtures.checkout }

    /// Driven only through its view: a stepper-like pair of buttons and a text field, whose
    /// handler lets the count pass its limit when the field says "boost".
    static let taps = """
        screen: Taps
        inputs:
          mode: { type: String, default: "" }
          taps: { type: Int, default: 0 }
        view:
          more: button
          reset: button
          modeField: { textField: { text: { twoWay: mode } } }
        bindings:
          - bind: more.tap
            to: taps
            map: 'mode == "boost" ? taps + 2 : (taps < 2 ? taps + 1 : taps)'
          - bind: reset.tap
            to: taps
            map: 0
        invariants:
          atMostTwo: "taps <= 2"
        scenarios:
          - name: taps stop at two
            steps:
              - tap: more
              - tap: more
              - tap: more
              - expect: { taps: 2 }
              - tap: reset
              - type: { modeField: "boost" }
              - expect: { mode: "boost" }
        """

    static func load(_ text: String, path: String = "/nonexistent/race.yaml") throws -> CheckedSpec {
        // Shipped specs navigate to their siblings, read from the disk.
        let loaded = SpecLoader.load(text: text, path: path, resolver: FileSystemSpecResolver())
        return try #require(loaded.spec, "\(loaded.renderDiagnostics())")
    }
}

@Suite("Invariants in scenarios")
struct InvariantRunnerTests {
    @Test func aBrokenInvariantFailsTheScenarioWithItsNameLineAndValues() throws {
        let spec = try RaceSpecs.load("""
            screen: Counter
            inputs:
              tap: event
            state:
              taps: { type: Int, initial: 0 }
            handlers:
              - on: tap
                set: { taps: taps + 1 }
            invariants:
              atMostTwo: taps <= 2
            scenarios:
              - name: three taps
                steps:
                  - send: tap
                  - send: tap
                  - send: tap
                  - send: tap
            """, path: "c.yaml")
        let timeline = ScenarioRunner.run(spec, scenario: 0)
        #expect(!timeline.passed)
        // Reported when it breaks (line 16), not again while it stays broken.
        #expect(timeline.failures == [
            .failure(time: 0, message: "invariant 'atMostTwo' does not hold after 'send tap': taps = 3", file: "c.yaml", line: 16),
        ])
        // The invariant is hidden: the timeline shows only what it did before.
        #expect(!TimelineFormatter.text(timeline).contains("atMostTwo  "))
    }

    @Test func anInvariantBrokenAtTheStartIsReportedAtTheScenario() throws {
        let spec = try RaceSpecs.load("""
            screen: S
            state:
              n: { type: Int, initial: 5 }
            invariants:
              small: n < 3
            scenarios:
              - name: nothing happens
                steps: []
            """, path: "s.yaml")
        let timeline = ScenarioRunner.run(spec, scenario: 0)
        #expect(timeline.failures == [.failure(time: 0, message: "invariant 'small' does not hold after the start: n = 5", file: "s.yaml", line: 7)])
    }

    @Test func anInvariantCanBeExpected() throws {
        let spec = try RaceSpecs.load(RaceSpecs.checkout)
        #expect(spec.node(named: "busyWhileCharging") != nil)
        #expect(ScenarioRunner.run(spec, scenario: 0).passed)
    }
}

@Suite("Exploration")
struct ExploreTests {
    private func options(_ strategy: ExploreOptions.Strategy = .bfs, seed: UInt64 = 0) -> ExploreOptions {
        var o = ExploreOptions()
        o.strategy = strategy
        o.seed = seed
        o.maxSeconds = 20
        return o
    }

    @Test func breadthFirstFindsALateAnswerRaceWithAShortestScenarioThatReproducesIt() throws {
        let spec = try RaceSpecs.load(RaceSpecs.search)
        let result = Explorer.explore(spec, options: options())
        let cx = try #require(result.counterexample)
        #expect(cx.title == "invariant 'newestAnswerStays'")
        #expect(cx.steps == 2)
        #expect(cx.scenarioYAML == """
              - name: "explore: invariant 'newestAnswerStays' broken"
                services:
                  api.search:
                    results:
                      - { value: "swift", latency: 2s }
                      - { value: "rust", latency: 100ms }
                steps:
                  - send: { query: "swift" }
                  - send: { query: "rust" }
                  - wait: 2s
                  # invariant 'newestAnswerStays' does not hold: answeredNewest = true, answer = "swift", asked = "rust"
                  - expect: { newestAnswerStays: true }

            """)
        #expect(CounterexampleCheck.problem(cx, specText: RaceSpecs.search, path: "/nonexistent/race.yaml") == nil)
    }

    @Test func aFlagClearedBeforeItsRequestEndsIsCaught() throws {
        let spec = try RaceSpecs.load(RaceSpecs.checkout)
        for strategy in ExploreOptions.Strategy.allCases {
            let result = Explorer.explore(spec, options: options(strategy, seed: 3))
            let cx = try #require(result.counterexample, "\(strategy)")
            #expect(cx.steps == 2, "\(strategy): \(cx.scenarioYAML)")
            #expect(cx.scenarioYAML.contains("- send: pay\n      - send: pay\n"))
            #expect(CounterexampleCheck.problem(cx, specText: RaceSpecs.checkout, path: "/nonexistent/race.yaml") == nil)
        }
    }

    /// Gestures the scenarios make are moves too, written back as the same steps.
    @Test func aScreenDrivenThroughItsViewIsExploredByItsGestures() throws {
        let spec = try RaceSpecs.load(RaceSpecs.taps)
        #expect(spec.explore.gestures.map(\.text) == ["tap more", "tap reset", "type \"boost\" into modeField"])
        let result = Explorer.explore(spec, options: options())
        let cx = try #require(result.counterexample)
        #expect(cx.steps == 3, "\(cx.scenarioYAML)")
        #expect(cx.scenarioYAML.contains("  - type: { modeField: \"boost\" }\n"), "\(cx.scenarioYAML)")
        #expect(cx.scenarioYAML.components(separatedBy: "  - tap: more\n").count == 3, "\(cx.scenarioYAML)")
        #expect(CounterexampleCheck.problem(cx, specText: RaceSpecs.taps, path: "/nonexistent/race.yaml") == nil)
    }

    @Test func randomWalksAreReproducibleBySeed() throws {
        let spec = try RaceSpecs.load(RaceSpecs.search)
        let a = Explorer.explore(spec, options: options(.random, seed: 42))
        let b = Explorer.explore(spec, options: options(.random, seed: 42))
        #expect(a.counterexample?.foundSteps == b.counterexample?.foundSteps)
        #expect(a.counterexample?.scenarioYAML == b.counterexample?.scenarioYAML)
        #expect(a.counterexample?.steps == 2)
    }

    @Test func theFixedSpecPasses() throws {
        let fixed = RaceSpecs.search.replacingOccurrences(of: "- flatMap:", with: "- flatMapLatest:")
        let spec = try RaceSpecs.load(fixed)
        var o = options()
        o.depth = 4
        let result = Explorer.explore(spec, options: o)
        #expect(!result.violated)
        #expect(result.stop == .depth)
        #expect(result.distinctStates > 10)
    }

    @Test func aRunTimeErrorIsAlwaysABug() throws {
        let spec = try RaceSpecs.load("""
            screen: S
            inputs:
              tap: event
            state:
              n: { type: Int, initial: 3037000499 }
            handlers:
              - on: tap
                set: { n: n * n }
            """)
        let cx = try #require(Explorer.explore(spec, options: options()).counterexample)
        #expect(cx.title == "run-time error")
        #expect(cx.steps == 2)
        #expect(CounterexampleCheck.problem(cx, specText: "", path: "x") != nil) // no spec text: cannot be checked
    }

    @Test func aRunawayLoopIsStoppedAndReported() throws {
        // Each answer triggers the action again through a zero-delay stream: time never moves.
        let loop = try RaceSpecs.load("""
            screen: Loop
            inputs:
              go: event
            actions:
              again:
                trigger: ticks
                work: { call: api.echo }
            outputs:
              ticks:
                stream: go
                ops:
                  - merge: again.elements
                  - delay: 0ms
            services:
              api.echo: { returns: Void }
            explore:
              waits: [1ms]
            """)
        var o = options()
        o.maxEventsPerStep = 1_000
        let result = Explorer.explore(loop, options: o)
        let cx = try #require(result.counterexample)
        #expect(cx.title == "runaway")
    }

    @Test func anActionThatNeverAnswersIsAlwaysABug() throws {
        let spec = try RaceSpecs.load("""
            screen: S
            inputs:
              tap: event
            actions:
              load:
                trigger: tap
                work: { call: api.load }
            services:
              api.load: { returns: Void, latency: 2h }
            explore:
              services:
                api.load: [{ latency: 1s }, { latency: 48h }]
            """)
        let cx = try #require(Explorer.explore(spec, options: options()).counterexample)
        #expect(cx.title == "action 'load' never stops executing")
        #expect(cx.scenarioYAML.contains("- { value: (), latency: 48h"))
    }

    @Test func everyBoundIsEnforced() throws {
        var values: [String] = []
        for i in 0..<40 { values.append("\"v\(i)\"") }
        let spec = try RaceSpecs.load("""
            screen: Big
            inputs:
              a: { type: String, default: "" }
              b: { type: String, default: "" }
              c: { type: String, default: "" }
            outputs:
              all: a + b + c
            explore:
              inputs:
                a: [\(values.joined(separator: ", "))]
                b: [\(values.joined(separator: ", "))]
                c: [\(values.joined(separator: ", "))]
            """)
        var o = options()
        o.maxStates = 500
        var r = Explorer.explore(spec, options: o)
        #expect(r.stop == .maxStates && r.distinctStates == 500)
        o = options()
        o.maxSteps = 1_000
        r = Explorer.explore(spec, options: o)
        #expect(r.stop == .maxSteps && r.transitions == 1_000)
        o = options(.random)
        o.maxSteps = 1_000
        r = Explorer.explore(spec, options: o)
        #expect(r.stop == .maxSteps && r.transitions == 1_000)
        o = options()
        o.maxSeconds = 0.05
        r = Explorer.explore(spec, options: o)
        #expect(r.stop == .maxSeconds && r.seconds < 5)
        o = options()
        o.depth = 0
        r = Explorer.explore(spec, options: o)
        #expect(r.stop == .depth && r.transitions == 0)
    }

    /// A bounded exploration of every shipped spec: each keeps its promises.
    @Test(arguments: SpecFinder.specs(in: [PackagePaths.root + "/specs"]))
    func shippedSpecsKeepTheirInvariants(_ path: String) throws {
        let spec = try #require(SpecLoader.load(path: path).spec)
        for strategy in ExploreOptions.Strategy.allCases {
            var o = options(strategy)
            o.maxSteps = 4_000
            o.maxStates = 1_000
            o.maxSeconds = 2
            let result = Explorer.explore(spec, options: o)
            #expect(!result.violated, "\(path) \(strategy): \(result.counterexample?.scenarioYAML ?? "")")
        }
    }
}

/// Breadth-first search knows most moves' states without taking them (an input only derived
/// values follow, a wait before anything is due, a wait remembered from the state a write
/// reaches). Taking every move instead must explore exactly the same.
@Suite("Predicted moves")
struct PredictedMoveTests {
    static let specs: [(String, String)] = SpecFinder.specs(in: [PackagePaths.root + "/specs"]).map { ($0, (try? String(contentsOfFile: $0, encoding: .utf8)) ?? "") }
        + [("race: search", RaceSpecs.search), ("race: checkout", RaceSpecs.checkout), ("race: taps", RaceSpecs.taps)]

    private func both(_ spec: CheckedSpec, depth: Int, states: Int = 1_000) -> (ExploreResult, ExploreResult) {
        var o = ExploreOptions()
        o.depth = depth
        o.maxStates = states
        o.maxSteps = 400_000
        o.maxSeconds = 60
        let predicted = Explorer.explore(spec, options: o)
        o.predicts = false
        return (predicted, Explorer.explore(spec, options: o))
    }

    private func expectSame(_ a: ExploreResult, _ b: ExploreResult, _ what: String) {
        #expect(a.distinctStates == b.distinctStates, "\(what): distinct states")
        #expect(a.transitions == b.transitions, "\(what): transitions")
        #expect(a.stop == b.stop && a.depthReached == b.depthReached, "\(what): stop")
        #expect(a.counterexample?.scenarioYAML == b.counterexample?.scenarioYAML, "\(what): counterexample")
    }

    @Test(arguments: specs.map(\.0))
    func takingEveryMoveExploresTheSame(_ name: String) throws {
        let text = try #require(Self.specs.first { $0.0 == name }?.1)
        let spec = try RaceSpecs.load(text, path: name.hasSuffix(".yaml") ? name : "/nonexistent/race.yaml")
        for depth in [3, 6] {
            let (a, b) = both(spec, depth: depth)
            expectSame(a, b, "\(name) to depth \(depth)")
        }
    }

    /// Login with many values per input: most moves are predicted, and a request's end comes
    /// due within most waits.
    @Test func aWideLoginExploresTheSame() throws {
        let login = try #require(SpecLoader.load(path: PackagePaths.root + "/specs/login.yaml").spec)
        var spec = login
        var plan = ExplorePlan()
        let email = try #require(spec.node(named: "email")), password = try #require(spec.node(named: "password"))
        plan.inputs = [(email, ["", "a@b.co", "someone@example.com", "x@y.company", "u1@x.co", "user1@ex.com", "u2@x.co", "user2@ex.com"].map(Value.string)),
                       (password, ["", "abc", "abcd", "hunter2", "p1", "pass1", "p2", "pass2"].map(Value.string))]
        plan.events = [try #require(spec.node(named: "confirm"))]
        plan.waits = [0, 1000, 2000, 5000]
        spec.explore = plan
        let (a, b) = both(spec, depth: 12, states: 20_000)
        #expect(a.distinctStates > 300 && a.stop == .exhausted, "\(a.distinctStates) states, stop \(a.stop)")
        expectSame(a, b, "wide login")
    }
}

@Suite("Writing a counterexample into a spec")
struct SpecAppenderTests {
    private let item = "  - name: \"new\"\n    steps:\n      - send: tap\n"

    @Test func theScenarioGoesAtTheEndOfScenariosIndentedLikeTheOthers() throws {
        let text = "screen: S\nscenarios:\n- name: old\n  steps: []\n\ninvariants:\n  ok: true\n"
        let out = try SpecAppender.inserting(item, into: text).get()
        #expect(out == "screen: S\nscenarios:\n- name: old\n  steps: []\n\n- name: \"new\"\n  steps:\n    - send: tap\n\ninvariants:\n  ok: true\n")
    }

    @Test func aSpecWithoutScenariosGetsTheSection() throws {
        let out = try SpecAppender.inserting(item, into: "screen: S\n").get()
        #expect(out == "screen: S\n\nscenarios:\n" + item)
    }

    @Test func aFlowListIsLeftAlone() {
        #expect((try? SpecAppender.inserting(item, into: "screen: S\nscenarios: []\n").get()) == nil)
    }

    @Test func writeIsWholeOrNothing() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("explore-append-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/checkout.yaml"
        try RaceSpecs.checkout.write(toFile: path, atomically: true, encoding: .utf8)
        let spec = try RaceSpecs.load(RaceSpecs.checkout, path: path)
        let cx = try #require(Explorer.explore(spec, options: ExploreOptions()).counterexample)
        let written = try SpecAppender.append(cx, toSpecAt: path).get()
        #expect(written.scenarios.count == 2)
        let index = try #require(written.scenarios.firstIndex { $0.name == cx.scenarioName })
        #expect(!ScenarioRunner.run(written, scenario: index).passed)
        // A second append of the same name would not check: the file stays as it was.
        let before = try String(contentsOfFile: path, encoding: .utf8)
        #expect((try? SpecAppender.append(cx, toSpecAt: path).get()) == nil)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == before)
    }
}

/// docs/explore.md's worked example: the race is found with the counterexample the page prints,
/// and the fixed spec (keeping that counterexample as a scenario) passes.
@Suite("docs/explore.md")
struct ExploreDocTests {
    @Test func theWorkedExampleIsFoundAndFixed() throws {
        let page = try String(contentsOfFile: PackagePaths.root + "/docs/explore.md", encoding: .utf8)
        let searches = DocExample.all().filter { $0.page == "docs/explore.md" && $0.text.hasPrefix("screen: Search\n") }
        try #require(searches.count == 2)
        let before = try RaceSpecs.load(searches[0].text, path: "search.yaml")
        let found = Explorer.explore(before, options: ExploreOptions())
        let cx = try #require(found.counterexample)
        #expect(cx.steps == 2)
        #expect(page.contains(ExploreReport.text(found, specPath: "search.yaml").components(separatedBy: "\nstrategy ")[0]))
        let fixed = try RaceSpecs.load(searches[1].text, path: "search.yaml")
        var options = ExploreOptions()
        options.maxSteps = 20_000
        #expect(!Explorer.explore(fixed, options: options).violated)
        #expect(ScenarioRunner.runAll(fixed).allSatisfy { $0.passed })
    }
}
