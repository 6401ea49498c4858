import SpecRuntime

/// Reads `scenarios:`: each scenario's name, `params:`, `services:` overrides and steps (the steps
/// that act on components are read in SpecReader+View.swift).
extension SpecReader {
    mutating func readScenario(_ node: YAMLNode) -> ScenarioDecl? {
        guard let f = fields(node, of: "a scenario", allowed: ["name", "params", "services", "steps"]) else { return nil }
        guard let nameNode = f["name"], let name = nameNode.string, !nameNode.isNull else {
            diagnostics.error(.missingKey, "a scenario needs a 'name:'", at: node.range)
            return nil
        }
        var steps: [StepDecl] = []
        if let stepsNode = f["steps"] {
            for item in list(stepsNode, of: "steps") {
                if let step = readStep(item) { steps.append(step) }
            }
        }
        var scenario = ScenarioDecl(name: Located(name, nameNode.range), steps: steps, range: node.range)
        if let p = f["params"] {
            guard let pairs = p.mapping else {
                diagnostics.error(.expectedMapping, "a scenario's 'params:' maps parameter names to values, found \(p.kindName)", at: p.range)
                return scenario
            }
            for (k, v) in pairs {
                if let paramName = identifier(k, what: "parameter name") { scenario.params.append((paramName, v)) }
            }
        }
        if let s = f["services"] {
            scenario.services = entries(s, of: "services").compactMap { name, node in
                var service = readService(name, node, isOverride: true)
                if let r = node.mapping?.first(where: { $0.key.string == "replace" })?.value { service?.replacesCases = readReplace(r) }
                return service
            }
        }
        return scenario
    }

    /// An override's `replace:`: `true` says its `cases:` replace the spec's on purpose, so the
    /// spec's cases it drops are not reported (`dropped-cases`).
    private mutating func readReplace(_ node: YAMLNode) -> Bool {
        guard node.scalar?.style == .plain, let text = node.string, text == "true" || text == "false" else {
            diagnostics.error(.typeMismatch, "'replace:' is 'true' or 'false', found \(node.scalar != nil && !node.isNull ? "'\(node.string ?? "")'" : node.kindName)", at: node.range,
                              fixIt: "write 'replace: true' when the scenario's 'cases:' are meant to replace all of the spec's")
            return false
        }
        return text == "true"
    }

    static let stepKinds = ["set", "send", "wait", "expect", "complete", "fail", "subscribe", "dispose"]

    mutating func readStep(_ node: YAMLNode) -> StepDecl? {
        guard let pairs = node.mapping, pairs.count == 1, let key = pairs[0].key.string else {
            if let text = node.string, Self.stepKinds.contains(text) {
                diagnostics.error(.invalidStep, "step '\(text)' needs a value, as in '\(text): ...'", at: node.range)
            } else {
                diagnostics.error(.invalidStep, "a step is one of 'set:', 'send:', 'wait:', 'expect:', 'complete:', 'fail:', 'subscribe:' or 'dispose:', found \(node.kindName)", at: node.range)
            }
            return nil
        }
        let value = pairs[0].value
        if GestureVerb.named(key) != nil { return readGesture(pairs[0].key, value, node) }
        switch key {
        case "expect" where value.scalar != nil && !value.isNull:
            // `expect: messages.count == 4`: an expression, as `XCTAssert` takes one.
            guard let expr = expression(value) else { return nil }
            return StepDecl(kind: .expectThat(expr, text: (value.string ?? "").trimmingWhitespace()), range: node.range)
        case "set", "expect":
            var assignments: [(target: Located<String>, value: YAMLNode)] = []
            guard let entries = value.mapping else {
                diagnostics.error(.invalidStep, "'\(key):' takes a mapping such as '{ email: \"a@b.c\" }'\(key == "expect" ? " or a Bool expression such as 'messages.count == 4'" : ""), found \(value.kindName)", at: value.range)
                return nil
            }
            // `expect: { xs.count == 1 }`: an expression in braces, which YAML reads as a key.
            if key == "expect", entries.count == 1, let written = entries[0].key.string, entries[0].value.isNull,
               entries[0].value.string?.isEmpty ?? true, written.contains(where: { " =<>!&|()+-*/?%".contains($0) }) {
                let quote = written.contains("\"") ? "'" : "\""
                diagnostics.error(.invalidStep, "'expect: { ... }' lists names and the values they must have, as in '{ count: 1 }'; an expression is written without braces",
                                  at: value.range, fixIt: "write 'expect: \(quote)\(written)\(quote)'")
                return nil
            }
            for (k, v) in entries {
                if let target = identifier(k, what: "name", allowDots: true) { assignments.append((target, v)) }
            }
            return StepDecl(kind: key == "set" ? .set(assignments) : .expect(assignments), range: node.range)
        case "send":
            if let pairs = value.mapping {
                guard pairs.count == 1, let target = identifier(pairs[0].key, what: "input name", allowDots: true) else {
                    diagnostics.error(.invalidStep, "'send:' takes one input, as in 'send: confirm' or 'send: { selected: 2 }'", at: value.range)
                    return nil
                }
                return StepDecl(kind: .send(target, value: pairs[0].value), range: node.range)
            }
            guard let target = identifier(value, what: "input name", allowDots: true) else { return nil }
            return StepDecl(kind: .send(target, value: nil), range: node.range)
        case "wait":
            return duration(value).map { StepDecl(kind: .wait($0), range: node.range) }
        case "complete":
            guard let target = identifier(value, what: "input name", allowDots: true) else { return nil }
            return StepDecl(kind: .complete(target), range: node.range)
        case "fail":
            guard let pairs = value.mapping, pairs.count == 1, let target = identifier(pairs[0].key, what: "input name", allowDots: true) else {
                let name = value.mapping == nil ? value.string.flatMap { $0.isEmpty ? nil : $0 } : nil
                diagnostics.error(.invalidStep, "'fail:' ends one input with an error, as in 'fail: { results: http(404) }', found \(value.kindName)",
                                  at: value.range, fixIt: name.map { "write 'fail: { \($0): unknown }' (or 'http(404)', 'decode')" })
                return nil
            }
            return StepDecl(kind: .fail(target, pairs[0].value), range: node.range)
        case "subscribe":
            guard let pairs = value.mapping, pairs.count == 1 else {
                let name = value.mapping == nil ? value.string.flatMap { $0.isEmpty ? nil : $0 } : nil
                diagnostics.error(.invalidStep, "'subscribe:' names an observer and what it observes, as in 'subscribe: { late: results }', found \(value.kindName)",
                                  at: value.range, fixIt: name.map { "name the observer: 'subscribe: { late: \($0) }'" })
                return nil
            }
            guard let observer = identifier(pairs[0].key, what: "observer name"),
                  let target = identifier(pairs[0].value, what: "name", allowDots: true) else { return nil }
            return StepDecl(kind: .subscribe(observer: observer, target: target), range: node.range)
        case "dispose":
            guard let observer = identifier(value, what: "observer name") else { return nil }
            return StepDecl(kind: .dispose(observer), range: node.range)
        default:
            diagnostics.error(.unknownStep, "unknown step '\(key)'\(diagnostics.didYouMean(key, in: Self.stepKinds + GestureVerb.all.map(\.name)))", at: pairs[0].key.range,
                              notes: [DiagnosticNote("a step is one of 'set:', 'send:', 'wait:', 'expect:', 'complete:', 'fail:', 'subscribe:' or 'dispose:'")])
            return nil
        }
    }
}
