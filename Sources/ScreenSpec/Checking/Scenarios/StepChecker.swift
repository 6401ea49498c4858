import SpecRuntime

/// Checks scenario steps against what the passes made: `wait:`, `set:`, `send:`, `expect:`
/// and the ends of streams here, the steps that act on components in StepChecker+Gestures.swift.
/// The scenarios pass checks the spec's scenarios with it, and a ``CheckScope`` one step the
/// spec does not hold (a gesture in the preview).
struct StepChecker: ContextBorrower, Sendable {
    let spec: Spec
    let actions: [ActionPlan]
    /// Actions whose `input:` is not a type (reported already): `send:` values stay quiet.
    let unresolvedInputs: Set<String>
    /// The components of `view:`.
    let view: ViewRegistry
    /// What each navigation output opens, to read expected navigation values.
    let navigationShapes: [Int: NavigationShape]
    /// The nodes of stream outputs, which end as streams do.
    let streamOutputs: Set<Int>
    /// `cells:`: rows whose inputs `send:` fires (StepChecker+Cells.swift).
    var cells: [CellsPlan] = []
    var cx = CheckContext()

    init(spec: Spec, actions: [ActionPlan], unresolvedInputs: Set<String>, view: ViewRegistry,
         navigationShapes: [Int: NavigationShape], streamOutputs: Set<Int>) {
        self.spec = spec
        self.actions = actions
        self.unresolvedInputs = unresolvedInputs
        self.view = view
        self.navigationShapes = navigationShapes
        self.streamOutputs = streamOutputs
    }

    /// The plans of `steps`, in order; what is wrong with them goes into `context`. `values`
    /// reads the values the steps give.
    func check(_ steps: [StepDecl], _ values: ValueReader, over context: inout CheckContext) -> [StepPlan] {
        borrowing(&context) { $0.checkSteps(steps, values) }
    }

    private mutating func checkSteps(_ decls: [StepDecl], _ values: ValueReader) -> [StepPlan] {
        var steps: [StepPlan] = []
        // The observers subscribed and not yet disposed, where each subscribed.
        var observers: [String: SpecRange] = [:]
        for step in decls {
            switch step.kind {
            case .wait(let ms):
                steps.append(StepPlan(kind: .wait(milliseconds: ms.value), text: "wait \(ms.value)ms", range: step.range))
            case .set(let assignments):
                for (target, node) in assignments {
                    if let step = instanceSet(target, node, values) {
                        if let step { steps.append(step) }
                        continue
                    }
                    guard let symbol = stepTarget(target, verb: "set") else { continue }
                    guard case .property = cx.nodes[symbol.node].kind else {
                        cx.diagnostics.error(.invalidStepTarget, "'set:' writes an input property, but '\(target.value)' is \(withArticle(symbol.what))",
                                          at: target.range, notes: stepNote(symbol))
                        continue
                    }
                    guard !cx.poisoned.contains(target.value), let value = values.read(node, as: symbol.type, diagnostics: &cx.diagnostics) else { continue }
                    steps.append(StepPlan(kind: .set(node: symbol.node, value: value), text: "set \(target.value) = \(value)", range: target.range))
                }
            case .send(let target, let node):
                if let (c, k) = rowInput(target.value) {
                    if let step = rowStep(c, k, target, node, values) { steps.append(step) }
                    continue
                }
                if let (c, a) = rowAction(target.value) {
                    if let step = executeRowStep(c, a, target, node, values) { steps.append(step) }
                    continue
                }
                if sendsToFailedCells(target.value) { continue }
                if let action = actions.firstIndex(where: { $0.name == target.value }) {
                    if let step = executeStep(action, target, node, values) { steps.append(step) }
                    continue
                }
                guard let symbol = stepTarget(target, verb: "send") else { continue }
                guard case .stream = cx.nodes[symbol.node].kind, case .input = cx.nodes[symbol.node].role else {
                    cx.diagnostics.error(.invalidStepTarget, "'send:' fires an input event or value, but '\(target.value)' is \(withArticle(symbol.what))",
                                      at: target.range, notes: stepNote(symbol))
                    continue
                }
                if cx.poisoned.contains(target.value) { continue }
                if symbol.type == .void {
                    if let node, !node.isNull, node.string != "()" {
                        cx.diagnostics.error(.unexpectedValue, "'\(target.value)' is an event and carries no value", at: node.range,
                                          fixIt: "write 'send: \(target.value)'")
                        continue
                    }
                    steps.append(StepPlan(kind: .send(node: symbol.node, value: .void), text: "send \(target.value)", range: target.range))
                } else {
                    guard let node else {
                        cx.diagnostics.error(.missingValue, "'\(target.value)' carries a value of type '\(symbol.type)'", at: target.range,
                                          fixIt: "write 'send: { \(target.value): ... }'")
                        continue
                    }
                    guard let value = values.read(node, as: symbol.type, diagnostics: &cx.diagnostics) else { continue }
                    steps.append(StepPlan(kind: .send(node: symbol.node, value: value), text: "send \(target.value) = \(value)", range: target.range))
                }
            case .complete(let target):
                if let plan = checkEndStep(target, verb: "complete", end: .completed) { steps.append(plan) }
            case .fail(let target, let node):
                guard case .error(let error)? = values.readError(node, diagnostics: &cx.diagnostics) else { continue }
                if let plan = checkEndStep(target, verb: "fail", end: .error(error)) { steps.append(plan) }
            case .expect(let expectations):
                for (target, node) in expectations {
                    if let step = callCountExpect(target, node) {
                        if let step { steps.append(step) }
                        continue
                    }
                    if let step = childExpect(target, node, values) {
                        if let step { steps.append(step) }
                        continue
                    }
                    guard let symbol = stepTarget(target, verb: "expect"), !cx.poisoned.contains(target.value) else { continue }
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
                var checker = cx.expressionChecker()
                checker.site = .expectation
                let typed = checker.check(expr, expecting: .bool)
                cx.diagnostics = checker.diagnostics
                guard let typed else { continue }
                steps.append(StepPlan(kind: .expectThat(typed), text: "expect \(text)", range: step.range))
            case .gesture(let verb, let targets):
                steps.append(contentsOf: checkGesture(verb, targets))
            case .subscribe(let observer, let target):
                if let plan = subscribeStep(observer, target, observers: &observers) { steps.append(plan) }
            case .dispose(let observer):
                guard observers.removeValue(forKey: observer.value) != nil else {
                    cx.diagnostics.error(.invalidStepTarget, "'dispose:' ends an observer's subscription, but no observer '\(observer.value)' is subscribed here",
                                         at: observer.range, fixIt: "subscribe it at an earlier step: 'subscribe: { \(observer.value): results }'")
                    continue
                }
                steps.append(StepPlan(kind: .dispose(observer: observer.value), text: "dispose \(observer.value)", range: observer.range))
            }
        }
        return steps
    }

    /// `complete: name` and `fail: { name: kind }`: only an input event or value stream ends from a
    /// scenario; an output ends when its source or an operator ends it.
    private mutating func checkEndStep(_ target: Located<String>, verb: String, end: StreamEnd) -> StepPlan? {
        if let action = actions.firstIndex(where: { $0.name == target.value }) {
            return StepPlan(kind: .endAction(action: action, end: end),
                            text: "\(verb) \(target.value) — ignored, an action's inputs never end", range: target.range)
        }
        guard let symbol = stepTarget(target, verb: verb) else { return nil }
        guard case .stream = cx.nodes[symbol.node].kind, case .input = cx.nodes[symbol.node].role else {
            let why = if case .output = cx.nodes[symbol.node].role {
                "; an output ends when its source or one of its operators ends it"
            } else if symbol.hasCurrentValue {
                "; a property always has a value and never ends"
            } else { "" }
            cx.diagnostics.error(.invalidStepTarget, "'\(verb):' ends an input event or value stream, but '\(target.value)' is \(withArticle(symbol.what))\(why)",
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
        let isStream = if case .stream = cx.nodes[symbol.node].kind { true } else { streamOutputs.contains(symbol.node) }
        guard isStream else { return nil }
        if node.scalar?.style == .plain, node.string == "completed" {
            if case .enumeration(let name) = symbol.type, cx.table.enums[name]?.contains("completed") == true { return nil }
            return .some(.completed)
        }
        if let pairs = node.mapping, pairs.count == 1, pairs[0].key.string == "error" {
            if case .record(let name) = symbol.type, cx.table.records[name] != nil { return nil }
            guard case .error(let e)? = values.readError(pairs[0].value, diagnostics: &cx.diagnostics) else { return .some(nil) }
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
                cx.diagnostics.error(.unexpectedValue, "action '\(target.value)' takes no input", at: node.range,
                                  notes: declared + [DiagnosticNote("to pass a value, declare its type with 'input:' on the action")],
                                  fixIt: "write 'send: \(target.value)'")
                return nil
            }
            return StepPlan(kind: .execute(action: action, value: .void), text: "send \(target.value)", range: target.range)
        }
        guard let node, !(node.isNull && !input.isOptional) else {
            cx.diagnostics.error(.missingValue, "action '\(target.value)' takes an input of type '\(input)'", at: node?.range ?? target.range,
                              notes: declared, fixIt: "write 'send: { \(target.value): ... }'")
            return nil
        }
        guard let value = values.read(node, as: input, diagnostics: &cx.diagnostics) else { return nil }
        return StepPlan(kind: .execute(action: action, value: value), text: "send \(target.value) = \(value)", range: target.range)
    }

    /// `subscribe: { late: results }`: an observer, named apart from the screen's names and from
    /// the observers still subscribed, observes any name of the screen.
    private mutating func subscribeStep(_ observer: Located<String>, _ target: Located<String>,
                                        observers: inout [String: SpecRange]) -> StepPlan? {
        let name = observer.value
        if cx.symbols[name] != nil || actions.contains(where: { $0.name == name }) {
            cx.diagnostics.error(.duplicateName, "observer '\(name)' has the name of one of the screen's names, whose lines its own would read as",
                                 at: observer.range, fixIt: "name the observer apart, as in 'subscribe: { late: \(target.value) }'")
            return nil
        }
        if let earlier = observers[name] {
            cx.diagnostics.error(.duplicateName, "observer '\(name)' is subscribed already", at: observer.range,
                                 notes: [DiagnosticNote("it subscribed here", at: earlier)],
                                 fixIt: "dispose it first ('dispose: \(name)'), or name this observer apart")
            return nil
        }
        guard let symbol = stepTarget(target, verb: "subscribe") else { return nil }
        observers[name] = observer.range
        return StepPlan(kind: .subscribe(observer: name, node: symbol.node), text: "subscribe \(name) to \(target.value)", range: observer.range)
    }

    private func stepNote(_ symbol: Symbol) -> [DiagnosticNote] {
        [DiagnosticNote("'\(cx.nodes[symbol.node].name)' is declared here", at: cx.nodes[symbol.node].range)]
    }

    /// The symbol a step names. A name whose declaration failed is still checked for what it is
    /// (an output cannot be 'set:'), but callers read no value as its type, which is unknown.
    private mutating func stepTarget(_ target: Located<String>, verb: String) -> Symbol? {
        if let symbol = cx.symbols[target.value] { return symbol }
        if cx.poisoned.contains(target.value) { return nil }
        if let dot = target.value.firstIndex(of: "."), spec.unreadableComponents.contains(String(target.value[..<dot])) { return nil }
        let candidates: [String] = switch verb {
        case "set": cx.symbols.filter { if case .property = cx.nodes[$0.value.node].kind { return true } else { return false } }.map(\.key)
        case "send", "complete", "fail": cx.symbols.filter { if case .input = cx.nodes[$0.value.node].role, !$0.value.hasCurrentValue { return true } else { return false } }.map(\.key)
            + actions.map(\.name)
            // A row's inputs and actions, which `send:` addresses by the row (`list.save`).
            + (verb == "send" ? cells.flatMap { c in c.inputs.indices.filter { !c.isActionStream($0) }.map { c.name + "." + c.inputs[$0].name } + (c.actions ?? []).map { c.name + "." + $0.name } } : [])
        default: Array(cx.symbols.keys)
        }
        // A field of a row (`rows.priceLabel.textColor`): a row is read through its rows.
        if verb == "expect", let entry = cells.first(where: { target.value.hasPrefix($0.name + ".") }),
           let field = entry.fieldNames.dropFirst().first(where: { target.value == entry.name + "." + $0 }) {
            cx.diagnostics.error(.unknownName, "'\(target.value)' names a field of a row of '\(entry.name)', which has one per row; 'expect:' reads a row through its rows",
                                 at: target.range, notes: [DiagnosticNote("a row's fields are its element, state, outputs, actions' state and what its view shows, as '<component>.<property>'")],
                                 fixIt: "write a Bool expression over the rows: 'expect: \"\(entry.name).first?.\(field) == …\"' or 'expect: \"\(entry.name).map(\\.\(field)) == […]\"'")
            return nil
        }
        let accepts: [DiagnosticNote] = verb == "expect"
            ? [DiagnosticNote("'expect:' names what has a value or emits — an input property, state, an output, an action's 'enabled', "
                + "'executing', 'elements', 'errors' or 'completions' — or is a Bool expression, as in 'expect: messages.count == 2'")]
            : []
        cx.diagnostics.error(.unknownName, "unknown name '\(target.value)' in '\(verb):'\(cx.diagnostics.didYouMean(target.value, in: candidates))",
                          at: target.range, notes: accepts)
        return nil
    }
}
