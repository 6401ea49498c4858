import SpecRuntime

/// Scenario steps: `wait:`, `set:`, `send:`, `expect:` and the ends of streams, checked against
/// the declarations; the steps that act on components are in Checker+Gestures.swift.
extension Checker {
    mutating func checkScenario(_ scenario: ScenarioDecl, _ values: ValueReader) -> ScenarioPlan {
        var steps: [StepPlan] = []
        for step in scenario.steps {
            switch step.kind {
            case .wait(let ms):
                steps.append(StepPlan(kind: .wait(milliseconds: ms.value), text: "wait \(ms.value)ms", range: step.range))
            case .set(let assignments):
                for (target, node) in assignments {
                    guard let symbol = stepTarget(target, verb: "set") else { continue }
                    guard case .property = nodes[symbol.node].kind else {
                        diagnostics.error(.invalidStepTarget, "'set:' writes an input property, but '\(target.value)' is an \(symbol.what)",
                                          at: target.range, notes: stepNote(symbol))
                        continue
                    }
                    guard !poisoned.contains(target.value), let value = values.read(node, as: symbol.type, diagnostics: &diagnostics) else { continue }
                    steps.append(StepPlan(kind: .set(node: symbol.node, value: value), text: "set \(target.value) = \(value)", range: target.range))
                }
            case .send(let target, let node):
                if let action = actions.firstIndex(where: { $0.name == target.value }) {
                    if let step = executeStep(action, target, node, values) { steps.append(step) }
                    continue
                }
                guard let symbol = stepTarget(target, verb: "send") else { continue }
                guard case .stream = nodes[symbol.node].kind, case .input = nodes[symbol.node].role else {
                    diagnostics.error(.invalidStepTarget, "'send:' fires an input event or value, but '\(target.value)' is an \(symbol.what)",
                                      at: target.range, notes: stepNote(symbol))
                    continue
                }
                if poisoned.contains(target.value) { continue }
                if symbol.type == .void {
                    if let node, !node.isNull, node.string != "()" {
                        diagnostics.error(.unexpectedValue, "'\(target.value)' is an event and carries no value", at: node.range,
                                          fixIt: "write 'send: \(target.value)'")
                        continue
                    }
                    steps.append(StepPlan(kind: .send(node: symbol.node, value: .void), text: "send \(target.value)", range: target.range))
                } else {
                    guard let node else {
                        diagnostics.error(.missingValue, "'\(target.value)' carries a value of type '\(symbol.type)'", at: target.range,
                                          fixIt: "write 'send: { \(target.value): ... }'")
                        continue
                    }
                    guard let value = values.read(node, as: symbol.type, diagnostics: &diagnostics) else { continue }
                    steps.append(StepPlan(kind: .send(node: symbol.node, value: value), text: "send \(target.value) = \(value)", range: target.range))
                }
            case .complete(let target):
                if let plan = checkEndStep(target, verb: "complete", end: .completed) { steps.append(plan) }
            case .fail(let target, let node):
                guard case .error(let error)? = values.readError(node, diagnostics: &diagnostics) else { continue }
                if let plan = checkEndStep(target, verb: "fail", end: .error(error)) { steps.append(plan) }
            case .expect(let expectations):
                for (target, node) in expectations {
                    guard let symbol = stepTarget(target, verb: "expect"), !poisoned.contains(target.value) else { continue }
                    if let end = expectedEnd(node, for: symbol, values) {
                        guard let end = end else { continue }
                        steps.append(StepPlan(kind: .expectEnd(node: symbol.node, end: end), text: "expect \(target.value) \(end.text)",
                                              range: target.range))
                        continue
                    }
                    guard let value = readExpected(node, for: symbol, values) else { continue }
                    steps.append(StepPlan(kind: .expect(node: symbol.node, value: value), text: "expect \(target.value) == \(value)",
                                          range: target.range))
                }
            case .expectThat(let expr, let text):
                var checker = expressionChecker()
                let typed = checker.check(expr, expecting: .bool)
                diagnostics = checker.diagnostics
                guard let typed else { continue }
                steps.append(StepPlan(kind: .expectThat(typed), text: "expect \(text)", range: step.range))
            case .gesture(let verb, let targets):
                steps.append(contentsOf: checkGesture(verb, targets))
            }
        }
        return ScenarioPlan(name: scenario.name.value, range: scenario.range, steps: steps)
    }

    /// `complete: name` and `fail: { name: kind }`: only an input event or value stream ends from a
    /// scenario; an output ends when its source or an operator ends it.
    private mutating func checkEndStep(_ target: Located<String>, verb: String, end: StreamEnd) -> StepPlan? {
        if let action = actions.firstIndex(where: { $0.name == target.value }) {
            return StepPlan(kind: .endAction(action: action, end: end),
                            text: "\(verb) \(target.value) — ignored, an action's inputs never end", range: target.range)
        }
        guard let symbol = stepTarget(target, verb: verb) else { return nil }
        guard case .stream = nodes[symbol.node].kind, case .input = nodes[symbol.node].role else {
            let why = if case .output = nodes[symbol.node].role {
                "; an output ends when its source or one of its operators ends it"
            } else if symbol.hasCurrentValue {
                "; a property always has a value and never ends"
            } else { "" }
            diagnostics.error(.invalidStepTarget, "'\(verb):' ends an input event or value stream, but '\(target.value)' is an \(symbol.what)\(why)",
                              at: target.range, notes: stepNote(symbol))
            return nil
        }
        let text = switch end {
        case .completed: "complete \(target.value)"
        case .error(let e): "fail \(target.value) with \(ValueFormatter.text(.error(e)))"
        }
        return StepPlan(kind: .end(node: symbol.node, end: end), text: text, range: target.range)
    }

    /// An expected end of a stream: the plain word `completed`, or `{ error: kind }`. Nil when the node is not written as an end (a value);
    /// `.some(nil)` when it was, but wrongly (reported).
    private mutating func expectedEnd(_ node: YAMLNode, for symbol: Symbol, _ values: ValueReader) -> StreamEnd?? {
        let isStream = if case .stream = nodes[symbol.node].kind { true } else { pendingStreams.contains { $0.node == symbol.node } }
        guard isStream else { return nil }
        if node.scalar?.style == .plain, node.string == "completed" {
            if case .enumeration(let name) = symbol.type, table.enums[name]?.contains("completed") == true { return nil }
            return .some(.completed)
        }
        if let pairs = node.mapping, pairs.count == 1, pairs[0].key.string == "error" {
            if case .record(let name) = symbol.type, table.records[name] != nil { return nil }
            guard case .error(let e)? = values.readError(pairs[0].value, diagnostics: &diagnostics) else { return .some(nil) }
            return .some(.error(e))
        }
        return nil
    }

    /// `send: save` executes an action taking no input, `send: { deleteItem: 42 }` one taking an
    /// `Int`, as `action.execute(42)` does.
    private mutating func executeStep(_ action: Int, _ target: Located<String>, _ node: YAMLNode?, _ values: ValueReader) -> StepPlan? {
        guard !unresolvedInputs.contains(target.value) else { return nil }
        let input = actions[action].input
        let declared = spec.actions.first { $0.name.value == target.value }.map { [DiagnosticNote("'\(target.value)' is declared here", at: $0.name.range)] } ?? []
        guard input != .void else {
            if let node, !node.isNull, node.string != "()" {
                diagnostics.error(.unexpectedValue, "action '\(target.value)' takes no input", at: node.range,
                                  notes: declared + [DiagnosticNote("to pass a value, declare its type with 'input:' on the action")],
                                  fixIt: "write 'send: \(target.value)'")
                return nil
            }
            return StepPlan(kind: .execute(action: action, value: .void), text: "send \(target.value)", range: target.range)
        }
        guard let node, !(node.isNull && !input.isOptional) else {
            diagnostics.error(.missingValue, "action '\(target.value)' takes an input of type '\(input)'", at: node?.range ?? target.range,
                              notes: declared, fixIt: "write 'send: { \(target.value): ... }'")
            return nil
        }
        guard let value = values.read(node, as: input, diagnostics: &diagnostics) else { return nil }
        return StepPlan(kind: .execute(action: action, value: value), text: "send \(target.value) = \(value)", range: target.range)
    }

    private func stepNote(_ symbol: Symbol) -> [DiagnosticNote] {
        [DiagnosticNote("'\(nodes[symbol.node].name)' is declared here", at: nodes[symbol.node].range)]
    }

    /// The symbol a step names. A name whose declaration failed is still checked for what it is
    /// (an output cannot be 'set:'), but callers read no value as its type, which is unknown.
    private mutating func stepTarget(_ target: Located<String>, verb: String) -> Symbol? {
        if let symbol = symbols[target.value] { return symbol }
        if poisoned.contains(target.value) { return nil }
        if let dot = target.value.firstIndex(of: "."), unreadableComponents.contains(String(target.value[..<dot])) { return nil }
        let candidates: [String] = switch verb {
        case "set": symbols.filter { if case .property = nodes[$0.value.node].kind { return true } else { return false } }.map(\.key)
        case "send", "complete", "fail": symbols.filter { if case .input = nodes[$0.value.node].role, !$0.value.hasCurrentValue { return true } else { return false } }.map(\.key)
            + actions.map(\.name)
        default: Array(symbols.keys)
        }
        let accepts: [DiagnosticNote] = verb == "expect"
            ? [DiagnosticNote("'expect:' names what has a value or emits — an input property, state, an output, an action's 'enabled', "
                + "'executing', 'elements', 'errors' or 'completions' — or is a Bool expression, as in 'expect: messages.count == 2'")]
            : []
        diagnostics.error(.unknownName, "unknown name '\(target.value)' in '\(verb):'\(diagnostics.didYouMean(target.value, in: candidates))",
                          at: target.range, notes: accepts)
        return nil
    }

    /// `equivalentMutants:` and `unreachable:` must name a declaration of this spec; whether a
    /// mark's change or item exists is checked by `specrun mutate` or `specrun coverage`, which make them.
    mutating func checkEquivalentMutants() {
        let names = Set(symbols.keys).union(spec.services.map(\.name.value)).union(spec.view.map(\.name.value))
            .union(spec.bindings.map(\.source.value)).union(spec.handlers.map(\.on.value)).union(spec.actions.map(\.name.value))
        for mark in spec.equivalentMutants.map(\.declaration) + spec.unreachable.map(\.declaration) where !names.contains(mark.value) {
            unknownName(mark, what: "declaration", candidates: Array(names))
        }
    }

    mutating func checkDuplicateScenarioNames() {
        var seen: [String: SpecRange] = [:]
        for scenario in spec.scenarios {
            if let first = seen[scenario.name.value] {
                diagnostics.error(.duplicateScenario, "two scenarios are named '\(scenario.name.value)'", at: scenario.name.range,
                                  notes: [DiagnosticNote("first named here", at: first)])
            }
            seen[scenario.name.value] = scenario.name.range
        }
    }
}
