extension ScreenGraph {
    /// Plays a step that acts on the screen — `set`, `send`, `complete:`/`fail:`, an action's
    /// execution or a gesture — recording it as a scenario's timeline shows it. Returns false,
    /// doing nothing, for a step that only waits or judges (`wait:`, `expect:`), which each host
    /// (the scenario runner, the preview) handles its own way.
    package func act(_ step: StepPlan, record: (Timeline.Entry) -> Void) -> Bool {
        switch step.kind {
        case .set(let node, let value):
            record(.step(time: clock.now, text: step.text))
            set(node, to: value)
        case .send(let node, let value):
            record(.step(time: clock.now, text: step.text))
            send(node, value)
        case .end(let node, let end):
            record(.step(time: clock.now, text: step.text))
            self.end(node, end)
        case .endAction:
            record(.step(time: clock.now, text: step.text))
        case .execute(let action, let value):
            record(.step(time: clock.now, text: step.text))
            execute(action: action, input: value)
        case .gesture(let gesture):
            play(gesture, text: step.text, range: step.range, record: record)
        case .wait, .expect, .expectEnd, .expectThat:
            return false
        }
        return true
    }

    /// Judges a step that judges (`expect:` a value or a stream's end) against the graph now: the
    /// failure's message as a timeline writes it, nil when it holds or the step judges nothing. The
    /// scenario runner and the preview's scenario player both judge through it.
    package func judge(_ step: StepPlan) -> String? {
        switch step.kind {
        case .expectEnd(let node, let expected):
            let actual = streamEnd(of: node)
            guard actual != expected else { return nil }
            return "expected \(spec.nodes[node].name) \(expected.text), got \(actual.map(\.text) ?? "still running")"
        case .expect(let node, let expected):
            let actual = value(of: node)
            guard actual != expected && !ScenarioRunner.sameFailure(actual, expected) else { return nil }
            return "expected \(spec.nodes[node].name) == \(ValueFormatter.text(expected)), got \(actual.map(ValueFormatter.text) ?? "no value yet")"
        case .expectThat(let expr):
            return failure(of: expr, written: String(step.text.dropFirst("expect ".count)))
        default:
            return nil
        }
    }
}
