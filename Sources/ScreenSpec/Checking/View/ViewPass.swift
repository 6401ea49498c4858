import SpecRuntime

/// The view pass: `view:` and `bindings:`; its product is the components (for the scenario steps
/// that act on them) and the handlers of their wiring and bindings.
///
/// Every component property is a visible cell `<component>.<property>`; every event a hidden
/// stream. A binding is a handler on its source that writes the targets; one from a source with a
/// current value also applies at start. A two-way binding is two handlers: the person's edits (a
/// hidden stream, not the cell) write the view-model property, and the property writes the cell,
/// so the view model writing it never echoes back. Components are declared after the view model
/// is checked, and view-model expressions cannot read them: a view model does not read its view.
struct ViewPass: CheckPass {
    let spec: Spec
    /// The actions' plans, which events and buttons execute.
    let actions: [ActionPlan]
    var cx = CheckContext()
    var out = CheckedView()

    init(spec: Spec, actions: [ActionPlan]) {
        self.spec = spec
        self.actions = actions
    }

    mutating func run() -> CheckedView {
        declareView()
        return out
    }

    private mutating func declareView() {
        guard !spec.view.isEmpty || !spec.bindings.isEmpty else { return }
        let viewModel = cx.symbols
        for decl in spec.view { declareComponent(decl, viewModel) }
        for decl in spec.view {
            if let c = out.registry.index[decl.name.value], out.registry.components[c].kind.name == decl.kind.value.name { wireComponent(decl, c, viewModel) }
        }
        for binding in spec.bindings { checkBinding(binding, viewModel) }
    }

    // MARK: components

    private mutating func declareComponent(_ decl: ComponentDecl, _ viewModel: [String: Symbol]) {
        if out.registry.index[decl.name.value] != nil {
            let first = spec.view.first { $0.name.value == decl.name.value }?.name.range
            cx.diagnostics.error(.duplicateName, "component '\(decl.name.value)' is declared twice", at: decl.name.range,
                              notes: first.map { [DiagnosticNote("first declared here", at: $0)] } ?? [])
            return
        }
        let kind = decl.kind.value
        var component = ViewRegistry.Component(name: decl.name.value, kind: kind)
        component.titles = kind.titlesSetting.flatMap { decl.parts[$0]?.titles }
        let values = ValueReader(table: cx.table)
        let resolver = TypeResolver(table: cx.table)
        var catalog = kind.properties
        for declared in decl.declaredProperties {
            guard let type = resolver.resolve(declared.type, diagnostics: &cx.diagnostics) else { continue }
            let hasInitial = decl.properties.contains { $0.name.value == declared.name.value && ($0.initial != nil || $0.twoWay != nil) }
            guard let empty = Self.emptyValue(type) ?? (hasInitial ? Value.none : nil) else {
                cx.diagnostics.error(.missingInitial, "property '\(declared.name.value)' of type '\(type)' has no empty value to start from",
                                  at: declared.name.range, fixIt: "give it one with '\(declared.name.value): { initial: ... }' in the wiring")
                continue
            }
            catalog.append(ComponentProperty(declared.name.value, type, empty))
        }
        for property in catalog {
            let wiring = decl.properties.first { $0.name.value == property.name }
            let name = decl.name.value + "." + property.name
            let range = wiring?.name.range ?? decl.name.range
            var type = property.type
            if type == nil {
                // A table's rows take their type from what they are bound to.
                guard let expr = wiring?.value else {
                    cx.diagnostics.error(.missingKey, "\(kind.name) '\(decl.name.value)' needs '\(property.name):' bound to a list", at: decl.name.range,
                                      fixIt: "'\(decl.name.value): { \(kind.name): { \(property.name): items } }'")
                    continue
                }
                var checker = viewModelChecker(viewModel, diagnostics: cx.diagnostics)
                let inferred = checker.infer(expr)
                cx.diagnostics = checker.diagnostics
                guard let typed = inferred else { continue }
                guard case .list = typed.type else {
                    cx.diagnostics.error(.typeMismatch, "a \(kind.name)'s '\(property.name)' must be a list, found '\(typed.type)'", at: expr.range)
                    continue
                }
                type = typed.type
            }
            guard let type else { continue }
            var initial = property.initial
            var constraint: ValueConstraint?
            if let range = property.range, !resolve(range, of: decl, into: &component, initial: &initial, constraint: &constraint) { continue }
            if let node = wiring?.initial, let value = values.read(node, as: type, diagnostics: &cx.diagnostics) {
                if let constraint, !constraint.allows(value) {
                    cx.rangeError(value, name, constraint, at: node.range)
                } else {
                    initial = value
                }
            }
            guard isFree(name, at: range) else { continue }
            // The timeline shows what the screen uses: what the person changes and what is bound;
            // a property nothing writes keeps its first value and would only add noise. A table's
            // rows bound to a list by its name (`rows: items`, a `cells:` entry) are that list,
            // which the timeline prints already under its own name: each row change once.
            var shown = property.verb != nil || wiring != nil
            if property.name == ComponentEntry.trackingProperty, kind.tracksTouches {
                // Touches set it, nothing else: shown when the spec hears them.
                if let wiring {
                    cx.diagnostics.error(.setByTouch, "'\(property.name)' of \(kind.title) '\(decl.name.value)' is set by a person's touches ('press:', 'release:', 'drag:'); it cannot be bound",
                                         at: wiring.name.range, notes: [DiagnosticNote("bind 'touchDown:' and 'touchUpInside:' to inputs to hear them, as 'slider.rx.controlEvent(.touchDown)'")])
                    continue
                }
                shown = kind.events.contains { event in event.tracks != nil && decl.events.contains { $0.name.value == event.name } }
            }
            if property.type == nil, case .name(let bound)? = wiring?.value?.kind, let symbol = viewModel[bound], cx.nodes.indices.contains(symbol.node),
               cx.nodes[symbol.node].visible {
                shown = false
            }
            let node = cx.addNode(name, type, .state(initial: initial), role: .component, visible: shown,
                               range: range, what: "component property")
            var userStream: Int?
            if property.verb != nil { userStream = hiddenNode(name + " (edited)", type, .stream, range: range) }
            component.properties.append(.init(name: property.name, node: node, type: type, userStream: userStream, verb: property.verb?.name,
                                              constraint: constraint))
        }
        for event in kind.events {
            var payload = SpecType.void
            var userProperty: String?
            switch event.payload {
            case .void: break
            case .property(let p):
                guard let i = component.property(p) else { continue }
                payload = component.properties[i].type
                userProperty = p
            case .row:
                guard let rows = kind.rowsProperty, let i = component.property(rows),
                      case .list(let element) = component.properties[i].type else { continue }
                payload = element
            case .rowIndex:
                payload = .int
            case .rowMove:
                payload = moveRecord(decl, event.name, viewModel) ?? .void
            case .value(let type):
                payload = type
            }
            let name = decl.name.value + "." + event.name
            guard isFree(name, at: decl.name.range) else { continue }
            let node = cx.addNode(name, payload, .stream, role: .component, visible: false, range: decl.name.range, what: "component event")
            var entry = ViewRegistry.Event(name: event.name, node: node, payload: payload, verb: event.verb?.name, userProperty: userProperty)
            if case .row = event.payload { entry.isRow = true }
            if case .rowMove = event.payload { entry.isMove = true }
            component.events.append(entry)
        }
        for callback in decl.callbacks {
            var parameters: [(name: String, type: SpecType)] = []
            for parameter in callback.parameters {
                if let type = resolver.resolve(parameter.type, diagnostics: &cx.diagnostics) { parameters.append((parameter.name.value, type)) }
            }
            guard parameters.count == callback.parameters.count else { continue }
            let name = decl.name.value + "." + callback.name.value
            let payload: SpecType
            switch parameters.count {
            case 0: payload = .void
            case 1: payload = parameters[0].type
            default:
                // Several parameters arrive together, as one record named after the callback.
                cx.table.records[name] = parameters
                payload = .record(name)
            }
            guard isFree(name, at: callback.name.range) else { continue }
            let node = cx.addNode(name, payload, .stream, role: .component, visible: false, range: callback.name.range, what: "delegate callback")
            component.events.append(.init(name: callback.name.value, node: node, payload: payload, verb: GestureVerb.fire.name, userProperty: nil))
        }
        if decl.hasBoundExpressions { declareBoundCells(decl, into: &component) }
        if !decl.titleExpressions.isEmpty { declareTitleCells(decl, into: &component) }
        out.registry.index[decl.name.value] = out.registry.components.count
        out.registry.components.append(component)
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
    func viewModelChecker(_ viewModel: [String: Symbol], payload: (name: String, type: SpecType)? = nil,
                                  diagnostics: DiagnosticBag) -> ExpressionChecker {
        var checker = ExpressionChecker(symbols: viewModel, table: cx.table, payload: payload, diagnostics: cx.diagnostics)
        checker.functions = cx.functions
        checker.poisoned = cx.poisoned
        return checker
    }

    mutating func isFree(_ name: String, at range: SpecRange) -> Bool {
        guard let existing = cx.symbols[name] else { return true }
        cx.diagnostics.error(.duplicateName, "'\(name)' is already declared", at: range,
                          notes: [DiagnosticNote("'\(name)' is declared here", at: cx.nodes[existing.node].range)])
        return false
    }

    /// A node no name reaches: a property's edit stream, a binding's computed source.
    private mutating func hiddenNode(_ name: String, _ type: SpecType, _ kind: NodeDecl.Kind, range: SpecRange) -> Int {
        let node = cx.addNode(name, type, kind, role: .component, visible: false, range: range, what: "binding")
        cx.symbols[name] = nil
        return node
    }

    func label(_ what: String, _ range: SpecRange) -> String {
        "\(what) at \(range.file):\(range.start)"
    }

    // MARK: wiring inside a component

    private mutating func wireComponent(_ decl: ComponentDecl, _ c: Int, _ viewModel: [String: Symbol]) {
        for wiring in decl.properties {
            guard let p = out.registry.components[c].property(wiring.name.value) else { continue }
            let property = out.registry.components[c].properties[p]
            if let expr = wiring.value {
                var checker = viewModelChecker(viewModel, diagnostics: cx.diagnostics)
                let typed = checker.check(expr, expecting: property.type)
                cx.diagnostics = checker.diagnostics
                guard let typed else { continue }
                bind(typed, reads: checker.reads, to: property, label: label("binding of '\(cx.nodes[property.node].name)'", expr.range), at: expr.range)
            } else if let name = wiring.twoWay {
                wireTwoWay(wiring, name, property, viewModel)
            }
        }
        for wiring in decl.events {
            guard let e = out.registry.components[c].event(wiring.name.value) else { continue }
            var event = out.registry.components[c].events[e]
            for target in wiring.targets { route(&event, to: target, viewModel) }
            out.registry.components[c].events[e] = event
        }
        if decl.hasBoundExpressions { wireBoundExpressions(decl, c, viewModel) }
        if !decl.titleExpressions.isEmpty { wireTitleExpressions(decl, c, viewModel) }
        if let actionName = decl.action { wireAction(decl, c, actionName) }
    }

    /// A binder from a view-model expression: a computed source unless it is one node already.
    mutating func bind(_ typed: TypedExpr, reads: [Int], to property: ViewRegistry.Property, label: String, at range: SpecRange) {
        if case .constant(let value) = typed, let constraint = property.constraint, !constraint.allows(value) {
            cx.rangeError(value, cx.nodes[property.node].name, constraint, at: range)
            return
        }
        let source: Int
        if case .node(let n) = typed {
            source = n
        } else {
            source = hiddenNode(cx.nodes[property.node].name + " (bound)", property.type, .derived(typed), range: range)
            for read in reads { cx.edges[read].append(source) }
        }
        out.handlers.append(HandlerPlan(on: source, targets: [property.node], values: [.eventPayload], label: label, startValue: source,
                                    constraints: [property.constraint]))
        cx.edges[source].append(property.node)
    }

    private mutating func wireTwoWay(_ wiring: PropertyWiring, _ name: Located<String>, _ property: ViewRegistry.Property,
                                     _ viewModel: [String: Symbol]) {
        let propertyName = cx.nodes[property.node].name
        guard let userStream = property.userStream else {
            cx.diagnostics.error(.notUserWritable, "'\(propertyName)' is not changed by the person using the screen, so it cannot be two-way",
                              at: name.range, fixIt: "bind it one-way: '\(wiring.name.value): \(name.value)'")
            return
        }
        guard !cx.poisoned.contains(name.value) else { return }
        let properties = viewModel.filter { if case .property = cx.nodes[$0.value.node].kind { return true } else { return false } }
        guard let symbol = viewModel[name.value] else {
            cx.unknownName(name, what: "view-model property", candidates: Array(properties.keys))
            return
        }
        guard case .property = cx.nodes[symbol.node].kind else {
            cx.diagnostics.error(.invalidTwoWay, "'\(name.value)' is an \(symbol.what); a two-way binding writes an input property (one with a 'default:')",
                              at: name.range, notes: [DiagnosticNote("'\(name.value)' is declared here", at: cx.nodes[symbol.node].range)])
            return
        }
        var getter = viewModelChecker(viewModel, diagnostics: cx.diagnostics)
        var get: TypedExpr?
        if let expr = wiring.get {
            get = getter.check(expr, expecting: property.type)
        } else if property.type.accepts(symbol.type) {
            get = .node(symbol.node)
        }
        cx.diagnostics = getter.diagnostics
        var setter = viewModelChecker(viewModel, payload: (propertyName, property.type), diagnostics: cx.diagnostics)
        var set: TypedExpr?
        if let expr = wiring.set {
            set = setter.check(expr, expecting: symbol.type)
        } else if symbol.type.accepts(property.type) {
            set = .eventPayload
        }
        cx.diagnostics = setter.diagnostics
        if (wiring.get == nil && get == nil) || (wiring.set == nil && set == nil) {
            let missing = [wiring.get == nil && get == nil ? "'get:'" : nil, wiring.set == nil && set == nil ? "'set:'" : nil].compactMap { $0 }
            cx.diagnostics.error(.typeMismatch, "'\(propertyName)' is '\(property.type)' but '\(name.value)' is '\(symbol.type)'", at: name.range,
                              notes: [DiagnosticNote("convert between them with " + missing.joined(separator: " and "))])
            return
        }
        guard let get, let set else { return }
        bind(get, reads: getter.reads, to: property, label: label("two-way binding of '\(propertyName)'", wiring.range), at: wiring.range)
        out.handlers.append(HandlerPlan(on: userStream, targets: [symbol.node], values: [set], label: label("two-way binding of '\(propertyName)'", wiring.range),
                                    constraints: [nil]))
        cx.edges[userStream].append(symbol.node)
    }

    /// An event feeding an input (event or value stream) or executing an action.
    private mutating func route(_ event: inout ViewRegistry.Event, to target: Located<String>, _ viewModel: [String: Symbol]) {
        if let a = actions.firstIndex(where: { $0.name == target.value }) {
            // An action taking no input drops the event's value, as binding to a `CocoaAction` does.
            let input = actions[a].input
            guard input == .void || input.accepts(event.payload) else {
                if isUntypedMove(event) {
                    movedRecordNeeded(event, target, input)
                    return
                }
                let carries = event.payload == .void ? "carries no value" : "carries '\(event.payload)'"
                cx.diagnostics.error(.typeMismatch, "action '\(target.value)' takes an input of type '\(input)', but '\(event.name)' \(carries)",
                                  at: target.range)
                return
            }
            event.actions.append(a)
            return
        }
        guard !cx.poisoned.contains(target.value) else { return }
        guard let symbol = viewModel[target.value] else {
            let inputs = viewModel.filter { if case .input = cx.nodes[$0.value.node].role, !$0.value.hasCurrentValue { return true } else { return false } }
            cx.unknownName(target, what: "input or action", candidates: Array(inputs.keys) + actions.map(\.name))
            return
        }
        guard case .stream = cx.nodes[symbol.node].kind, case .input = cx.nodes[symbol.node].role else {
            // A row's or a child's input is fed by its own view (its view model's `view:`); what a
            // screen's component gives, a selected row, goes to an input of the screen.
            let ofRow = symbol.what.hasSuffix("of a row") || symbol.what.hasSuffix("of a child") || symbol.what == "row input" || symbol.what == "child's input"
            let input = "selection: \(event.payload == .void ? "TYPE" : "\(event.payload)")"
            cx.diagnostics.error(.invalidEventTarget, "'\(target.value)' is \(withArticle(symbol.what)); an event feeds an input event or value, or an action",
                              at: target.range, notes: [DiagnosticNote("'\(target.value)' is declared here", at: cx.nodes[symbol.node].range)]
                                  + (ofRow ? [DiagnosticNote("a row's own input is fed by the row's view, the components of its view model's 'view:'")] : []),
                              fixIt: ofRow ? "declare an input of the screen, as in '\(input)', and feed it: '\(event.name): selection'; a handler 'on: selection' acts on the row" : nil)
            return
        }
        // An input event (Void) takes any event, dropping its value, as `.map { _ in () }` would.
        guard symbol.type == .void || symbol.type.accepts(event.payload) else {
            if isUntypedMove(event) {
                movedRecordNeeded(event, target, symbol.type)
                return
            }
            cx.diagnostics.error(.typeMismatch, "input '\(target.value)' takes '\(symbol.type)', but '\(event.name)' carries '\(event.payload)'",
                              at: target.range)
            return
        }
        event.feeds.append(symbol.node)
    }

    /// `button: { action: login }`: the tap executes the action, and `enabled` mirrors the
    /// action's, as RxSwiftCommunity/Action's `button.rx.action = login` does.
    private mutating func wireAction(_ decl: ComponentDecl, _ c: Int, _ name: Located<String>) {
        guard let a = actions.firstIndex(where: { $0.name == name.value }) else {
            cx.unknownName(name, what: "action", candidates: actions.map(\.name))
            return
        }
        guard actions[a].input == .void else {
            cx.diagnostics.error(.typeMismatch, "a button's tap carries no value, but action '\(name.value)' takes an input of type '\(actions[a].input)'",
                              at: name.range, notes: [DiagnosticNote("'button: { action: ... }' executes an action without input, as a 'CocoaAction'")])
            return
        }
        if let tap = out.registry.components[c].event("tap") { out.registry.components[c].events[tap].actions.append(a) }
        if let stray = decl.properties.first(where: { $0.name.value == "enabled" }) {
            cx.diagnostics.error(.conflictingKeys, "button '\(decl.name.value)' is enabled exactly when action '\(name.value)' is, so it takes no 'enabled:'",
                              at: stray.name.range)
            return
        }
        guard let p = out.registry.components[c].property("enabled") else { return }
        let enabled = out.registry.components[c].properties[p].node
        cx.nodes[enabled].visible = true
        out.handlers.append(HandlerPlan(on: actions[a].enabled, targets: [enabled], values: [.eventPayload],
                                    label: label("action binding of '\(decl.name.value)'", name.range), startValue: actions[a].enabled,
                                    constraints: [nil]))
        cx.edges[actions[a].enabled].append(enabled)
    }
}

/// What the view pass made: the components, and the handlers of their bindings.
struct CheckedView {
    var registry = ViewRegistry()
    /// Handlers the view's wiring and `bindings:` add, after the spec's own.
    var handlers: [HandlerPlan] = []
}
