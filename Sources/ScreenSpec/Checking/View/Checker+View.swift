import SpecRuntime

/// The components of `view:` as the checker resolved them: the nodes behind each property and
/// event, for `bindings:` and for the scenario steps that act on components.
struct ViewRegistry {
    struct Property {
        var name: String
        /// What the component shows: a visible cell named `<component>.<property>`.
        var node: Int
        var type: SpecType
        /// Fires when the person changes the property (a `ControlProperty`'s values); nil when
        /// only bindings write it.
        var userStream: Int?
        var verb: String?
        var constraint: ValueConstraint?
    }

    struct Event {
        var name: String
        var node: Int
        var payload: SpecType
        var verb: String?
        /// The property whose user change fires it (`valueChanged`, `editingChanged`).
        var userProperty: String?
        var isRow = false
        var feeds: [Int] = []
        var actions: [Int] = []
    }

    struct Component {
        var name: String
        var kind: ComponentKind
        var properties: [Property] = []
        var events: [Event] = []

        func property(_ name: String) -> Int? { properties.firstIndex { $0.name == name } }
        func event(_ name: String) -> Int? { events.firstIndex { $0.name == name } }
        var memberNames: [String] { properties.map(\.name) + events.map(\.name) }
        var plan: ComponentPlan {
            ComponentPlan(name: name, kind: kind.rawValue,
                          properties: properties.map { .init(name: $0.name, node: $0.node, edits: $0.userStream) },
                          events: events.map { .init(name: $0.name, node: $0.node, feeds: $0.feeds, actions: $0.actions) })
        }
        var verbs: [String] { (properties.compactMap(\.verb) + events.compactMap(\.verb)).reduce(into: []) { if !$0.contains($1) { $0.append($1) } } }
    }

    var components: [Component] = []
    var index: [String: Int] = [:]

    /// `colorPicker.selectedIndex` split into a declared component and a member name.
    func split(_ name: String) -> (component: Int, member: String)? {
        guard let dot = name.firstIndex(of: "."), let c = index[String(name[..<dot])] else { return nil }
        return (c, String(name[name.index(after: dot)...]))
    }
}

/// `view:`, `bindings:` and the scenario steps that act on components.
///
/// Every component property is a visible cell `<component>.<property>`; every event a hidden
/// stream. A binding is a handler on its source that writes the targets; one from a source with a
/// current value also applies at start. A two-way binding is two handlers: the person's edits (a
/// hidden stream, not the cell) write the view-model property, and the property writes the cell,
/// so the view model writing it never echoes back. Components are declared after the view model
/// is checked, and view-model expressions cannot read them: a view model does not read its view.
extension Checker {
    mutating func declareView() {
        guard !spec.view.isEmpty || !spec.bindings.isEmpty else { return }
        let viewModel = symbols
        for decl in spec.view { declareComponent(decl, viewModel) }
        for decl in spec.view {
            if let c = view.index[decl.name.value], view.components[c].kind == decl.kind.value { wireComponent(decl, c, viewModel) }
        }
        for binding in spec.bindings { checkBinding(binding, viewModel) }
    }

    // MARK: components

    private mutating func declareComponent(_ decl: ComponentDecl, _ viewModel: [String: Symbol]) {
        if view.index[decl.name.value] != nil {
            let first = spec.view.first { $0.name.value == decl.name.value }?.name.range
            diagnostics.error("duplicate-name", "component '\(decl.name.value)' is declared twice", at: decl.name.range,
                              notes: first.map { [DiagnosticNote("first declared here", at: $0)] } ?? [])
            return
        }
        let kind = decl.kind.value
        var component = ViewRegistry.Component(name: decl.name.value, kind: kind)
        let values = ValueReader(table: table)
        let resolver = TypeResolver(table: table)
        var catalog = ComponentCatalog.properties(kind)
        for declared in decl.declaredProperties {
            guard let type = resolver.resolve(declared.type, diagnostics: &diagnostics) else { continue }
            let hasInitial = decl.properties.contains { $0.name.value == declared.name.value && ($0.initial != nil || $0.twoWay != nil) }
            guard let empty = Self.emptyValue(type) ?? (hasInitial ? Value.none : nil) else {
                diagnostics.error("missing-initial", "property '\(declared.name.value)' of type '\(type)' has no empty value to start from",
                                  at: declared.name.range, fixIt: "give it one with '\(declared.name.value): { initial: ... }' in the wiring")
                continue
            }
            catalog.append(.init(name: declared.name.value, type: type, initial: empty, verb: nil))
        }
        for property in catalog {
            let wiring = decl.properties.first { $0.name.value == property.name }
            let name = decl.name.value + "." + property.name
            let range = wiring?.name.range ?? decl.name.range
            var type = property.type
            if type == nil {
                // A table's rows take their type from what they are bound to.
                guard let expr = wiring?.value else {
                    diagnostics.error("missing-key", "\(kind.rawValue) '\(decl.name.value)' needs '\(property.name):' bound to a list", at: decl.name.range,
                                      fixIt: "'\(decl.name.value): { \(kind.rawValue): { \(property.name): items } }'")
                    continue
                }
                var checker = viewModelChecker(viewModel, diagnostics: diagnostics)
                let inferred = checker.infer(expr)
                diagnostics = checker.diagnostics
                guard let typed = inferred else { continue }
                guard case .list = typed.type else {
                    diagnostics.error("type-mismatch", "a \(kind.rawValue)'s '\(property.name)' must be a list, found '\(typed.type)'", at: expr.range)
                    continue
                }
                type = typed.type
            }
            guard let type else { continue }
            var constraint: ValueConstraint?
            var initial = property.initial
            switch (kind, property.name) {
            case (.slider, "value"), (.stepper, "value"):
                let defaults = ComponentCatalog.defaultBounds(kind)
                let minimum = decl.numbers["minimumValue"]?.value ?? defaults.minimum
                let maximum = decl.numbers["maximumValue"]?.value ?? defaults.maximum
                guard minimum < maximum else {
                    let at = decl.numbers["maximumValue"]?.range ?? decl.numbers["minimumValue"]?.range ?? decl.name.range
                    diagnostics.error("invalid-range", "\(kind.rawValue) '\(decl.name.value)' goes from \(ValueFormatter.formatDouble(minimum)) to \(ValueFormatter.formatDouble(maximum)); the minimum must be below the maximum",
                                      at: at)
                    continue
                }
                constraint = ValueConstraint(minimum: minimum, maximum: maximum, integral: false)
                // UIKit clamps the value into the new bounds.
                initial = .double(min(max(0, minimum), maximum))
            case (.progressView, "progress"):
                constraint = ValueConstraint(minimum: 0, maximum: 1, integral: false)
            case (.datePicker, "date"):
                constraint = .day
            case (.pageControl, "currentPage"):
                if let pages = decl.numbers["numberOfPages"] {
                    constraint = ValueConstraint(minimum: 0, maximum: max(0, pages.value - 1), integral: true)
                } else {
                    diagnostics.error("missing-key", "page control '\(decl.name.value)' needs 'numberOfPages:'", at: decl.name.range,
                                      fixIt: "'\(decl.name.value): { pageControl: { numberOfPages: 3 } }'")
                }
            case (.segmentedControl, "selectedIndex"):
                if let segments = decl.segments {
                    constraint = ValueConstraint(minimum: -1, maximum: Double(segments.value - 1), integral: true)
                } else if !decl.segmentsWritten {
                    diagnostics.error("missing-key", "segmented control '\(decl.name.value)' needs 'segments:', a count or a list of titles",
                                      at: decl.name.range, fixIt: "'\(decl.name.value): { segmentedControl: { segments: [Red, Green, Blue] } }'")
                }
            default:
                break
            }
            if let node = wiring?.initial, let value = values.read(node, as: type, diagnostics: &diagnostics) {
                if let constraint, !constraint.allows(value) {
                    rangeError(value, name, constraint, at: node.range)
                } else {
                    initial = value
                }
            }
            guard isFree(name, at: range) else { continue }
            // The timeline shows what the screen uses: what the person changes and what is bound;
            // a property nothing writes keeps its first value and would only add noise.
            let node = addNode(name, type, .state(initial: initial), role: .component, visible: property.verb != nil || wiring != nil,
                               range: range, what: "component property")
            var userStream: Int?
            if property.verb != nil { userStream = hiddenNode(name + " (edited)", type, .stream, range: range) }
            component.properties.append(.init(name: property.name, node: node, type: type, userStream: userStream, verb: property.verb,
                                              constraint: constraint))
        }
        for event in ComponentCatalog.events(kind) {
            var payload = SpecType.void
            var userProperty: String?
            switch event.payload {
            case .void: break
            case .property(let p):
                guard let i = component.property(p) else { continue }
                payload = component.properties[i].type
                userProperty = p
            case .row:
                guard let rows = ComponentCatalog.rowsProperty(kind), let i = component.property(rows),
                      case .list(let element) = component.properties[i].type else { continue }
                payload = element
            case .value(let type):
                payload = type
            }
            let name = decl.name.value + "." + event.name
            guard isFree(name, at: decl.name.range) else { continue }
            let node = addNode(name, payload, .stream, role: .component, visible: false, range: decl.name.range, what: "component event")
            var entry = ViewRegistry.Event(name: event.name, node: node, payload: payload, verb: event.verb, userProperty: userProperty)
            if case .row = event.payload { entry.isRow = true }
            component.events.append(entry)
        }
        for callback in decl.callbacks {
            var parameters: [(name: String, type: SpecType)] = []
            for parameter in callback.parameters {
                if let type = resolver.resolve(parameter.type, diagnostics: &diagnostics) { parameters.append((parameter.name.value, type)) }
            }
            guard parameters.count == callback.parameters.count else { continue }
            let name = decl.name.value + "." + callback.name.value
            let payload: SpecType
            switch parameters.count {
            case 0: payload = .void
            case 1: payload = parameters[0].type
            default:
                // Several parameters arrive together, as one record named after the callback.
                table.records[name] = parameters
                payload = .record(name)
            }
            guard isFree(name, at: callback.name.range) else { continue }
            let node = addNode(name, payload, .stream, role: .component, visible: false, range: callback.name.range, what: "delegate callback")
            component.events.append(.init(name: callback.name.value, node: node, payload: payload, verb: "fire", userProperty: nil))
        }
        view.index[decl.name.value] = view.components.count
        view.components.append(component)
    }

    /// The value a declared component property starts from when the spec gives none.
    private static func emptyValue(_ type: SpecType) -> Value? {
        switch type {
        case .void: return .void
        case .bool: return .bool(false)
        case .int: return .int(0)
        case .double: return .double(0)
        case .string: return .string("")
        case .optional: return Value.none
        case .list: return .list([])
        case .color: return .color(.white(0, alpha: 0))
        default: return nil
        }
    }

    /// Checks expressions over the view model; names whose declarations failed stay quiet.
    private func viewModelChecker(_ viewModel: [String: Symbol], payload: (name: String, type: SpecType)? = nil,
                                  diagnostics: DiagnosticBag) -> ExpressionChecker {
        var checker = ExpressionChecker(symbols: viewModel, table: table, payload: payload, diagnostics: diagnostics)
        checker.poisoned = poisoned
        return checker
    }

    private mutating func isFree(_ name: String, at range: SpecRange) -> Bool {
        guard let existing = symbols[name] else { return true }
        diagnostics.error("duplicate-name", "'\(name)' is already declared", at: range,
                          notes: [DiagnosticNote("'\(name)' is declared here", at: nodes[existing.node].range)])
        return false
    }

    /// A node no name reaches: a property's edit stream, a binding's computed source.
    private mutating func hiddenNode(_ name: String, _ type: SpecType, _ kind: NodeDecl.Kind, range: SpecRange) -> Int {
        let node = addNode(name, type, kind, role: .component, visible: false, range: range, what: "binding")
        symbols[name] = nil
        return node
    }

    private mutating func rangeError(_ value: Value, _ name: String, _ constraint: ValueConstraint, at range: SpecRange) {
        diagnostics.error("binding-range", "'\(name)' cannot take \(value); it takes \(constraint.range)", at: range)
    }

    private func label(_ what: String, _ range: SpecRange) -> String {
        "\(what) at \(range.file):\(range.start)"
    }

    // MARK: wiring inside a component

    private mutating func wireComponent(_ decl: ComponentDecl, _ c: Int, _ viewModel: [String: Symbol]) {
        for wiring in decl.properties {
            guard let p = view.components[c].property(wiring.name.value) else { continue }
            let property = view.components[c].properties[p]
            if let expr = wiring.value {
                var checker = viewModelChecker(viewModel, diagnostics: diagnostics)
                let typed = checker.check(expr, expecting: property.type)
                diagnostics = checker.diagnostics
                guard let typed else { continue }
                bind(typed, reads: checker.reads, to: property, label: label("binding of '\(nodes[property.node].name)'", expr.range), at: expr.range)
            } else if let name = wiring.twoWay {
                wireTwoWay(wiring, name, property, viewModel)
            }
        }
        for wiring in decl.events {
            guard let e = view.components[c].event(wiring.name.value) else { continue }
            var event = view.components[c].events[e]
            for target in wiring.targets { route(&event, to: target, viewModel) }
            view.components[c].events[e] = event
        }
        if let actionName = decl.action { wireAction(decl, c, actionName) }
    }

    /// A binder from a view-model expression: a computed source unless it is one node already.
    private mutating func bind(_ typed: TypedExpr, reads: [Int], to property: ViewRegistry.Property, label: String, at range: SpecRange) {
        if case .constant(let value) = typed, let constraint = property.constraint, !constraint.allows(value) {
            rangeError(value, nodes[property.node].name, constraint, at: range)
            return
        }
        let source: Int
        if case .node(let n) = typed {
            source = n
        } else {
            source = hiddenNode(nodes[property.node].name + " (bound)", property.type, .derived(typed), range: range)
            for read in reads { edges[read].append(source) }
        }
        handlers.append(HandlerPlan(on: source, targets: [property.node], values: [.eventPayload], label: label, startValue: source,
                                    constraints: [property.constraint]))
        edges[source].append(property.node)
    }

    private mutating func wireTwoWay(_ wiring: PropertyWiring, _ name: Located<String>, _ property: ViewRegistry.Property,
                                     _ viewModel: [String: Symbol]) {
        let propertyName = nodes[property.node].name
        guard let userStream = property.userStream else {
            diagnostics.error("not-user-writable", "'\(propertyName)' is not changed by the person using the screen, so it cannot be two-way",
                              at: name.range, fixIt: "bind it one-way: '\(wiring.name.value): \(name.value)'")
            return
        }
        guard !poisoned.contains(name.value) else { return }
        let properties = viewModel.filter { if case .property = nodes[$0.value.node].kind { return true } else { return false } }
        guard let symbol = viewModel[name.value] else {
            unknownName(name, what: "view-model property", candidates: Array(properties.keys))
            return
        }
        guard case .property = nodes[symbol.node].kind else {
            diagnostics.error("invalid-two-way", "'\(name.value)' is an \(symbol.what); a two-way binding writes an input property (one with a 'default:')",
                              at: name.range, notes: [DiagnosticNote("'\(name.value)' is declared here", at: nodes[symbol.node].range)])
            return
        }
        var getter = viewModelChecker(viewModel, diagnostics: diagnostics)
        var get: TypedExpr?
        if let expr = wiring.get {
            get = getter.check(expr, expecting: property.type)
        } else if property.type.accepts(symbol.type) {
            get = .node(symbol.node)
        }
        diagnostics = getter.diagnostics
        var setter = viewModelChecker(viewModel, payload: (propertyName, property.type), diagnostics: diagnostics)
        var set: TypedExpr?
        if let expr = wiring.set {
            set = setter.check(expr, expecting: symbol.type)
        } else if symbol.type.accepts(property.type) {
            set = .eventPayload
        }
        diagnostics = setter.diagnostics
        if (wiring.get == nil && get == nil) || (wiring.set == nil && set == nil) {
            let missing = [wiring.get == nil && get == nil ? "'get:'" : nil, wiring.set == nil && set == nil ? "'set:'" : nil].compactMap { $0 }
            diagnostics.error("type-mismatch", "'\(propertyName)' is '\(property.type)' but '\(name.value)' is '\(symbol.type)'", at: name.range,
                              notes: [DiagnosticNote("convert between them with " + missing.joined(separator: " and "))])
            return
        }
        guard let get, let set else { return }
        bind(get, reads: getter.reads, to: property, label: label("two-way binding of '\(propertyName)'", wiring.range), at: wiring.range)
        handlers.append(HandlerPlan(on: userStream, targets: [symbol.node], values: [set], label: label("two-way binding of '\(propertyName)'", wiring.range),
                                    constraints: [nil]))
        edges[userStream].append(symbol.node)
    }

    /// An event feeding an input (event or value stream) or executing an action.
    private mutating func route(_ event: inout ViewRegistry.Event, to target: Located<String>, _ viewModel: [String: Symbol]) {
        if let a = actions.firstIndex(where: { $0.name == target.value }) {
            // An action taking no input drops the event's value, as binding to a `CocoaAction` does.
            let input = actions[a].input
            guard input == .void || input.accepts(event.payload) else {
                let carries = event.payload == .void ? "carries no value" : "carries '\(event.payload)'"
                diagnostics.error("type-mismatch", "action '\(target.value)' takes an input of type '\(input)', but '\(event.name)' \(carries)",
                                  at: target.range)
                return
            }
            event.actions.append(a)
            return
        }
        guard !poisoned.contains(target.value) else { return }
        guard let symbol = viewModel[target.value] else {
            let inputs = viewModel.filter { if case .input = nodes[$0.value.node].role, !$0.value.hasCurrentValue { return true } else { return false } }
            unknownName(target, what: "input or action", candidates: Array(inputs.keys) + actions.map(\.name))
            return
        }
        guard case .stream = nodes[symbol.node].kind, case .input = nodes[symbol.node].role else {
            diagnostics.error("invalid-event-target", "'\(target.value)' is an \(symbol.what); an event feeds an input event or value, or an action",
                              at: target.range, notes: [DiagnosticNote("'\(target.value)' is declared here", at: nodes[symbol.node].range)])
            return
        }
        // An input event (Void) takes any event, dropping its value, as `.map { _ in () }` would.
        guard symbol.type == .void || symbol.type.accepts(event.payload) else {
            diagnostics.error("type-mismatch", "input '\(target.value)' takes '\(symbol.type)', but '\(event.name)' carries '\(event.payload)'",
                              at: target.range)
            return
        }
        event.feeds.append(symbol.node)
    }

    /// `button: { action: login }`: the tap executes the action, and `enabled` mirrors the
    /// action's, as RxSwiftCommunity/Action's `button.rx.action = login` does.
    private mutating func wireAction(_ decl: ComponentDecl, _ c: Int, _ name: Located<String>) {
        guard let a = actions.firstIndex(where: { $0.name == name.value }) else {
            unknownName(name, what: "action", candidates: actions.map(\.name))
            return
        }
        guard actions[a].input == .void else {
            diagnostics.error("type-mismatch", "a button's tap carries no value, but action '\(name.value)' takes an input of type '\(actions[a].input)'",
                              at: name.range, notes: [DiagnosticNote("'button: { action: ... }' executes an action without input, as a 'CocoaAction'")])
            return
        }
        if let tap = view.components[c].event("tap") { view.components[c].events[tap].actions.append(a) }
        if let stray = decl.properties.first(where: { $0.name.value == "enabled" }) {
            diagnostics.error("conflicting-keys", "button '\(decl.name.value)' is enabled exactly when action '\(name.value)' is, so it takes no 'enabled:'",
                              at: stray.name.range)
            return
        }
        guard let p = view.components[c].property("enabled") else { return }
        let enabled = view.components[c].properties[p].node
        nodes[enabled].visible = true
        handlers.append(HandlerPlan(on: actions[a].enabled, targets: [enabled], values: [.eventPayload],
                                    label: label("action binding of '\(decl.name.value)'", name.range), startValue: actions[a].enabled,
                                    constraints: [nil]))
        edges[actions[a].enabled].append(enabled)
    }

    // MARK: bindings

    private struct Target {
        var node: Int
        var name: String
        var type: SpecType
        var constraint: ValueConstraint?
        var range: SpecRange
    }

    private mutating func checkBinding(_ binding: BindingDecl, _ viewModel: [String: Symbol]) {
        let source = binding.source
        if let dot = source.value.firstIndex(of: "."), unreadableComponents.contains(String(source.value[..<dot])) { return }
        let on: Int, start: Int?, type: SpecType
        if let (c, member) = view.split(source.value) {
            let component = view.components[c]
            if let p = component.property(member) {
                guard let stream = component.properties[p].userStream else {
                    let observable = component.properties.filter { $0.userStream != nil }.map { "'\($0.name)'" } + component.events.map { "'\($0.name)'" }
                    diagnostics.error("not-observable", "'\(source.value)' is written by bindings, not by the person using the screen, so it is no source",
                                      at: source.range,
                                      notes: observable.isEmpty ? [] : [DiagnosticNote("a \(component.kind.rawValue) can be bound from " + observable.joined(separator: ", "))])
                    return
                }
                (on, start, type) = (stream, component.properties[p].node, component.properties[p].type)
            } else if let e = component.event(member) {
                (on, start, type) = (component.events[e].node, nil, component.events[e].payload)
            } else {
                unknownMember(member, of: component, at: source.range)
                return
            }
        } else if poisoned.contains(source.value) {
            return
        } else if let symbol = viewModel[source.value] {
            (on, start, type) = (symbol.node, symbol.hasCurrentValue ? symbol.node : nil, symbol.type)
        } else {
            let members = view.components.flatMap { c in c.memberNames.map { c.name + "." + $0 } }
            unknownName(source, what: "binding source", candidates: Array(viewModel.keys) + members)
            return
        }
        var targets: [Target] = []
        for target in binding.targets {
            if let (c, member) = view.split(target.value) {
                let component = view.components[c]
                guard let p = component.property(member) else {
                    unknownMember(member, of: component, at: target.range, propertiesOnly: true)
                    continue
                }
                let property = component.properties[p]
                targets.append(Target(node: property.node, name: target.value, type: property.type, constraint: property.constraint, range: target.range))
            } else if poisoned.contains(target.value) {
                continue
            } else if let symbol = viewModel[target.value], case .property = nodes[symbol.node].kind {
                guard start == nil else {
                    diagnostics.error("invalid-binding-target", "'\(source.value)' has a current value; bind a component to view-model property '\(target.value)' with 'twoWay:'",
                                      at: target.range, notes: [DiagnosticNote("'bindings:' write view-model properties only from events: a tap, a callback")])
                    continue
                }
                targets.append(Target(node: symbol.node, name: target.value, type: symbol.type, constraint: nil, range: target.range))
            } else if let dot = target.value.firstIndex(of: "."), unreadableComponents.contains(String(target.value[..<dot])) {
                return
            } else {
                let properties = view.components.flatMap { c in c.properties.map { c.name + "." + $0.name } }
                diagnostics.error("unknown-name", "unknown component property '\(target.value)'\(diagnostics.didYouMean(target.value, in: properties))",
                                  at: target.range)
            }
        }
        guard targets.count == binding.targets.count else { return }
        guard let values = transform(binding, from: source.value, type, to: targets, viewModel) else { return }
        for target in targets where nodes[target.node].role.isComponent { nodes[target.node].visible = true }
        handlers.append(HandlerPlan(on: on, targets: targets.map(\.node), values: values, label: label("binding", binding.range),
                                    startValue: start, constraints: targets.map(\.constraint), written: binding.range))
        for target in targets { edges[on].append(target.node) }
    }

    private mutating func unknownMember(_ member: String, of component: ViewRegistry.Component, at range: SpecRange, propertiesOnly: Bool = false) {
        let names = propertiesOnly ? component.properties.map(\.name) : component.memberNames
        var notes = [DiagnosticNote("a \(component.kind.rawValue) has " + (names.isEmpty ? "none" : names.map { "'\($0)'" }.joined(separator: ", ")))]
        if propertiesOnly, component.event(member) != nil {
            notes = [DiagnosticNote("'\(member)' is an event; bind from it with 'bind: \(component.name).\(member)'")]
        }
        diagnostics.error("unknown-member", "\(component.kind.rawValue) '\(component.name)' has no \(propertiesOnly ? "property" : "property or event") '\(member)'"
                          + diagnostics.didYouMean(member, in: names), at: range, notes: notes)
    }

    /// One typed value per target, reading the source by its name.
    private mutating func transform(_ binding: BindingDecl, from source: String, _ type: SpecType, to targets: [Target],
                                    _ viewModel: [String: Symbol]) -> [TypedExpr]? {
        switch binding.transform {
        case .none:
            var values: [TypedExpr] = []
            for target in targets {
                if target.type == .double && type == .int {
                    values.append(.call(.intToDouble, [.eventPayload]))
                } else if target.type.accepts(type) {
                    values.append(.eventPayload)
                } else {
                    diagnostics.error("type-mismatch", "'\(target.name)' takes '\(target.type)', but '\(source)' is '\(type)'", at: target.range,
                                      notes: [DiagnosticNote("convert it with 'map:' or 'table:'")])
                    return nil
                }
            }
            return values
        case .map(let exprs, let perTarget):
            if perTarget && exprs.count != targets.count {
                diagnostics.error("wrong-count", "'map:' lists \(exprs.count) value\(exprs.count == 1 ? "" : "s") for \(targets.count) target\(targets.count == 1 ? "" : "s")",
                                  at: exprs.first.map { $0.range } ?? binding.range)
                return nil
            }
            var checker = viewModelChecker(viewModel, payload: (source, type), diagnostics: diagnostics)
            var values: [TypedExpr] = []
            for (k, target) in targets.enumerated() {
                let expr = perTarget ? exprs[k] : exprs[0]
                // One expression for several targets is checked against each, but its own
                // mistakes (an unknown name) are reported once.
                let before = checker.diagnostics.all.count
                guard let typed = checker.check(expr, expecting: target.type) else {
                    if !perTarget && checker.diagnostics.all.count > before && k + 1 < targets.count
                        && checker.diagnostics.all[before...].contains(where: { $0.id != "type-mismatch" }) {
                        break
                    }
                    continue
                }
                if case .constant(let v) = typed, let constraint = target.constraint, !constraint.allows(v) {
                    checker.diagnostics.error("binding-range", "'\(target.name)' cannot take \(v); it takes \(constraint.range)", at: expr.range)
                    continue
                }
                values.append(typed)
            }
            diagnostics = checker.diagnostics
            return values.count == targets.count ? values : nil
        case .table(let rows, let fallback, let range):
            return table(rows, fallback, range, source, type, targets)
        }
    }

    /// `table: { 0: ["Red", red], ..., default: ["Unknown", black] }`: a chain of comparisons with
    /// the source, the default last.
    private mutating func table(_ rows: [(key: YAMLNode, value: YAMLNode)], _ fallback: YAMLNode?, _ range: SpecRange,
                                _ source: String, _ type: SpecType, _ targets: [Target]) -> [TypedExpr]? {
        switch type {
        case .int, .string, .bool, .enumeration, .double: break
        default:
            diagnostics.error("invalid-table", "a table looks up Int, String, Bool or enum values, but '\(source)' is '\(type)'", at: range)
            return nil
        }
        let reader = ValueReader(table: table)
        var keys: [Value] = []
        var keyNodes: [YAMLNode] = []
        var entries: [[Value]] = []
        var ok = true
        for (keyNode, valueNode) in rows {
            guard let key = reader.read(keyNode, as: type, diagnostics: &diagnostics) else { ok = false; continue }
            if keys.contains(key) {
                diagnostics.error("duplicate-key", "the table lists \(key) twice", at: keyNode.range)
                ok = false
                continue
            }
            guard let values = tableValues(valueNode, targets, reader) else { ok = false; continue }
            keys.append(key)
            keyNodes.append(keyNode)
            entries.append(values)
        }
        var otherwise: [Value]?
        if let fallback {
            otherwise = tableValues(fallback, targets, reader)
            if otherwise == nil { ok = false }
        } else {
            let all: [Value]? = switch type {
            case .bool: [.bool(false), .bool(true)]
            case .enumeration(let name): table.enums[name]?.map { .enumCase(EnumValue(type: name, caseName: $0)) }
            default: nil
            }
            if let all, all.allSatisfy(keys.contains), let last = entries.last {
                otherwise = last
            } else if ok {
                diagnostics.error("missing-default", "the table has no 'default:' for the values of '\(source)' it does not list", at: range,
                                  fixIt: "add 'default: ...', as the 'default:' of a Swift switch")
                return nil
            }
        }
        guard ok, let otherwise else { return nil }
        // Each row and the default are probes, so that coverage names the rows never looked up;
        // a table without `default:` that lists every value ends in its last row.
        let defaultSite = ProbeSite(.tableDefault, fallback?.range ?? range)
        return targets.indices.map { t in
            var expr = TypedExpr.constant(otherwise[t])
            if fallback != nil { expr = .probe(defaultSite, expr) }
            for ((key, node), values) in zip(zip(keys, keyNodes), entries).reversed() {
                let row = TypedExpr.conditional(.equal(.eventPayload, .constant(key), negated: false), .constant(values[t]), expr)
                expr = .probe(ProbeSite(.tableRow(key: node.string ?? "\(key)"), node.range), row)
            }
            return expr
        }
    }

    /// A table entry: the target's value, or with several targets a list of one value per target.
    private mutating func tableValues(_ node: YAMLNode, _ targets: [Target], _ reader: ValueReader) -> [Value]? {
        let nodes: [YAMLNode]
        if targets.count == 1 {
            nodes = [node]
        } else {
            guard let items = node.sequence, items.count == targets.count else {
                diagnostics.error("wrong-count", "each table entry lists one value per target, in order: " + targets.map { "'\($0.name)'" }.joined(separator: ", "),
                                  at: node.range)
                return nil
            }
            nodes = items
        }
        var values: [Value] = []
        for (item, target) in zip(nodes, targets) {
            guard let value = reader.read(item, as: target.type, diagnostics: &diagnostics) else { return nil }
            if let constraint = target.constraint, !constraint.allows(value) {
                rangeError(value, target.name, constraint, at: item.range)
                return nil
            }
            values.append(value)
        }
        return values
    }

    // MARK: scenario steps

    /// `tap: confirm`, `type: { email: "a@b.c" }`, `select: { repos: 2 }`, `fire: { manager.didUpdate: [...] }`.
    mutating func checkGesture(_ verb: Located<String>, _ targets: [(target: Located<String>, value: YAMLNode?)]) -> [StepPlan] {
        let reader = ValueReader(table: table)
        var buttons: [String: [String]] = [:]
        for decl in spec.view { if let titles = decl.buttons { buttons[decl.name.value] = titles.map(\.value) } }
        var plans: [StepPlan] = []
        for (target, valueNode) in targets {
            let value = valueNode.flatMap { $0.isNull ? nil : $0 }
            let base = target.value.split(separator: ".", maxSplits: 1).first.map(String.init) ?? target.value
            if unreadableComponents.contains(base) { continue }
            let c: Int, member: String?
            if verb.value == "fire" {
                guard let split = view.split(target.value) else {
                    let callbacks = view.components.flatMap { c in c.events.filter { $0.verb == "fire" }.map { c.name + "." + $0.name } }
                    diagnostics.error("unknown-name", "unknown delegate callback '\(target.value)' in 'fire:'\(diagnostics.didYouMean(target.value, in: callbacks))",
                                      at: target.range)
                    continue
                }
                (c, member) = (split.component, split.member)
            } else {
                guard let index = view.index[target.value] else {
                    let able = view.components.filter { $0.verbs.contains(verb.value) }.map(\.name)
                    diagnostics.error("unknown-name", "unknown component '\(target.value)' in '\(verb.value):'\(diagnostics.didYouMean(target.value, in: able))",
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
                    diagnostics.error("missing-value", "'\(verb.value):' needs the new value, as in '\(verb.value): { \(component.name): ... }'", at: target.range)
                    continue
                }
                guard let v = reader.read(value, as: p.type, diagnostics: &diagnostics) else { continue }
                if let constraint = p.constraint, !constraint.allows(v) {
                    rangeError(v, component.name + "." + p.name, constraint, at: value.range)
                    continue
                }
                // A person taps a stepper's + and -: only its minimum plus whole steps can be reached.
                if component.kind == .stepper, case .double(let d) = v, let constraint = p.constraint {
                    let step = spec.view.first { $0.name.value == component.name }?.numbers["stepValue"]?.value ?? 1
                    let steps = (d - constraint.minimum) / step
                    if abs(steps - steps.rounded()) > 1e-9 {
                        diagnostics.error("binding-range", "a person cannot step '\(component.name)' to \(ValueFormatter.formatDouble(d)); it goes from \(ValueFormatter.formatDouble(constraint.minimum)) in steps of \(ValueFormatter.formatDouble(step))",
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
                        diagnostics.error("missing-value", "'select:' needs a row index, as in 'select: { \(component.name): 0 }'", at: target.range)
                        continue
                    }
                    guard let index = reader.read(value, as: .int, diagnostics: &diagnostics), case .int(let i) = index else { continue }
                    guard i >= 0 else {
                        diagnostics.error("binding-range", "row \(i) does not exist; rows count from 0", at: value.range)
                        continue
                    }
                    plans.append(gesture(.row(rows: component.properties[rows].node, index: i), writes: [], events: events, actions: event.actions,
                                         text: "select row \(i) of \(component.name)"))
                } else if event.payload == .void {
                    if let value, value.string != "()" {
                        diagnostics.error("unexpected-value", "'\(verb.value):' takes only the name, as in '\(verb.value): \(target.value)'", at: value.range)
                        continue
                    }
                    plans.append(gesture(.value(.void), writes: [], events: events, actions: event.actions, text: "\(verb.value) \(target.value)"))
                } else {
                    guard let value else {
                        diagnostics.error("missing-value", "'\(target.value)' carries a value of type '\(event.payload)'", at: target.range,
                                          fixIt: "write '\(verb.value): { \(target.value): ... }'")
                        continue
                    }
                    guard let v = reader.read(value, as: event.payload, diagnostics: &diagnostics) else { continue }
                    if let titles = buttons[component.name], case .string(let title) = v, !titles.contains(title) {
                        diagnostics.error("binding-range", "alert '\(component.name)' has no button '\(title)'\(diagnostics.didYouMean(title, in: titles))",
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
                    diagnostics.error("invalid-step-target", "'\(target.value)' is not a delegate callback; 'fire:' calls one of a component's 'callbacks:'",
                                      at: target.range)
                } else {
                    unknownMember(member, of: component, at: target.range)
                }
            } else if ComponentCatalog.properties(component.kind).contains(where: { $0.verb == verb.value })
                        || ComponentCatalog.events(component.kind).contains(where: { $0.verb == verb.value }) {
                // The kind takes this gesture, but the member it acts on failed to declare (reported).
                continue
            } else {
                let what = ComponentCatalog.verbs.first { $0.verb == verb.value }?.what ?? ""
                let verbs = component.verbs
                diagnostics.error("invalid-step-target", "'\(component.name)' is a \(component.kind.rawValue); '\(verb.value):' \(what)", at: target.range,
                                  notes: [DiagnosticNote(verbs.isEmpty ? "a \(component.kind.rawValue) takes no gestures"
                                                         : "a \(component.kind.rawValue) takes " + verbs.map { "'\($0):'" }.joined(separator: ", "))])
            }
        }
        return plans
    }
}

extension NodeDecl.Role {
    var isComponent: Bool {
        if case .component = self { return true }
        return false
    }
}
