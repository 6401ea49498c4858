import SpecRuntime

/// The declarations pass: types, params, inputs, state, outputs, services and actions become
/// nodes, symbols and plans, each name declared once.
extension Checker {
    mutating func declareName(_ name: Located<String>) -> Bool {
        if let first = declared[name.value] {
            diagnostics.error(.duplicateName, "'\(name.value)' is declared twice", at: name.range,
                              notes: [DiagnosticNote("first declared here", at: first)])
            return false
        }
        declared[name.value] = name.range
        return true
    }

    @discardableResult
    mutating func addNode(_ name: String, _ type: SpecType, _ kind: NodeDecl.Kind, role: NodeDecl.Role, visible: Bool,
                                  range: SpecRange, what: String) -> Int {
        let index = nodes.count
        nodes.append(NodeDecl(name: name, type: type, kind: kind, role: role, visible: visible, range: range))
        edges.append([])
        symbols[name] = Symbol(node: index, type: type, hasCurrentValue: nodes[index].hasCurrentValue, what: what)
        return index
    }

    mutating func declareParams(_ resolver: TypeResolver) {
        for p in spec.params where declareName(p.name) {
            guard let type = resolver.resolve(p.type, diagnostics: &diagnostics) else {
                poisoned.insert(p.name.value)
                continue
            }
            params.append(addNode(p.name.value, type, .param, role: .param, visible: false, range: p.name.range, what: "parameter"))
        }
    }

    mutating func declareInputs(_ resolver: TypeResolver, _ values: ValueReader) {
        for input in spec.inputs where declareName(input.name) {
            switch input.kind {
            case .event:
                addNode(input.name.value, .void, .stream, role: .input, visible: false, range: input.name.range, what: "input event")
            case .value(let typeName):
                guard let type = resolver.resolve(typeName, diagnostics: &diagnostics) else {
                    poisoned.insert(input.name.value)
                    continue
                }
                addNode(input.name.value, type, .stream, role: .input, visible: false, range: input.name.range, what: "input value stream")
            case .property(let typeName, let defaultNode):
                guard let type = resolver.resolve(typeName, diagnostics: &diagnostics) else {
                    poisoned.insert(input.name.value)
                    continue
                }
                let initial = defaultNode.flatMap { values.read($0, as: type, diagnostics: &diagnostics) } ?? .none
                addNode(input.name.value, type, .property(initial: initial), role: .input, visible: false, range: input.name.range,
                        what: "input property")
            }
        }
    }

    mutating func declareState(_ resolver: TypeResolver, _ values: ValueReader) {
        for state in spec.state where declareName(state.name) {
            guard let type = resolver.resolve(state.type, diagnostics: &diagnostics) else {
                poisoned.insert(state.name.value)
                continue
            }
            let initial = values.read(state.initial, as: type, diagnostics: &diagnostics) ?? .none
            addNode(state.name.value, type, .state(initial: initial), role: .state, visible: true, range: state.name.range, what: "state")
        }
    }

    mutating func declareOutputs() {
        for output in spec.outputs where declareName(output.name) {
            switch output.kind {
            case .derived(let expr):
                // The type is known once the expression is checked; `.void` stands in until then.
                let index = addNode(output.name.value, .void, .derived(.constant(.void)), role: .output, visible: true,
                                    range: output.name.range, what: "output")
                pendingDerived.append((index, expr))
            case .stream(let decl):
                declareStream(output.name, decl)
            }
        }
    }

    mutating func declareServices(_ resolver: TypeResolver, _ values: ValueReader) {
        for service in spec.services {
            if let index = serviceIndex[service.name.value] {
                diagnostics.error(.duplicateName, "service '\(service.name.value)' is declared twice", at: service.name.range,
                                  notes: [DiagnosticNote("first declared here", at: spec.services[index].name.range)])
                continue
            }
            guard let type = resolver.resolve(service.returns, diagnostics: &diagnostics) else { continue }
            // Parameters first: an `echo:` result answers one of them.
            var plan = ServicePlan(name: service.name.value, returns: type, latency: service.latency?.value ?? 0, results: [])
            checkServiceParams(service, into: &plan, resolver, values)
            if let timeout = service.timeout {
                if timeout.value > 0 {
                    plan.timeout = timeout.value
                } else {
                    diagnostics.error(.invalidDuration, "a service's 'timeout:' must be longer than 0ms", at: timeout.range,
                                      fixIt: "write a time such as '5s', or leave 'timeout:' out to wait as long as it takes")
                }
            }
            for result in service.results {
                if let r = readResult(result, of: plan, values) { plan.results.append(r) }
            }
            if service.results.isEmpty {
                guard type == .void || type.isOptional else {
                    diagnostics.error(.missingResult, "service '\(service.name.value)' returns '\(type)' but declares no 'result:'",
                                      at: service.name.range, fixIt: "add 'result:' with a value, 'results:' for successive calls, or 'echo:' with a parameter")
                    continue
                }
                plan.results.append(.init(outcome: .success(type == .void ? .void : .none), latency: nil))
            }
            plan.http = checkHTTP(service, plan)
            serviceIndex[service.name.value] = services.count
            services.append(plan)
        }
    }

    mutating func declareActions(_ resolver: TypeResolver) {
        for action in spec.actions where declareName(action.name) {
            let name = action.name.value
            let range = action.name.range
            let returns = serviceIndex[action.work.service.value].map { services[$0].returns } ?? .void
            // Without its service the action's results have no type to check against.
            if serviceIndex[action.work.service.value] == nil { poisoned.insert(name + ".elements") }
            let actionIndex = actions.count
            // The order of creation is the order of the initial timeline: enabled, then executing.
            let enabled = addNode(name + ".enabled", .bool, .derived(.constant(.bool(true))), role: .actionEnabled(actionIndex),
                                  visible: true, range: range, what: "action state")
            let executing = addNode(name + ".executing", .bool, .state(initial: .bool(false)), role: .actionExecuting(actionIndex),
                                    visible: true, range: range, what: "action state")
            let elements = addNode(name + ".elements", returns, .stream, role: .actionElements(actionIndex), visible: true,
                                   range: range, what: "action elements stream")
            let errors = addNode(name + ".errors", .error, .stream, role: .actionErrors(actionIndex), visible: true,
                                 range: range, what: "action errors stream")
            // Shown, and fed by the runtime, only when the spec reads it (see `markReadCompletions`).
            let completions = addNode(name + ".completions", .void, .stream, role: .actionCompletions(actionIndex), visible: false,
                                      range: range, what: "action completions stream")
            // A declared input that does not resolve was reported; `Void` keeps the rest quiet.
            let resolved = action.input.flatMap { resolver.resolve($0, diagnostics: &diagnostics) }
            if action.inputIsMalformed || (action.input != nil && resolved == nil) { unresolvedInputs.insert(name) }
            let input = resolved ?? .void
            actions.append(ActionPlan(name: name, input: input, trigger: nil, enabled: enabled, executing: executing, elements: elements,
                                      errors: errors, completions: completions, service: -1, argumentNames: [], arguments: []))
        }
    }
}
