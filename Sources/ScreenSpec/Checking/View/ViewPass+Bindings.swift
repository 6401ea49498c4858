import SpecRuntime

/// `bindings:`: a handler on the source that writes the targets, through a transform or a table.
extension ViewPass {
    private struct Target {
        var node: Int
        var name: String
        var type: SpecType
        var constraint: ValueConstraint?
        var range: SpecRange
    }

    mutating func checkBinding(_ binding: BindingDecl, _ viewModel: [String: Symbol]) {
        let source = binding.source
        if let dot = source.value.firstIndex(of: "."), spec.unreadableComponents.contains(String(source.value[..<dot])) { return }
        let on: Int, start: Int?, type: SpecType
        if let (c, member) = out.registry.split(source.value) {
            let component = out.registry.components[c]
            if let p = component.property(member) {
                guard let stream = component.properties[p].userStream else {
                    let observable = component.properties.filter { $0.userStream != nil }.map { "'\($0.name)'" } + component.events.map { "'\($0.name)'" }
                    cx.diagnostics.error(.notObservable, "'\(source.value)' is written by bindings, not by the person using the screen, so it is no source",
                                      at: source.range,
                                      notes: observable.isEmpty ? [] : [DiagnosticNote("a \(component.kind.name) can be bound from " + observable.joined(separator: ", "))])
                    return
                }
                (on, start, type) = (stream, component.properties[p].node, component.properties[p].type)
            } else if let e = component.event(member) {
                (on, start, type) = (component.events[e].node, nil, component.events[e].payload)
            } else {
                cx.unknownMember(member, of: component, at: source.range)
                return
            }
        } else if cx.poisoned.contains(source.value) {
            return
        } else if let symbol = viewModel[source.value] {
            (on, start, type) = (symbol.node, symbol.hasCurrentValue ? symbol.node : nil, symbol.type)
        } else {
            let members = out.registry.components.flatMap { c in c.memberNames.map { c.name + "." + $0 } }
            cx.unknownName(source, what: "binding source", candidates: Array(viewModel.keys) + members)
            return
        }
        var targets: [Target] = []
        for target in binding.targets {
            if let (c, member) = out.registry.split(target.value) {
                let component = out.registry.components[c]
                guard let p = component.property(member) else {
                    cx.unknownMember(member, of: component, at: target.range, propertiesOnly: true)
                    continue
                }
                let property = component.properties[p]
                targets.append(Target(node: property.node, name: target.value, type: property.type, constraint: property.constraint, range: target.range))
            } else if cx.poisoned.contains(target.value) {
                continue
            } else if let symbol = viewModel[target.value], case .property = cx.nodes[symbol.node].kind {
                guard start == nil else {
                    cx.diagnostics.error(.invalidBindingTarget, "'\(source.value)' has a current value; bind a component to view-model property '\(target.value)' with 'twoWay:'",
                                      at: target.range, notes: [DiagnosticNote("'bindings:' write view-model properties only from events: a tap, a callback")])
                    continue
                }
                targets.append(Target(node: symbol.node, name: target.value, type: symbol.type, constraint: nil, range: target.range))
            } else if let dot = target.value.firstIndex(of: "."), spec.unreadableComponents.contains(String(target.value[..<dot])) {
                return
            } else {
                let properties = out.registry.components.flatMap { c in c.properties.map { c.name + "." + $0.name } }
                cx.diagnostics.error(.unknownName, "unknown component property '\(target.value)'\(cx.diagnostics.didYouMean(target.value, in: properties))",
                                  at: target.range)
            }
        }
        guard targets.count == binding.targets.count else { return }
        guard let values = transform(binding, from: source.value, type, to: targets, viewModel) else { return }
        for target in targets where cx.nodes[target.node].role.isComponent { cx.nodes[target.node].visible = true }
        out.handlers.append(HandlerPlan(on: on, targets: targets.map(\.node), values: values, label: label("binding", binding.range),
                                    startValue: start, constraints: targets.map(\.constraint), written: binding.range))
        for target in targets { cx.edges[on].append(target.node) }
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
                    cx.diagnostics.error(.typeMismatch, "'\(target.name)' takes '\(target.type)', but '\(source)' is '\(type)'", at: target.range,
                                      notes: [DiagnosticNote("convert it with 'map:' or 'table:'")])
                    return nil
                }
            }
            return values
        case .map(let exprs, let perTarget):
            if perTarget && exprs.count != targets.count {
                cx.diagnostics.error(.wrongCount, "'map:' lists \(exprs.count) value\(exprs.count == 1 ? "" : "s") for \(targets.count) target\(targets.count == 1 ? "" : "s")",
                                  at: exprs.first.map { $0.range } ?? binding.range)
                return nil
            }
            var checker = viewModelChecker(viewModel, payload: (source, type), diagnostics: cx.diagnostics)
            var values: [TypedExpr] = []
            for (k, target) in targets.enumerated() {
                let expr = perTarget ? exprs[k] : exprs[0]
                // One expression for several targets is checked against each, but its own
                // mistakes (an unknown name) are reported once.
                let before = checker.diagnostics.all.count
                guard let typed = checker.check(expr, expecting: target.type) else {
                    if !perTarget && checker.diagnostics.all.count > before && k + 1 < targets.count
                        && checker.diagnostics.all[before...].contains(where: { $0.id != DiagnosticID.typeMismatch.rawValue }) {
                        break
                    }
                    continue
                }
                if case .constant(let v) = typed, let constraint = target.constraint, !constraint.allows(v) {
                    checker.diagnostics.error(.bindingRange, "'\(target.name)' cannot take \(v); it takes \(constraint.range)", at: expr.range)
                    continue
                }
                values.append(typed)
            }
            cx.diagnostics = checker.diagnostics
            return values.count == targets.count ? values : nil
        case .table(let rows, let fallback, let range):
            return lookupTable(rows, fallback, range, source, type, targets)
        }
    }

    /// `table: { 0: ["Red", red], ..., default: ["Unknown", black] }`: a chain of comparisons with
    /// the source, the default last.
    private mutating func lookupTable(_ rows: [(key: YAMLNode, value: YAMLNode)], _ fallback: YAMLNode?, _ range: SpecRange,
                                _ source: String, _ type: SpecType, _ targets: [Target]) -> [TypedExpr]? {
        switch type {
        case .int, .string, .bool, .enumeration, .double: break
        default:
            cx.diagnostics.error(.invalidTable, "a table looks up Int, String, Bool or enum values, but '\(source)' is '\(type)'", at: range)
            return nil
        }
        let reader = ValueReader(table: cx.table)
        var keys: [Value] = []
        var keyNodes: [YAMLNode] = []
        var entries: [[Value]] = []
        var ok = true
        for (keyNode, valueNode) in rows {
            guard let key = reader.read(keyNode, as: type, diagnostics: &cx.diagnostics) else { ok = false; continue }
            if keys.contains(key) {
                cx.diagnostics.error(.duplicateKey, "the table lists \(key) twice", at: keyNode.range)
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
            case .enumeration(let name): cx.table.enums[name]?.map { .enumCase(EnumValue(type: name, caseName: $0)) }
            default: nil
            }
            if let all, all.allSatisfy(keys.contains), let last = entries.last {
                otherwise = last
            } else if ok {
                cx.diagnostics.error(.missingDefault, "the table has no 'default:' for the values of '\(source)' it does not list", at: range,
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
        let items: [YAMLNode]
        if targets.count == 1 {
            items = [node]
        } else {
            guard let listed = node.sequence, listed.count == targets.count else {
                cx.diagnostics.error(.wrongCount, "each table entry lists one value per target, in order: " + targets.map { "'\($0.name)'" }.joined(separator: ", "),
                                  at: node.range)
                return nil
            }
            items = listed
        }
        var values: [Value] = []
        for (item, target) in zip(items, targets) {
            guard let value = reader.read(item, as: target.type, diagnostics: &cx.diagnostics) else { return nil }
            if let constraint = target.constraint, !constraint.allows(value) {
                cx.rangeError(value, target.name, constraint, at: item.range)
                return nil
            }
            values.append(value)
        }
        return values
    }
}
