import SpecRuntime

/// The scenario steps that act on components: `tap:`, `type:`, `select:`, `fire:` and the rest of
/// ComponentCatalog.verbs.
extension StepChecker {
    /// `tap: confirm`, `type: { email: "a@b.c" }`, `select: { repos: 2 }`, `fire: { manager.didUpdate: [...] }`.
    mutating func checkGesture(_ verb: Located<String>, _ targets: [(target: Located<String>, value: YAMLNode?)]) -> [StepPlan] {
        let reader = ValueReader(table: cx.table)
        var buttons: [String: [String]] = [:]
        for decl in spec.view { if let titles = decl.buttons { buttons[decl.name.value] = titles.map(\.value) } }
        var plans: [StepPlan] = []
        for (target, valueNode) in targets {
            let value = valueNode.flatMap { $0.isNull ? nil : $0 }
            let base = target.value.split(separator: ".", maxSplits: 1).first.map(String.init) ?? target.value
            if spec.unreadableComponents.contains(base) { continue }
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
            func gesture(_ payload: GesturePlan.Payload, writes: [Int], events: [Int], actions: [Int], text: String) -> StepPlan {
                StepPlan(kind: .gesture(GesturePlan(component: component.name, kind: component.kind.rawValue, payload: payload, enabled: enabled,
                                                    writes: writes, events: events, actions: actions, verb: verb.value, target: target.value)),
                         text: text, range: target.range)
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
                // A person taps a stepper's + and -: only its minimum plus whole steps can be reached.
                if component.kind == .stepper, case .double(let d) = v, let constraint = p.constraint {
                    let step = spec.view.first { $0.name.value == component.name }?.numbers["stepValue"]?.value ?? 1
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
                let text: String = switch verb.value {
                case "type": "type \(v) into \(component.name)"
                case "slide": "slide \(component.name) to \(v)"
                case "pick" where component.kind == .segmentedControl: "pick segment \(v) of \(component.name)"
                default: "\(verb.value) \(component.name) to \(v)"
                }
                plans.append(gesture(.value(v), writes: [p.node], events: events, actions: actions, text: text))
            } else if let event = component.events.first(where: { $0.verb == verb.value && (member == nil || $0.name == member) }) {
                let events = [event.node] + event.feeds
                if event.isRow {
                    guard let value, let rows = ComponentCatalog.rowsProperty(component.kind).flatMap(component.property) else {
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
                    plans.append(gesture(.value(.void), writes: [], events: events, actions: event.actions, text: "\(verb.value) \(target.value)"))
                } else {
                    guard let value else {
                        cx.diagnostics.error(.missingValue, "'\(target.value)' carries a value of type '\(event.payload)'", at: target.range,
                                          fixIt: "write '\(verb.value): { \(target.value): ... }'")
                        continue
                    }
                    guard let v = reader.read(value, as: event.payload, diagnostics: &cx.diagnostics) else { continue }
                    if let titles = buttons[component.name], case .string(let title) = v, !titles.contains(title) {
                        cx.diagnostics.error(.bindingRange, "alert '\(component.name)' has no button '\(title)'\(cx.diagnostics.didYouMean(title, in: titles))",
                                          at: value.range, notes: [DiagnosticNote("its buttons are " + titles.map { "'\($0)'" }.joined(separator: ", "))])
                        continue
                    }
                    var plan = gesture(.value(v), writes: [], events: events, actions: event.actions, text: "\(verb.value) \(target.value)(\(v))")
                    if component.kind == .alert, let m = component.property("message"), case .gesture(var g) = plan.kind {
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
            } else if ComponentCatalog.properties(component.kind).contains(where: { $0.verb == verb.value })
                        || ComponentCatalog.events(component.kind).contains(where: { $0.verb == verb.value }) {
                // The kind takes this gesture, but the member it acts on failed to declare (reported).
                continue
            } else {
                let what = ComponentCatalog.verbs.first { $0.verb == verb.value }?.what ?? ""
                let verbs = component.verbs
                cx.diagnostics.error(.invalidStepTarget, "'\(component.name)' is a \(component.kind.rawValue); '\(verb.value):' \(what)", at: target.range,
                                  notes: [DiagnosticNote(verbs.isEmpty ? "a \(component.kind.rawValue) takes no gestures"
                                                         : "a \(component.kind.rawValue) takes " + verbs.map { "'\($0):'" }.joined(separator: ", "))])
            }
        }
        return plans
    }
}
