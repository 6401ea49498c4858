import SpecRuntime

/// Reads `view:`, `bindings:` and the scenario steps that act on components.
extension SpecReader {
    /// `name: kind` or `name: { kind: { property: ..., event: ..., setting: ... } }`.
    mutating func readComponent(_ name: Located<String>, _ node: YAMLNode) -> ComponentDecl? {
        let kinds = ComponentCatalog.names
        let kindNode: YAMLNode
        var body: YAMLNode?
        if let pairs = node.mapping {
            guard pairs.count == 1 else {
                diagnostics.error(.invalidComponent, "component '\(name.value)' is one kind with its wiring, as in '{ label: { text: title } }'",
                                  at: node.range, notes: [DiagnosticNote("kinds are " + kinds.map { "'\($0)'" }.joined(separator: ", "))])
                return nil
            }
            kindNode = pairs[0].key
            body = pairs[0].value.isNull ? nil : pairs[0].value
        } else {
            kindNode = node
        }
        guard let kindName = kindNode.string, !kindNode.isNull else {
            diagnostics.error(.invalidComponent, "expected the kind of component '\(name.value)', such as 'label' or 'button', found \(kindNode.kindName)",
                              at: kindNode.range)
            return nil
        }
        let known = ComponentCatalog.entry(named: kindName)
        if known == nil {
            diagnostics.error(.unknownComponentKind, "unknown kind of component '\(kindName)'\(diagnostics.didYouMean(kindName, in: kinds))",
                              at: kindNode.range, notes: [DiagnosticNote("kinds are " + kinds.map { "'\($0)'" }.joined(separator: ", "))])
        }
        // A misspelt kind is read as the kind it nearly is, so its wiring and the steps on it
        // are checked and do not cascade; the spec stays invalid.
        guard let kind = known ?? diagnostics.nearest(to: kindName, in: kinds).flatMap(ComponentCatalog.entry(named:)) else { return nil }
        var decl = ComponentDecl(name: name, kind: Located(kind, kindNode.range), range: node.range)
        guard let body else { return decl }
        guard let pairs = body.mapping else {
            diagnostics.error(.expectedMapping, "the wiring of '\(name.value)' must be a mapping such as '{ text: title }', found \(body.kindName)",
                              at: body.range)
            return decl
        }
        // A generic component's own properties and callbacks name the keys its wiring may use.
        for (key, value) in pairs {
            guard let setting = kind.settings.first(where: { $0.name == key.string }) else { continue }
            switch setting.reading {
            case .declaredProperties:
                for (propertyName, type) in entries(value, of: key.string ?? "") {
                    if let t = typeName(type) { decl.declaredProperties.append((propertyName, t)) }
                }
            case .callbacks:
                for (callbackName, parameters) in entries(value, of: key.string ?? "") {
                    var list: [(name: Located<String>, type: Located<String>)] = []
                    for (parameter, type) in entries(parameters, of: "the parameters of '\(callbackName.value)'") {
                        if let t = typeName(type) { list.append((parameter, t)) }
                    }
                    decl.callbacks.append(CallbackDecl(name: callbackName, parameters: list))
                }
            default: break
            }
        }
        let properties = kind.properties.map(\.name) + decl.declaredProperties.map(\.name.value)
        let events = kind.events.map(\.name) + decl.callbacks.map(\.name.value)
        let settings = kind.settings.map(\.name)
        let allowed = properties + events + settings
        for (key, value) in pairs {
            guard var keyName = identifier(key, what: "property or event name") else { continue }
            if !allowed.contains(keyName.value) {
                var notes: [DiagnosticNote] = []
                if !properties.isEmpty { notes.append(DiagnosticNote("properties of a \(kind.name): " + properties.map { "'\($0)'" }.joined(separator: ", "))) }
                if !events.isEmpty { notes.append(DiagnosticNote("events of a \(kind.name): " + events.map { "'\($0)'" }.joined(separator: ", "))) }
                if !settings.isEmpty { notes.append(DiagnosticNote("settings of a \(kind.name): " + settings.map { "'\($0)'" }.joined(separator: ", "))) }
                diagnostics.error(.unknownMember, "a \(kind.name) has no property or event '\(keyName.value)'\(diagnostics.didYouMean(keyName.value, in: allowed))",
                                  at: key.range, notes: notes)
                // Read as the member it nearly is (unless that one is written too), so nothing cascades.
                guard let meant = diagnostics.nearest(to: keyName.value, in: allowed),
                      !pairs.contains(where: { $0.key.string == meant }) else { continue }
                keyName = Located(meant, keyName.range)
            }
            if properties.contains(keyName.value) {
                if let wiring = readPropertyWiring(keyName, value, component: name.value) { decl.properties.append(wiring) }
            } else if events.contains(keyName.value) {
                decl.events.append(EventWiring(name: keyName, targets: names(value, what: "input or action name")))
            } else if let setting = kind.settings.first(where: { $0.name == keyName.value }) {
                readSetting(setting, keyName, value, into: &decl)
            }
        }
        return decl
    }

    /// A setting's value, read by its shape into the declaration.
    private mutating func readSetting(_ setting: ComponentSetting, _ key: Located<String>, _ value: YAMLNode, into decl: inout ComponentDecl) {
        switch setting.reading {
        case .action: decl.action = identifier(value, what: "action name")
        case .countOrTitles:
            // A scalar that is no count is an expression (`segments: names`).
            if let expr = titleExpression(value) {
                decl.titleExpressions[key.value] = expr
                return
            }
            // Titles as written; a title that is not text is shown as its position.
            decl.parts[key.value] = .init(count: readCount(value, setting: key.value),
                                          titles: value.sequence?.enumerated().map { i, item in item.scalar != nil ? item.string ?? "\(i)" : "\(i)" })
        case .titles(let words):
            if words.takesExpression, let expr = titleExpression(value) {
                decl.titleExpressions[key.value] = expr
                return
            }
            guard let items = value.sequence, !items.isEmpty else {
                diagnostics.error(.expectedList, "'\(key.value):' lists \(words.what), as in '\(words.example)', found \(value.kindName)", at: value.range)
                decl.parts[key.value] = .init()
                return
            }
            let titles: [String] = items.compactMap { item in
                guard let title = item.string, !item.isNull, item.scalar != nil else {
                    diagnostics.error(.expectedName, "a \(words.item) title is text, found \(item.kindName)", at: item.range)
                    return nil
                }
                return title
            }
            decl.parts[key.value] = .init(count: Located(titles.count, value.range), titles: titles)
        case .bound:
            // A plain number is a number; anything else an expression (`Double(duration)`).
            if value.scalar?.style == .plain, let d = Double(value.string ?? ""), d.isFinite {
                if let number = readNumber(value, setting: key.value, integral: false) { decl.numbers[key.value] = number }
            } else if value.scalar != nil, let expr = expression(value) {
                decl.boundExpressions[key.value] = expr
            } else if value.scalar == nil {
                diagnostics.error(.typeMismatch, "'\(key.value):' takes a number or a Double expression, found \(value.kindName)", at: value.range,
                                  fixIt: "'\(key.value): Double(duration)'")
            }
        case .positiveNumber:
            // A plain number is a number; anything else an expression (`Double(unit)`).
            if !(value.scalar?.style == .plain && Double(value.string ?? "") != nil), value.scalar != nil, !value.isNull {
                if let expr = expression(value) { decl.boundExpressions[key.value] = expr }
                return
            }
            guard let number = readNumber(value, setting: key.value, integral: false) else { return }
            if number.value > 0 {
                decl.numbers[key.value] = number
            } else {
                diagnostics.error(.invalidRange, "'\(key.value):' must be above 0, found \(ValueFormatter.formatDouble(number.value))", at: value.range)
            }
        case .count:
            if let number = readNumber(value, setting: key.value, integral: true) { decl.numbers[key.value] = number }
        case .font: decl.font = readFont(value)
        case .declaredProperties, .callbacks:
            break  // read first: they name the keys of the body
        }
    }

    /// `text: expr`, or `text: { twoWay: email, get: expr, set: expr }`, or `value: { initial: 0.5 }`.
    private mutating func readPropertyWiring(_ name: Located<String>, _ node: YAMLNode, component: String) -> PropertyWiring? {
        var wiring = PropertyWiring(name: name, range: node.range)
        guard node.mapping != nil else {
            wiring.value = expression(node)
            return wiring.value == nil ? nil : wiring
        }
        guard let f = fields(node, of: "'\(component).\(name.value)'", allowed: ["twoWay", "get", "set", "initial"]) else { return nil }
        wiring.twoWay = f["twoWay"].flatMap { identifier($0, what: "view-model property name", allowDots: true) }
        wiring.get = f["get"].flatMap { expression($0) }
        wiring.set = f["set"].flatMap { expression($0) }
        wiring.initial = f["initial"]
        if f["twoWay"] == nil, let stray = f["get"] ?? f["set"] {
            diagnostics.error(.missingKey, "'get:' and 'set:' transform a two-way binding; add 'twoWay:' naming a view-model property",
                              at: stray.range)
            return nil
        }
        if f["twoWay"] != nil, let initial = f["initial"] {
            diagnostics.error(.conflictingKeys, "a two-way property shows its view-model property, so it takes no 'initial:'", at: initial.range)
            return nil
        }
        return wiring
    }

    /// The expression a titles setting gives (`rows: names`, `segments: names`): a plain scalar
    /// that is not a count, or any quoted scalar; nil for a list or a count.
    private mutating func titleExpression(_ value: YAMLNode) -> Expr? {
        guard let scalar = value.scalar, !value.isNull else { return nil }
        if scalar.style == .plain, let text = value.string, Int(text) != nil { return nil }
        return expression(value)
    }

    /// A name or a list of names.
    private mutating func names(_ node: YAMLNode, what: String) -> [Located<String>] {
        if let items = node.sequence { return items.compactMap { identifier($0, what: what, allowDots: true) } }
        return identifier(node, what: what, allowDots: true).map { [$0] } ?? []
    }

    /// A number written as a plain scalar: a bound, a step, a count of pages.
    private mutating func readNumber(_ node: YAMLNode, setting: String, integral: Bool) -> Located<Double>? {
        let text = node.scalar?.style == .plain ? node.string ?? "" : ""
        if integral, let n = Int(text), n >= 0, n <= 1000 { return Located(Double(n), node.range) }
        if !integral, let d = Double(text), d.isFinite, abs(d) <= 1e15 { return Located(d, node.range) }
        let expected = integral ? "a count from 0 to 1000" : "a number"
        diagnostics.error(.typeMismatch, "'\(setting):' takes \(expected), found \(node.scalar.map { "'\($0.value)'" } ?? node.kindName)", at: node.range)
        return nil
    }

    /// `segments: 3` or `segments: [Red, Green, Blue]`.
    private mutating func readCount(_ node: YAMLNode, setting: String) -> Located<Int>? {
        if let items = node.sequence { return Located(items.count, node.range) }
        guard let text = node.string, let count = Int(text), count >= 0, count <= 1000 else {
            diagnostics.error(.invalidSegments, "'\(setting):' takes a count from 0 to 1000 or a list of titles, found \(node.scalar.map { "'\($0.value)'" } ?? node.kindName)",
                              at: node.range)
            return nil
        }
        return Located(count, node.range)
    }

    /// `- bind: source` with `to:` one or more component properties, and `map:` or `table:`.
    mutating func readBinding(_ node: YAMLNode) -> BindingDecl? {
        guard let f = fields(node, of: "a binding", allowed: ["bind", "to", "map", "table"]) else { return nil }
        guard let bindNode = f["bind"], let toNode = f["to"] else {
            diagnostics.error(.missingKey, "a binding needs 'bind:' (what it reads) and 'to:' (the component properties it writes)", at: node.range,
                              fixIt: "- bind: colorPicker.selectedIndex\n  to: valueLabel.text")
            return nil
        }
        guard let source = identifier(bindNode, what: "binding source", allowDots: true) else { return nil }
        let targets = names(toNode, what: "component property such as 'valueLabel.text'")
        if targets.isEmpty {
            if toNode.sequence?.isEmpty == true {
                diagnostics.error(.missingTarget, "'to:' names no component property to bind to", at: toNode.range)
            }
            return nil
        }
        var transform = BindingDecl.Transform.none
        if let map = f["map"], let table = f["table"] {
            _ = map
            diagnostics.error(.conflictingKeys, "a binding takes 'map:' or 'table:', not both", at: table.range)
            return nil
        }
        if let map = f["map"] {
            if let items = map.sequence {
                let exprs = items.compactMap { expression($0) }
                guard exprs.count == items.count else { return nil }
                transform = .map(exprs, perTarget: true)
            } else {
                guard let e = expression(map) else { return nil }
                transform = .map([e], perTarget: false)
            }
        } else if let table = f["table"] {
            guard let pairs = table.mapping else {
                diagnostics.error(.expectedMapping, "'table:' maps source values to target values, as in '{ 0: \"Red\", default: \"Unknown\" }', found \(table.kindName)",
                                  at: table.range)
                return nil
            }
            var rows: [(key: YAMLNode, value: YAMLNode)] = []
            var fallback: YAMLNode?
            for (key, value) in pairs {
                if key.scalar?.style == .plain, key.string == "default" { fallback = value } else { rows.append((key, value)) }
            }
            transform = .table(rows, default: fallback, range: table.range)
        }
        return BindingDecl(source: source, targets: targets, transform: transform, range: node.range)
    }

    /// `tap: confirm`, `refresh: table`, `type: { email: "a@b.c", password: "x" }`, `fire: { manager.didUpdate: [...] }`.
    mutating func readGesture(_ verbNode: YAMLNode, _ value: YAMLNode, _ node: YAMLNode) -> StepDecl? {
        let verb = Located(verbNode.string ?? "", verbNode.range)
        if let pairs = value.mapping {
            var targets: [(target: Located<String>, value: YAMLNode?)] = []
            for (key, v) in pairs {
                if let target = identifier(key, what: "component name", allowDots: true) { targets.append((target, v)) }
            }
            return StepDecl(kind: .gesture(verb: verb, targets), range: node.range)
        }
        guard let target = identifier(value, what: "component name", allowDots: true) else { return nil }
        return StepDecl(kind: .gesture(verb: verb, [(target, nil)]), range: node.range)
    }
}
