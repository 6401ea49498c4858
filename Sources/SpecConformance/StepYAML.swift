import SpecRuntime

/// A path's steps in the spec's own YAML, to append under `scenarios:`. Values are written as
/// JSON, which YAML reads as they are.
enum StepYAML {
    static func lines(_ steps: [StepPlan], spec: CheckedSpec) -> [String] {
        steps.compactMap { step in
            switch step.kind {
            case .set(let node, let value): "- set: { \(spec.nodes[node].name): \(ValueFormatter.json(value)) }"
            case .send(let node, .void): "- send: \(spec.nodes[node].name)"
            case .send(let node, let value): "- send: { \(spec.nodes[node].name): \(ValueFormatter.json(value)) }"
            case .execute(let action, .void): "- send: \(spec.actions[action].name)"
            case .execute(let action, let value): "- send: { \(spec.actions[action].name): \(ValueFormatter.json(value)) }"
            case .wait(let ms): "- wait: \(ms)ms"
            case .gesture(let gesture):
                switch gesture.payload {
                case .value(.void): "- \(gesture.verb): \(gesture.target)"
                case .value(let value): "- \(gesture.verb): { \(gesture.target): \(ValueFormatter.json(value)) }"
                case .row(_, let index), .deleteRow(_, let index): "- \(gesture.verb): { \(gesture.target): \(index) }"
                case .moveRow(_, let from, let to, _): "- \(gesture.verb): { \(gesture.target): { from: \(from), to: \(to) } }"
                }
            case .sendRow(let c, _, let row, let value, let gesture?):
                rowStep(gesture.verb, "\(spec.cells[c].name).\(spec.cells[c].view?[gesture.component].name ?? "")", spec.cells[c], row, value)
            case .sendRow(let c, let input, let row, let value, nil):
                rowStep("send", "\(spec.cells[c].name).\(spec.cells[c].inputs[input].name)", spec.cells[c], row, value)
            case .executeRow(let c, let a, let row, let value):
                rowStep("send", "\(spec.cells[c].name).\(spec.cells[c].actions?[a].name ?? "")", spec.cells[c], row, value)
            case .subscribe(let observer, let node): "- subscribe: { \(observer): \(spec.nodes[node].name) }"
            case .dispose(let observer): "- dispose: \(observer)"
            case .expect, .expectEnd, .expectThat, .expectCalls, .end, .endAction: nil
            }
        }
    }

    /// A whole scenario: its name, the parameters it opens the screen with, its steps, and what the
    /// spec expects of `output` at its end.
    static func scenario(named name: String, _ steps: [StepPlan], params: [Value], expecting output: (name: String, value: Value)?, spec: CheckedSpec) -> String {
        var lines = ["- name: \(ValueFormatter.json(.string(name)))"]
        if !params.isEmpty {
            let fields = zip(spec.params, params).map { "\(spec.nodes[$0].name): \(ValueFormatter.json($1))" }
            lines.append("  params: { \(fields.joined(separator: ", ")) }")
        }
        lines.append("  steps:")
        lines += Self.lines(steps, spec: spec).map { "    " + $0 }
        if let output { lines.append("    - expect: { \(output.name): \(value(output.value)) }") }
        return lines.joined(separator: "\n")
    }

    /// An error as the spec writes one (`http(404)`), any other value as JSON.
    /// A step on a row of `plan`, `verb` on `target`, as JSON values (`- send: { cart.quantity:
    /// { row: 2, value: 3 } }`); on a view model used by itself (`children:`), which is one row,
    /// with no `row:` (`- send: { shipping.postcode: "10115" }`).
    static func rowStep(_ verb: String, _ target: String, _ plan: CellsPlan, _ row: Value, _ value: Value) -> String {
        if plan.instance != nil {
            return value == .void ? "- \(verb): \(target)" : "- \(verb): { \(target): \(ValueFormatter.json(value)) }"
        }
        let given = value == .void ? "" : ", value: \(ValueFormatter.json(value))"
        return "- \(verb): { \(target): { row: \(ValueFormatter.json(row))\(given) } }"
    }

    static func value(_ value: Value) -> String {
        if case .error = value { return ValueFormatter.text(value) }
        return ValueFormatter.json(value)
    }
}
