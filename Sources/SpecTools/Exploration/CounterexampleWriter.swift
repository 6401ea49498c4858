import ScreenSpec
import SpecRuntime

/// Turns a failing sequence into a scenario in the spec's own YAML: its steps as `set`, `send` and
/// `wait`, the outcomes the explored services gave as a `services:` override (one result per call,
/// in order), and a last step showing what broke.
struct CounterexampleWriter {
    let driver: ExplorationDriver

    func write(_ path: [PathStep], foundSteps: Int) -> Counterexample? {
        let spec = driver.spec
        driver.recordCalls = true
        defer { driver.recordCalls = false }
        guard let (finding, _, made) = driver.replayNotingMade(path) else { return nil }
        let calls = driver.recordedCalls
        let names = spec.nodes.map(\.name)

        let title: String
        var closing: [String] = []
        switch finding.kind {
        case .invariant(let k):
            let name = spec.invariants[k].name
            title = "invariant '\(name)'"
            closing.append("- expect: { \(name): true }")
        case .stuckAction(let a):
            title = "action '\(spec.actions[a].name)' never stops executing"
            closing.append("- expect: { \(spec.actions[a].name).executing: false }")
        default:
            title = finding.kind.title
        }
        closing.insert("# " + finding.message.replacingOccurrences(of: "\n", with: " "), at: 0)

        var scenarioName = "explore: \(title) broken"
        if case .invariant = finding.kind {} else { scenarioName = "explore: \(title)" }
        let taken = Set(spec.scenarios.map(\.name))
        var n = 2
        let base = scenarioName
        while taken.contains(scenarioName) {
            scenarioName = "\(base) \(n)"
            n += 1
        }

        var lines: [String] = []
        var name = ""
        ValueFormatter.quote(scenarioName, into: &name)
        lines.append("- name: \(name)")
        if !spec.params.isEmpty, let k = driver.paramsScenario, !spec.scenarios[k].params.isEmpty {
            let given = zip(spec.params, spec.scenarios[k].params).map { "\(names[$0]): \(YAMLValueText.text($1))" }
            lines.append("  params: { \(given.joined(separator: ", ")) }")
        }
        // A service's calls as one result each; a `sequence:` answer has no such form, so a
        // service that gave one answers as the spec declares it.
        var order: [Int] = []
        for call in calls where !order.contains(call.service) { order.append(call.service) }
        order.removeAll { s in calls.contains { c in
            if c.service == s, case .sequence = c.outcome { return true }
            return false
        } }
        if !order.isEmpty {
            lines.append("  services:")
            for s in order {
                lines.append("    \(spec.services[s].name):")
                lines.append("      results:")
                for call in calls where call.service == s {
                    if case .sequence = call.outcome { continue }
                    // The latency always written, so the override does not depend on the spec's.
                    lines.append("        - " + YAMLValueText.result(call.outcome, latency: call.latency))
                }
            }
        }
        lines.append("  steps:")
        var waited = 0
        func flushWait() {
            if waited > 0 { lines.append("    - wait: \(YAMLValueText.duration(waited))") }
            waited = 0
        }
        for (i, step) in path.enumerated() {
            let move = driver.alphabet.moves[Int(step.move)]
            // An input a person could not make then did nothing: only its wait is written.
            let input = i < made.count && made[i] ? move.input : .none
            switch input {
            case .none: break
            case .set(let node, let value):
                flushWait()
                lines.append("    - set: { \(names[node]): \(YAMLValueText.text(value)) }")
            case .send(let node, .void):
                flushWait()
                lines.append("    - send: \(names[node])")
            case .execute(let action, .void):
                flushWait()
                lines.append("    - send: \(spec.actions[action].name)")
            case .execute(let action, let input):
                flushWait()
                lines.append("    - send: { \(spec.actions[action].name): \(YAMLValueText.text(input)) }")
            case .send(let node, let value):
                flushWait()
                lines.append("    - send: { \(names[node]): \(YAMLValueText.text(value)) }")
            case .sendRow(let c, _, let row, let value, let gesture?):
                flushWait()
                let target = "\(spec.cells[c].name).\(spec.cells[c].view?[gesture.component].name ?? "")"
                lines.append("    - " + Self.rowStep(gesture.verb, target, spec.cells[c], row, value))
            case .sendRow(let c, let input, let row, let value, nil):
                flushWait()
                if value == .void, let (component, verb) = Self.rowGesture(firing: input, of: spec.cells[c]) {
                    // What a person does: the tap on the row's button, which plays as the send.
                    lines.append("    - " + Self.rowStep(verb, "\(spec.cells[c].name).\(component)", spec.cells[c], row, .void))
                } else {
                    let name = "\(spec.cells[c].name).\(spec.cells[c].inputs[input].name)"
                    lines.append("    - " + Self.rowStep("send", name, spec.cells[c], row, value))
                }
            case .executeRow(let c, let a, let row, let value):
                flushWait()
                let name = "\(spec.cells[c].name).\(spec.cells[c].actions?[a].name ?? "")"
                lines.append("    - " + Self.rowStep("send", name, spec.cells[c], row, value))
            case .gesture(let k):
                flushWait()
                let g = driver.alphabet.gestures[k].gesture
                switch g.payload {
                case .value(.void): lines.append("    - \(g.verb): \(g.target)")
                case .value(let v): lines.append("    - \(g.verb): { \(g.target): \(YAMLValueText.text(v)) }")
                case .row(_, let index), .deleteRow(_, let index): lines.append("    - \(g.verb): { \(g.target): \(index) }")
                case .moveRow(_, let from, let to, _): lines.append("    - \(g.verb): { \(g.target): { from: \(from), to: \(to) } }")
                }
            }
            // Consecutive waits add up: the clock runs the same events either way.
            waited += move.wait
        }
        flushWait()
        for line in closing { lines.append("    " + line) }
        if path.isEmpty && lines.last?.hasPrefix("    #") == true {
            lines.append("    - wait: 0ms")
        }
        return Counterexample(title: title, message: finding.message, scenarioYAML: lines.map { "  " + $0 }.joined(separator: "\n") + "\n",
                              scenarioName: scenarioName, steps: path.count, foundSteps: foundSteps)
    }

    /// The first component of the row's own view with a gesture that fires event input `input`
    /// and carries no value (a button's tap), with the gesture's verb: the step a scenario writes
    /// as `tap: { cart.plusButton: { row: 2 } }`. Nil when no component fires it.
    static func rowGesture(firing input: Int, of cells: CellsPlan) -> (component: String, verb: String)? {
        for component in cells.view ?? [] {
            for event in component.events where event.input == input {
                if let verb = ComponentCatalog.gestureVerb(kind: component.kind, event: event.name) { return (component.name, verb) }
            }
        }
        return nil
    }
}

extension CounterexampleWriter {
    /// A step on a row of `plan`, `verb` on `target` (`send: { cart.quantity: { row: 2, value: 3 } }`);
    /// on a view model used by itself (`children:`), which is one row, with no `row:` (`send: {
    /// shipping.postcode: "10115" }`, `tap: shipping.saveButton`).
    static func rowStep(_ verb: String, _ target: String, _ plan: CellsPlan, _ row: Value, _ value: Value) -> String {
        if plan.instance != nil {
            return value == .void ? "\(verb): \(target)" : "\(verb): { \(target): \(YAMLValueText.text(value)) }"
        }
        let given = value == .void ? "" : ", value: \(YAMLValueText.text(value))"
        return "\(verb): { \(target): { row: \(YAMLValueText.text(row))\(given) } }"
    }
}
