import ScreenSpec

/// Plays scenarios of a checked spec on a fresh graph and virtual clock each, recording the
/// timeline. Deterministic: two runs give equal timelines.
public enum ScenarioRunner {
    /// The most timeline entries one scenario may record. A feedback loop through a zero-latency
    /// service or a `delay` stays within the scheduled-event limit for a long time while printing
    /// hundreds of megabytes; a timeline this long is no longer something a person reads.
    public static let maximumEntries = 1_000_000

    /// Plays every scenario, in declaration order.
    public static func runAll(_ spec: CheckedSpec, params: [Value] = []) -> [Timeline] {
        spec.scenarios.indices.map { run(spec, scenario: $0, params: params) }
    }

    public static func run(_ spec: CheckedSpec, scenario index: Int, params: [Value] = [], entryLimit: Int = maximumEntries) -> Timeline {
        let scenario = spec.scenarios[index]
        var timeline = Timeline(screen: spec.screen, scenario: scenario.name, nameWidth: spec.longestVisibleName)
        let clock = VirtualClock()
        // A scenario's own `params:` and `services:` overrides apply unless the caller passes params.
        let graph = ScreenGraph(spec: scenario.applying(to: spec), clock: clock, params: params.isEmpty ? scenario.params : params)
        let names = spec.nodes.map(\.name)
        var entries: [Timeline.Entry] = []
        var tooLong = false
        /// Past the budget the clock stops at its next item, and the scenario at its next step.
        func budget() {
            guard entries.count >= entryLimit, !tooLong else { return }
            tooLong = true
            clock.limit = min(clock.limit, clock.executed)
        }
        graph.onEmit = { entries.append(.emission(time: $0.time, name: names[$0.node], value: $0.value)); budget() }
        graph.onRuntimeError = { entries.append(.runtimeError(time: $0, message: $1)); budget() }
        graph.start()
        // Invariants are checked after the start and after every step but an `expect`; each is
        // reported when it breaks, not again until it has held once more.
        let invariants = InvariantMonitor(spec: spec)
        var broken = [Bool](repeating: false, count: invariants.invariants.count)
        func checkInvariants(after what: String, line: Int) {
            for k in broken.indices {
                let holds = invariants.holds(k, in: graph)
                if !holds && !broken[k] {
                    entries.append(.failure(time: clock.now, message: invariants.message(k, after: what, in: graph),
                                            file: spec.file, line: line))
                }
                broken[k] = !holds
            }
        }
        if !invariants.isEmpty { checkInvariants(after: "the start", line: scenario.range.start.line) }
        steps: for step in scenario.steps {
            if tooLong {
                entries.append(.runtimeError(time: clock.now, message: "\(step.range): the timeline has more than \(entryLimit) entries; "
                    + "the scenario stopped (a stream that feeds itself through a service with no latency or a 'delay' does this)"))
                timeline.stoppedByLimit = true
                break steps
            }
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
                    let what = tooLong ? "the timeline has more than \(entryLimit) entries"
                        : "more than \(error.limit) scheduled events ran"
                    entries.append(.runtimeError(time: error.time, message: "\(step.range): \(what); "
                        + "the scenario stopped (a stream that feeds itself through a service with no latency or a 'delay' does this)"))
                    timeline.stoppedByLimit = true
                    break steps
                }
            case .expect(let node, let expected):
                let actual = graph.value(of: node)
                if actual != expected {
                    let got = actual.map(ValueFormatter.text) ?? "no value yet"
                    entries.append(.failure(time: clock.now, message: "expected \(names[node]) == \(ValueFormatter.text(expected)), got \(got)",
                                            file: step.range.file, line: step.range.start.line))
                }
                continue steps
            }
            if !invariants.isEmpty { checkInvariants(after: "'\(step.text)'", line: step.range.start.line) }
        }
        timeline.entries = entries
        return timeline
    }
}
