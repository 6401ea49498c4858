import SpecRuntime

/// The scenario steps that act on components: `tap:`, `type:`, `select:`, `fire:` and the rest of
/// ``GestureVerb/all``; what each kind takes comes from its ``ComponentEntry``.
extension StepChecker {
    /// `tap: confirm`, `type: { email: "a@b.c" }`, `select: { repos: 2 }`, `fire: { manager.didUpdate: [...] }`.
    mutating func checkGesture(_ verb: Located<String>, _ targets: [(target: Located<String>, value: YAMLNode?)]) -> [StepPlan] {
        if verb.value == GestureVerb.drag.name { return checkDrag(verb, targets) }
        let reader = ValueReader(table: cx.table)
        var plans: [StepPlan] = []
        for (target, valueNode) in targets {
            let value = valueNode.flatMap { $0.isNull ? nil : $0 }
            let base = target.value.split(separator: ".", maxSplits: 1).first.map(String.init) ?? target.value
            if spec.unreadableComponents.contains(base) { continue }
            if verb.value != "fire" {
                // A component of a row, addressed by the row's identity (StepChecker+RowGestures.swift).
                if let row = rowComponent(target.value) {
                    if let plan = rowGesture(verb, row.cells, row.component, target, valueNode, reader) { plans.append(plan) }
                    continue
                }
                if sendsToFailedCells(target.value) { continue }
            }
            let c: Int, member: String?
            if verb.value == "fire" {
                guard let split = view.split(target.value) else {
                    let callbacks = view.components.flatMap { c in c.events.filter { $0.verb == "fire" }.map { c.name + "." + $0.name } }
                    cx.diagnostics.error(.unknownName, "unknown delegate callback '\(target.value)' in 'fire:'\(cx.diagnostics.didYouMean(target.value, in: callbacks))",
                                      at: target.range)
                    continue
                }
                (c, member) = (split.component, split.member)
            } else {
                guard let index = view.index[target.value] else {
                    let able = view.components.filter { $0.verbs.contains(verb.value) }.map(\.name)
                    cx.diagnostics.error(.unknownName, "unknown component '\(target.value)' in '\(verb.value):'\(cx.diagnostics.didYouMean(target.value, in: able))",
                                      at: target.range)
                    continue
                }
                (c, member) = (index, nil)
            }
            let component = view.components[c]
            let enabled = component.property("enabled").map { component.properties[$0].node }
            // A hidden view takes no touch; an `isHidden` nothing binds stays false.
            let hidden = component.property("isHidden").map { component.properties[$0].node }.flatMap { cx.nodes[$0].visible ? $0 : nil }
            func gesture(_ payload: GesturePlan.Payload, writes: [Int], events: [Int], actions: [Int], text: String, bounds: Int? = nil) -> StepPlan {
                StepPlan(kind: .gesture(GesturePlan(component: component.name, kind: component.kind.name, payload: payload, enabled: enabled,
                                                    hidden: hidden, writes: writes, events: events, actions: actions, verb: verb.value,
                                                    target: target.value, bounds: bounds)),
                         text: text, range: target.range)
            }
            if member == nil, GestureVerb.rowEdits.contains(where: { $0.name == verb.value }), component.kind.verbs.contains(where: { $0.name == verb.value }) {
                // A table's swipe to delete and reorder (StepChecker+RowEdits.swift).
                if let plan = rowEdit(verb, component, target, value, reader, hidden: hidden) { plans.append(plan) }
                continue
            }
            if member == nil, let p = component.properties.first(where: { $0.verb == verb.value }), let stream = p.userStream {
                guard let value else {
                    cx.diagnostics.error(.missingValue, "'\(verb.value):' needs the new value, as in '\(verb.value): { \(component.name): ... }'", at: target.range)
                    continue
                }
                guard let v = reader.read(value, as: p.type, diagnostics: &cx.diagnostics) else { continue }
                if let constraint = p.constraint, !constraint.allows(v) {
                    cx.rangeError(v, component.name + "." + p.name, constraint, at: value.range)
                    continue
                }
                // A range with steps (`stepValue:`) is changed by + and -: only its minimum plus whole steps can be reached.
                if let step = component.step, case .double(let d) = v, let constraint = p.constraint {
                    let steps = (d - constraint.minimum) / step
                    if abs(steps - steps.rounded()) > 1e-9 {
                        cx.diagnostics.error(.bindingRange, "a person cannot step '\(component.name)' to \(ValueFormatter.formatDouble(d)); it goes from \(ValueFormatter.formatDouble(constraint.minimum)) in steps of \(ValueFormatter.formatDouble(step))",
                                          at: value.range)
                        continue
                    }
                }
                var events = [stream]
                var actions: [Int] = []
                for e in component.events where e.userProperty == p.name {
                    events.append(e.node)
                    events += e.feeds
                    actions += e.actions
                }
                let text = component.kind.properties.first { $0.name == p.name }?.stepText(component.name, v) ?? "\(verb.value) \(component.name) to \(v)"
                // Bounds an expression gives are those in force when the step plays: the engine checks them then.
                // So are titles an expression gives.
                let bounds = component.bounds?.value == p.node || component.choices?.value == p.node ? c : nil
                plans.append(gesture(.value(v), writes: [p.node], events: events, actions: actions, text: text, bounds: bounds))
            } else if let event = component.events.first(where: { $0.verb == verb.value && (member == nil || $0.name == member) }) {
                let events = [event.node] + event.feeds
                if event.isRow {
                    guard let value, let rows = component.kind.rowsProperty.flatMap(component.property) else {
                        cx.diagnostics.error(.missingValue, "'select:' needs a row index, as in 'select: { \(component.name): 0 }'", at: target.range)
                        continue
                    }
                    guard let index = reader.read(value, as: .int, diagnostics: &cx.diagnostics), case .int(let i) = index else { continue }
                    guard i >= 0 else {
                        cx.diagnostics.error(.bindingRange, "row \(i) does not exist; rows count from 0", at: value.range)
                        continue
                    }
                    plans.append(gesture(.row(rows: component.properties[rows].node, index: i), writes: [], events: events, actions: event.actions,
                                         text: "select row \(i) of \(component.name)"))
                } else if event.payload == .void {
                    if let value, value.string != "()" {
                        cx.diagnostics.error(.unexpectedValue, "'\(verb.value):' takes only the name, as in '\(verb.value): \(target.value)'", at: value.range)
                        continue
                    }
                    var plan = gesture(.value(.void), writes: [], events: events, actions: event.actions, text: "\(verb.value) \(target.value)")
                    if let to = component.kind.events.first(where: { $0.name == event.name })?.tracks,
                       let p = component.property(ComponentEntry.trackingProperty), case .gesture(var g) = plan.kind {
                        // A touch sets the control's `isTracking`, and is not made when it already is so.
                        g.tracking = GesturePlan.Tracking(node: component.properties[p].node, to: to)
                        plan.kind = .gesture(g)
                    }
                    plans.append(plan)
                } else {
                    guard let value else {
                        cx.diagnostics.error(.missingValue, "'\(target.value)' carries a value of type '\(event.payload)'", at: target.range,
                                          fixIt: "write '\(verb.value): { \(target.value): ... }'")
                        continue
                    }
                    guard let v = reader.read(value, as: event.payload, diagnostics: &cx.diagnostics) else { continue }
                    if let refused = refusedChoice(v, of: event.name, on: component) {
                        cx.diagnostics.error(.bindingRange, refused.message, at: value.range, notes: [DiagnosticNote(refused.note)])
                        continue
                    }
                    var plan = gesture(.value(v), writes: [], events: events, actions: event.actions, text: "\(verb.value) \(target.value)(\(v))")
                    if let m = component.kind.shownWhile.flatMap(component.property), case .gesture(var g) = plan.kind {
                        // Choosing a button dismisses the alert, as UIAlertController does.
                        g.clears = [component.properties[m].node]
                        g.shownWhile = component.properties[m].node
                        plan.kind = .gesture(g)
                    }
                    plans.append(plan)
                }
            } else if let member {
                if component.event(member) != nil || component.property(member) != nil {
                    cx.diagnostics.error(.invalidStepTarget, "'\(target.value)' is not a delegate callback; 'fire:' calls one of a component's 'callbacks:'",
                                      at: target.range)
                } else {
                    cx.unknownMember(member, of: component, at: target.range)
                }
            } else if component.kind.verbs.contains(where: { $0.name == verb.value }) {
                // The kind takes this gesture, but the member it acts on failed to declare (reported).
                continue
            } else {
                let what = GestureVerb.named(verb.value)?.what ?? ""
                let verbs = component.verbs
                cx.diagnostics.error(.invalidStepTarget, "'\(component.name)' is a \(component.kind.name); '\(verb.value):' \(what)", at: target.range,
                                  notes: [DiagnosticNote(verbs.isEmpty ? "a \(component.kind.name) takes no gestures"
                                                         : "a \(component.kind.name) takes " + verbs.map { "'\($0):'" }.joined(separator: ", "))])
            }
        }
        return plans
    }

    /// Why a person cannot give `value` to an event whose entry limits it to a setting's titles
    /// (an alert's buttons), nil when they can. The titles are the last declaration's of that name
    /// that gives them, as written.
    private mutating func refusedChoice(_ value: Value, of event: String, on component: ViewRegistry.Component) -> (message: String, note: String)? {
        guard let setting = component.kind.events.first(where: { $0.name == event })?.choices,
              let titles = spec.view.last(where: { $0.name.value == component.name && $0.parts[setting]?.titles != nil })?.parts[setting]?.titles,
              case .titles(let words) = component.kind.settings.first(where: { $0.name == setting })?.reading,
              case .string(let title) = value, !titles.contains(title) else { return nil }
        return ("\(component.kind.title) '\(component.name)' has no \(words.item) '\(title)'\(cx.diagnostics.didYouMean(title, in: titles))",
                "its \(words.item)s are " + titles.map { "'\($0)'" }.joined(separator: ", "))
    }
}
