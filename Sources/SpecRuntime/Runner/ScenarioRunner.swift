import ScreenSpec

/// Plays scenarios of a checked spec on a fresh graph and virtual clock each, recording the
/// timeline. Deterministic: two runs give equal timelines.
public enum ScenarioRunner {
    /// Plays every scenario, in declaration order.
    public static func runAll(_ spec: CheckedSpec, params: [Value] = []) -> [Timeline] {
        spec.scenarios.indices.map { run(spec, scenario: $0, params: params) }
    }

    public static func run(_ spec: CheckedSpec, scenario index: Int, params: [Value] = []) -> Timeline {
        let scenario = spec.scenarios[index]
        var timeline = Timeline(screen: spec.screen, scenario: scenario.name, nameWidth: spec.longestVisibleName)
        let clock = VirtualClock()
        // A scenario's own `params:` and `services:` overrides apply unless the caller passes params.
        let graph = ScreenGraph(spec: scenario.applying(to: spec), clock: clock, params: params.isEmpty ? scenario.params : params)
        let names = spec.nodes.map(\.name)
        var entries: [Timeline.Entry] = []
        graph.onEmit = { entries.append(.emission(time: $0.time, name: names[$0.node], value: $0.value)) }
        graph.onRuntimeError = { entries.append(.runtimeError(time: $0, message: $1)) }
        graph.start()
        steps: for step in scenario.steps {
            switch step.kind {
            case .set(let node, let value):
                entries.append(.step(time: clock.now, text: step.text))
                graph.set(node, to: value)
            case .send(let node, let value):
                entries.append(.step(time: clock.now, text: step.text))
                graph.send(node, value)
            case .execute(let action, let value):
                entries.append(.step(time: clock.now, text: step.text))
                graph.execute(action: action, input: value)
            case .gesture(let gesture):
                graph.play(gesture, text: step.text, range: step.range) { entries.append($0) }
            case .wait(let ms):
                do {
                    try graph.advance(by: ms)
                } catch {
                    entries.append(.runtimeError(time: error.time, message:
                        "more than \(error.limit) scheduled events; the scenario stopped (is there a loop through a service with no latency?)"))
                    break steps
                }
            case .expect(let node, let expected):
                let actual = graph.value(of: node)
                if actual != expected {
                    let got = actual.map(ValueFormatter.text) ?? "no value yet"
                    entries.append(.failure(time: clock.now, message: "expected \(names[node]) == \(ValueFormatter.text(expected)), got \(got)",
                                            file: step.range.file, line: step.range.start.line))
                }
            }
        }
        timeline.entries = entries
        return timeline
    }
}
