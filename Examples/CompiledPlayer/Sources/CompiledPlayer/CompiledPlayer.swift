import SpecRuntime

/// Plays a compiled spec (`specrun compile SPEC --output FILE.json`) with the engine alone.
public enum CompiledPlayer {
    /// The timelines of every scenario of the compiled spec at `path`, as `specrun run` prints
    /// them for its YAML: one after another, separated by an empty line.
    public static func timelines(ofCompiledSpecAt path: String) throws(CompiledSpecError) -> (text: String, passed: Bool) {
        let program = try CompiledSpec.load(path: path)
        var text = "", passed = true
        for scenario in program.scenarioNames.indices {
            let timeline = ScenarioRunner.run(program, scenario: scenario)
            passed = passed && timeline.passed
            text += (scenario > 0 ? "\n" : "") + TimelineFormatter.text(timeline)
        }
        return (text, passed)
    }
}
