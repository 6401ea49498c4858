import Foundation
import ScreenSpec
import SpecRuntime
@testable import SpecRuntime
@testable import SpecTools
import SpecTesting
import Testing

@Suite("Exploration")
struct ExploreTests {
    private func options(_ strategy: ExploreOptions.Strategy = .bfs, seed: UInt64 = 0) -> ExploreOptions {
        var o = ExploreOptions()
        o.strategy = strategy
        o.seed = seed
        o.maxSeconds = 600  // never the bound: these results depend on depth and states only, not on a loaded machine
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

    /// A screen with parameters is explored with its first scenario's, and the summary and the
    /// JSON say whose (a first user's invariant on a later scenario's product never broke, unsaid).
    @Test func aScreenWithParametersSaysWhichScenariosItWasExploredWith() throws {
        let spec = try RaceSpecs.load("""
            screen: Product
            params:
              name: String
            inputs:
              tap: event
            invariants:
              notBelt: name != "Belt"
            scenarios:
              - name: a jacket
                params: { name: Jacket }
                steps:
                  - send: tap
              - name: a belt
                params: { name: Belt }
                steps:
                  - send: tap
            """)
        var o = options()
        o.depth = 2
        let result = Explorer.explore(spec, options: o)
        #expect(result.paramsFrom == "a jacket")
        #expect(result.counterexample == nil)
        #expect(ExploreReport.text(result, specPath: "p.yaml").contains("screen parameters: those of scenario 'a jacket'\n"))
        #expect(ExploreReport.json(result, specPath: "p.yaml").contains(#""params_from":"a jacket""#))
        let none = Explorer.explore(try RaceSpecs.load(RaceSpecs.search), options: o)
        #expect(none.paramsFrom == nil && !ExploreReport.text(none, specPath: "s.yaml").contains("screen parameters"))
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
        #expect(r.stop == .maxSeconds)
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
