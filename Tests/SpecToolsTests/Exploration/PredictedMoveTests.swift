import Foundation
import ScreenSpec
import SpecRuntime
@testable import SpecRuntime
@testable import SpecTools
import SpecTesting
import Testing

/// Breadth-first search knows most moves' states without taking them (an input only derived
/// values follow, a wait before anything is due, a wait remembered from the state an input alone
/// reaches, a longer wait from a shorter one's state). Taking every move instead must explore
/// exactly the same.
@Suite("Predicted moves")
struct PredictedMoveTests {
    static let specs: [(String, String)] = SpecFinder.specs(in: [PackagePaths.root + "/specs"]).map { ($0, (try? String(contentsOfFile: $0, encoding: .utf8)) ?? "") }
        + [("race: search", RaceSpecs.search), ("race: checkout", RaceSpecs.checkout), ("race: taps", RaceSpecs.taps)]

    private func both(_ spec: CheckedSpec, depth: Int, states: Int = 1_000) -> (ExploreResult, ExploreResult) {
        var o = ExploreOptions()
        o.depth = depth
        o.maxStates = states
        o.maxSteps = 400_000
        o.maxSeconds = 600  // never the bound: the two searches must stop for the same reason
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

    /// Every move whose state breadth-first search knew without taking it (a prediction, a
    /// remembered wait, a longer wait from a shorter one, a step of the rest of the screen or of
    /// a part one input drives, a restarted request), taken anyway: it reaches that state and
    /// finds nothing.
    @Test(arguments: specs.map(\.0))
    func everyKnownMoveReachesTheStateKnown(_ name: String) throws {
        let text = try #require(Self.specs.first { $0.0 == name }?.1)
        let spec = try RaceSpecs.load(text, path: name.hasSuffix(".yaml") ? name : "/nonexistent/race.yaml")
        var o = ExploreOptions()
        o.depth = 6
        o.maxStates = 3_000
        o.maxSteps = 400_000
        o.maxSeconds = 600
        o.verifiesPredictions = true
        let r = Explorer.explore(spec, options: o)
        #expect(r.predictionMismatches == 0, "\(name): \(r.predictionMismatches) known moves reached another state")
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

    /// On the events screen (requests on their way, stream outputs) an input's waits are read from
    /// the state the input alone reached, remembered from whichever state reached it first, and a
    /// longer wait from a shorter one's state: most steps are known without taking them. Taking
    /// every move takes one step per transition.
    @Test func mostStepsOfTheEventsScreenAreKnownWithoutTakingThem() throws {
        let spec = try #require(SpecLoader.load(path: PackagePaths.root + "/specs/events.yaml").spec)
        let (a, b) = both(spec, depth: 5, states: 20_000)
        expectSame(a, b, "events")
        #expect(b.stepsRun == b.transitions, "every move taken: \(b.stepsRun) steps, \(b.transitions) transitions")
        #expect(a.stepsRun * 100 < a.transitions * 40, "\(a.stepsRun) steps for \(a.transitions) transitions")
    }
}
