import ScreenSpec
import SpecRuntime

/// Plays a counterexample as `specrun run` would, to confirm the printed scenario reproduces the
/// failure: the spec's text with the scenario added must check, and the scenario must fail.
package enum CounterexampleCheck {
    /// Nil when the scenario, added to `specText`, checks and fails; otherwise why not.
    package static func problem(_ counterexample: Counterexample, specText: String, path: String) -> String? {
        guard case .success(let text) = SpecAppender.inserting(counterexample.scenarioYAML, into: specText) else {
            return "the spec's 'scenarios:' is not a block list, so the scenario could not be added to check it"
        }
        let loaded = SpecLoader.load(text: text, path: path, resolver: FileSystemSpecResolver())
        guard let spec = loaded.spec, let index = spec.scenarios.firstIndex(where: { $0.name == counterexample.scenarioName }) else {
            return "the spec with the scenario added does not check:\n" + loaded.renderDiagnostics()
        }
        let timeline = ScenarioRunner.run(spec, scenario: index)
        return timeline.passed ? "played with 'specrun run', the scenario passes: exploration and the runner disagree" : nil
    }
}
