import ScreenSpec
import SpecRuntime
@testable import SpecTools
import SpecTesting
import Testing

/// `specrun explore --params-from NAME` (a ninth first user's T12): a screen with parameters
/// explored with another scenario's than the first, which is where its bug was; the
/// counterexample opens the screen with them.
@Suite("Exploration with a chosen scenario's parameters")
struct ExploreParamsFromTests {
    static let spec = """
        screen: Workout
        params:
          plan: "[Int]"
        inputs:
          go: event
        state:
          running: { type: Bool, initial: false }
          done: { type: Bool, initial: false }
        handlers:
          - on: go
            set: { running: true, done: plan.isEmpty }
        invariants:
          notRunningWhenDone: '!(running && done)'
        scenarios:
          - name: a plan runs
            params: { plan: [1, 2] }
            steps:
              - send: go
              - expect: { running: true }
          - name: an empty plan
            params: { plan: [] }
            steps: []
        """

    private var options: ExploreOptions {
        var o = ExploreOptions()
        o.maxSeconds = 600  // bounded by depth and states, not by a loaded machine
        return o
    }

    @Test func theFirstScenariosParametersByDefault() throws {
        let spec = try Fixtures.checked(Self.spec, path: "/nonexistent/workout.yaml")
        let result = Explorer.explore(spec, options: options)
        #expect(!result.violated)
        #expect(result.paramsFrom == "a plan runs")
    }

    @Test func anotherScenariosParametersFindTheBug() throws {
        let spec = try Fixtures.checked(Self.spec, path: "/nonexistent/workout.yaml")
        var options = options
        options.paramsFrom = "an empty plan"
        let result = Explorer.explore(spec, options: options)
        #expect(result.paramsFrom == "an empty plan")
        let counterexample = try #require(result.counterexample)
        #expect(counterexample.scenarioYAML.contains("params: { plan: [] }"), "\(counterexample.scenarioYAML)")
    }
}
