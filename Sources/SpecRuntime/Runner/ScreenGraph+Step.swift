extension ScreenGraph {
    /// Plays a step that acts on the screen — `set`, `send`, `complete:`/`fail:`, an action's
    /// execution or a gesture — recording it as a scenario's timeline shows it. Returns false,
    /// doing nothing, for a step that only waits or judges (`wait:`, `expect:`): hosts play steps
    /// through ``ScenarioJudge``, which judges and leaves the waiting to them.
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
        case .sendRow(let cells, let input, let row, let value, nil):
            record(.step(time: clock.now, text: step.text))
            if let problem = sendRow(cells: cells, input: input, row: row, value: value) {
                record(.runtimeError(time: clock.now, message: "\(step.range.file):\(step.range.start): \(problem)"))
            }
        case .sendRow(let cells, _, let row, let value, let gesture?):
            // As a gesture on the screen's control: shown before it plays, with why nothing fired.
            let kind = spec.cells[cells].view?[gesture.component].kind ?? "component"
            playRowGesture(gesture, cells: cells, row: row, value: value) { outcome in
                switch outcome {
                case .fired: record(.step(time: clock.now, text: step.text))
                case .hidden: record(.step(time: clock.now, text: "\(step.text) — ignored, the \(kind) is hidden"))
                case .disabled: record(.step(time: clock.now, text: "\(step.text) — ignored, the \(kind) is disabled"))
                case .unchanged: record(.step(time: clock.now, text: "\(step.text) — nothing fires, the \(kind) already shows it"))
                case .noRow(let problem), .refused(let problem):
                    record(.step(time: clock.now, text: step.text))
                    record(.runtimeError(time: clock.now, message: "\(step.range.file):\(step.range.start): \(problem)"))
                }
            }
        case .executeRow(let cells, let action, let row, let value):
            record(.step(time: clock.now, text: step.text))
            if let problem = executeRow(cells: cells, action: action, row: row, value: value) {
                record(.runtimeError(time: clock.now, message: "\(step.range.file):\(step.range.start): \(problem)"))
            }
        case .subscribe(let observer, let node):
            record(.step(time: clock.now, text: step.text))
            subscribe(observer, to: node, record: record)
        case .dispose(let observer):
            record(.step(time: clock.now, text: step.text))
            dispose(observer)
        case .wait, .expect, .expectEnd, .expectThat, .expectCalls:
            return false
        }
        return true
    }
}
