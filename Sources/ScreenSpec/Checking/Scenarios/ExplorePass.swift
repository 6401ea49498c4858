import SpecRuntime

/// The explore pass: `explore:` resolved against the inputs, actions and services, with defaults
/// taken from the rest of the spec (the values and gestures its scenarios use, the waits its
/// services and streams imply); its product is the ``ExplorePlan``.
struct ExplorePass: CheckPass {
    let spec: Spec
    let scenarios: [ScenarioPlan]
    let actions: [ActionPlan]
    let services: ServiceTable
    let streams: [StreamPlan]
    /// The `cells:` entries, whose row inputs exploration sends (``ExplorePlan/rows``).
    let cells: [CellsPlan]
    /// Reads the values `explore:` lists.
    let values: ValueReader
    var cx = CheckContext()

    init(spec: Spec, scenarios: [ScenarioPlan], actions: [ActionPlan], services: ServiceTable, streams: [StreamPlan], cells: [CellsPlan] = [],
         values: ValueReader) {
        self.spec = spec
        self.cells = cells
        self.scenarios = scenarios
        self.actions = actions
        self.services = services
        self.streams = streams
        self.values = values
    }

    mutating func run() -> ExplorePlan {
        var plan = ExplorePlan()
        let decl = spec.explore
        plan.depth = decl?.depth?.value
        let valueInputs = cx.nodes.indices.filter { isExplorableValueInput($0) }
        let eventInputs = cx.nodes.indices.filter { i in
            if case .input = cx.nodes[i].role, case .stream = cx.nodes[i].kind, cx.nodes[i].type == .void { return true }
            return false
        }

        if let given = decl?.inputs {
            for (name, items) in given {
                if let row = rowInput(named: name.value) {
                    listRowInput(row, name, items, &plan)
                    continue
                }
                guard let symbol = cx.symbols[name.value], isExplorableValueInput(symbol.node) else {
                    if let symbol = cx.symbols[name.value], eventInputs.contains(symbol.node) {
                        cx.diagnostics.error(.exploreTarget, "'\(name.value)' is an input event, which carries no value", at: name.range,
                                          fixIt: "list it under 'events:' instead")
                    } else {
                        cx.diagnostics.error(.exploreTarget, "'explore: inputs:' lists property and value inputs; '\(name.value)' is \(cx.symbols[name.value].map { article($0.what) } ?? "not declared")\(cx.diagnostics.didYouMean(name.value, in: valueInputs.map { cx.nodes[$0].name }))",
                                          at: name.range)
                    }
                    continue
                }
                var tried = DistinctValues()
                for item in items {
                    if let v = values.read(item, as: symbol.type, diagnostics: &cx.diagnostics) { tried.append(v) }
                }
                plan.inputs.append((symbol.node, tried.values))
            }
        } else if decl?.gestures?.value != .only {
            for node in valueInputs {
                var tried = DistinctValues()
                // A default read from the parameters (`default: profile.name`) is known when the screen starts, not here.
                var defaults = 0
                if case .property(let initial) = cx.nodes[node].kind, initial != .none || cx.nodes[node].type.isOptional {
                    tried.append(initial)
                    defaults = 1
                }
                for scenario in scenarios {
                    for step in scenario.steps {
                        switch step.kind {
                        case .set(let n, let v) where n == node: tried.append(v)
                        case .send(let n, let v) where n == node: tried.append(v)
                        default: break
                        }
                    }
                }
                // A property set only to its default has nothing to try.
                if tried.values.count > defaults {
                    plan.inputs.append((node, Array(tried.values.prefix(SpecReader.exploreListLimit))))
                }
            }
        }

        if let given = decl?.events {
            for name in given {
                if let a = actions.firstIndex(where: { $0.name == name.value }) {
                    if !plan.actions.contains(a) { plan.actions.append(a) }
                    continue
                }
                if let row = rowInput(named: name.value) {
                    listRowEvent(row, name, &plan)
                    continue
                }
                if let row = rowAction(named: name.value) {
                    listRowAction(row, name, &plan)
                    continue
                }
                guard let symbol = cx.symbols[name.value], eventInputs.contains(symbol.node) else {
                    cx.diagnostics.error(.exploreTarget, "'explore: events:' lists input events and actions; '\(name.value)' is \(cx.symbols[name.value].map { article($0.what) } ?? "not declared")\(cx.diagnostics.didYouMean(name.value, in: eventInputs.map { cx.nodes[$0].name }))",
                                      at: name.range)
                    continue
                }
                if !plan.events.contains(symbol.node) { plan.events.append(symbol.node) }
            }
        } else if decl?.gestures?.value != .only {
            plan.events = eventInputs
            plan.actions = actions.indices.filter { actions[$0].trigger == nil }
        }
        if let gestures = decl?.gestures, gestures.value == .only {
            for (key, given) in [("inputs", decl?.inputs != nil), ("events", decl?.events != nil)] where given {
                cx.diagnostics.error(.exploreTarget, "'gestures: only' tries no input directly, so '\(key):' would be ignored", at: gestures.range,
                                     fixIt: "remove '\(key):', or write 'gestures: true' to try both")
            }
        }
        // A person's gestures, as the scenarios perform them: unless the section chose its inputs,
        // or as `gestures:` says.
        if decl?.gestures.map({ $0.value != .off }) ?? (decl?.inputs == nil && decl?.events == nil) {
            for scenario in scenarios {
                for step in scenario.steps {
                    guard case .gesture(let g) = step.kind, !plan.gestures.contains(where: { $0.text == step.text }) else { continue }
                    if plan.gestures.count < SpecReader.exploreListLimit { plan.gestures.append((g, step.text)) }
                }
            }
        }
        // Left to the defaults, an input, event or action that one of those gestures drives is
        // tried through its control only: a switch's value input sent without the switch turning,
        // or a button's event sent while the button is disabled, is a move no person can make.
        if decl?.inputs == nil && decl?.events == nil && !plan.gestures.isEmpty {
            let driven = Set(plan.gestures.flatMap { $0.gesture.writes + $0.gesture.events + $0.gesture.modelEvents + [$0.gesture.tracking?.node].compactMap { $0 } })
            let executed = Set(plan.gestures.flatMap { $0.gesture.actions + $0.gesture.modelActions })
            plan.inputs.removeAll { driven.contains($0.node) }
            plan.events.removeAll { driven.contains($0) }
            plan.actions.removeAll { executed.contains($0) }
        }
        // Left to the defaults, every row input is sent to the rows it can find; with
        // `gestures: only`, those a component of the row's own view fires (a tap on a row's button).
        if decl?.gestures?.value == .only {
            plan.rows = gestureRows(plan)
        } else if decl?.inputs == nil && decl?.events == nil {
            plan.rows = defaultRows(plan)
        }
        if let gestures = decl?.gestures, gestures.value == .only, plan.gestures.isEmpty, plan.rows.isEmpty {
            cx.diagnostics.error(.exploreTarget, "'gestures: only' tries the gestures the scenarios make and those of the rows' views, and there are none",
                                 at: gestures.range, fixIt: "add a scenario step such as 'tap: button', or list 'inputs:' and 'events:'")
        }
        // An action with an input runs with the values scenarios give it; with none, it is left out.
        var kept: [Int] = []
        for a in plan.actions {
            guard actions[a].input != .void else {
                kept.append(a)
                plan.actionInputs.append([.void])
                continue
            }
            var tried = DistinctValues()
            for scenario in scenarios {
                for step in scenario.steps {
                    if case .execute(let x, let v) = step.kind, x == a { tried.append(v) }
                }
            }
            if tried.values.isEmpty {
                if let name = decl?.events?.first(where: { $0.value == actions[a].name }) {
                    cx.diagnostics.error(.exploreTarget, "action '\(name.value)' takes an input of type '\(actions[a].input)' and no scenario executes it with one, so there is nothing to send",
                                      at: name.range, fixIt: "add a scenario step 'send: { \(name.value): ... }'")
                }
                continue
            }
            kept.append(a)
            plan.actionInputs.append(Array(tried.values.prefix(SpecReader.exploreListLimit)))
        }
        plan.actions = kept

        if let given = decl?.waits {
            var waits: [Int] = []
            for w in given where !waits.contains(w.value) { waits.append(w.value) }
            plan.waits = waits
        } else {
            var waits: Set<Int> = [0]
            for service in services.plans {
                waits.insert(service.latency)
                for r in service.results { if let l = r.latency { waits.insert(l) } }
                for c in service.cases { if let l = c.result.latency { waits.insert(l) } }
            }
            for stream in streams {
                for op in stream.operators where OperatorCatalog.entry(named: op.name)?.durationIsWait == true {
                    if let ms = op.arguments.duration { waits.insert(ms) }
                }
            }
            for scenario in scenarios {
                for step in scenario.steps { if case .wait(let ms) = step.kind { waits.insert(ms) } }
            }
            for (_, outcomes) in decl?.services ?? [] {
                for o in outcomes { if let l = o.latency?.value { waits.insert(l) } }
            }
            plan.waits = Array(waits.sorted().prefix(SpecReader.exploreListLimit))
            plan.waitsByDefault = true
        }

        for (name, outcomes) in decl?.services ?? [] {
            guard let index = services.index[name.value] else {
                if !spec.services.contains(where: { $0.name.value == name.value }) {
                    cx.unknownName(name, what: "service", candidates: spec.services.map(\.name.value))
                }
                continue
            }
            if plan.services.contains(where: { $0.index == index }) {
                cx.diagnostics.error(.duplicateName, "service '\(name.value)' is listed twice under 'explore: services:'", at: name.range)
                continue
            }
            var read: [ExploreOutcome] = []
            for outcome in outcomes {
                guard let result = outcome.result else {
                    read.append(ExploreOutcome(outcome: nil, latency: outcome.latency?.value))
                    continue
                }
                if let r = services.readResult(result, of: services.plans[index], values, diagnostics: &cx.diagnostics) {
                    read.append(ExploreOutcome(outcome: r.outcome, latency: r.latency))
                }
            }
            if read.count == outcomes.count { plan.services.append((index, read)) }
        }
        return plan
    }

    private func article(_ what: String) -> String {
        ("aeiou".contains(what.first ?? "x") ? "an " : "a ") + what
    }

    private func isExplorableValueInput(_ node: Int) -> Bool {
        guard case .input = cx.nodes[node].role else { return false }
        switch cx.nodes[node].kind {
        case .property: return true
        case .stream: return cx.nodes[node].type != .void
        default: return false
        }
    }
}

/// Values in the order first seen, each once: a set beside the list, so that a scenario of
/// thousands of steps is read in linear time (a search of the list per step was quadratic).
struct DistinctValues {
    private(set) var values: [Value] = []
    private var seen: Set<Value> = []

    mutating func append(_ value: Value) {
        if seen.insert(value).inserted { values.append(value) }
    }
}
