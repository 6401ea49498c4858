import SpecRuntime

/// What the declarations pass found: the nodes it declared are in the context; these are the
/// rest, for the passes after it.
struct Declarations {
    /// Every name declared so far, for the invariants declared last.
    var names = DeclaredNames()
    /// The nodes of `params:`, in order.
    var params: [Int] = []
    var services = ServiceTable()
    /// Actions as declared: their nodes and inputs; triggers, conditions and work come with ``ActionsPass``.
    var actions: [ActionPlan] = []
    /// Actions whose `input:` is not a type (reported already): `$0` and `send:` values stay quiet.
    var unresolvedInputs: Set<String> = []
    /// Derived outputs whose expressions are checked once every name exists (``DataflowPass``).
    /// `tick`: the hidden interval node of an output with `every:`, which the output also reads.
    var derived: [(node: Int, expr: Expr, tick: Int?)] = []
    /// Stream outputs, checked in the same dependency order as derived outputs.
    var streams: [PendingStream] = []
    /// States whose `initial:` reads the screen's parameters (DeclarationsPass+StateInitial.swift).
    var stateInitials: [StateInitialPlan] = []

    /// The nodes of stream outputs, including those that hold a value (`initial:`).
    var streamOutputs: Set<Int> { Set(streams.map(\.node)) }
}

/// Where each name was first declared: a name is declared once.
struct DeclaredNames {
    private var first: [String: SpecRange] = [:]

    mutating func declare(_ name: Located<String>, diagnostics: inout DiagnosticBag) -> Bool {
        if let first = first[name.value] {
            diagnostics.error(.duplicateName, "'\(name.value)' is declared twice", at: name.range,
                              notes: [DiagnosticNote("first declared here", at: first)])
            return false
        }
        first[name.value] = name.range
        return true
    }
}

/// The declarations pass: params, inputs, state, outputs, services and actions become nodes and
/// symbols in the context, and plans in its product; each name declared once.
struct DeclarationsPass: CheckPass {
    let spec: Spec
    let resolver: TypeResolver
    let values: ValueReader
    var cx = CheckContext()
    var out = Declarations()

    init(spec: Spec, resolver: TypeResolver, values: ValueReader) {
        self.spec = spec
        self.resolver = resolver
        self.values = values
    }

    mutating func run() -> Declarations {
        declareParams()
        declareInputs()
        declareState()
        declareOutputs()
        declareServices()
        declareActions()
        return out
    }

    mutating func declareName(_ name: Located<String>) -> Bool {
        out.names.declare(name, diagnostics: &cx.diagnostics)
    }

    private mutating func declareParams() {
        for p in spec.params where declareName(p.name) {
            guard let type = resolver.resolve(p.type, diagnostics: &cx.diagnostics) else {
                cx.poisoned.insert(p.name.value)
                continue
            }
            out.params.append(cx.addNode(p.name.value, type, .param, role: .param, visible: false, range: p.name.range, what: "parameter"))
        }
    }

    private mutating func declareInputs() {
        for input in spec.inputs where declareName(input.name) {
            switch input.kind {
            case .event:
                cx.addNode(input.name.value, .void, .stream, role: .input, visible: false, range: input.name.range, what: "input event")
            case .value(let typeName):
                guard let type = resolver.resolve(typeName, diagnostics: &cx.diagnostics) else {
                    cx.poisoned.insert(input.name.value)
                    continue
                }
                cx.addNode(input.name.value, type, .stream, role: .input, visible: false, range: input.name.range, what: "input value stream")
            case .property(let typeName, let defaultNode):
                guard let type = resolver.resolve(typeName, diagnostics: &cx.diagnostics) else {
                    cx.poisoned.insert(input.name.value)
                    continue
                }
                // `default: profile.name`: computed from the parameters when the screen starts.
                if let defaultNode, declareInputFromParams(input, FirstValue(key: "default", node: defaultNode, expression: input.defaultExpression), type) {
                    continue
                }
                let initial = defaultNode.flatMap { values.read($0, as: type, diagnostics: &cx.diagnostics) } ?? .none
                cx.addNode(input.name.value, type, .property(initial: initial), role: .input, visible: false, range: input.name.range,
                        what: "input property")
            }
        }
    }

    private mutating func declareState() {
        for state in spec.state where declareName(state.name) {
            guard let type = resolver.resolve(state.type, diagnostics: &cx.diagnostics) else {
                cx.poisoned.insert(state.name.value)
                continue
            }
            // `initial: saved`: computed from the parameters when the screen starts.
            switch initialReading(of: state.firstValue, type) {
            case .expression(let expr):
                let node = cx.addNode(state.name.value, type, .state(initial: .none), role: .state, visible: true, range: state.name.range,
                                      what: "state")
                if let plan = checkInitialExpression(expr, of: state.firstValue, node: node, type) { out.stateInitials.append(plan) }
                continue
            case .misspelt(let name, let range, let suggestion):
                InitialReading.reportMisspelt(name, range, suggestion, of: state.firstValue, type, reading: "the screen's parameters", into: &cx.diagnostics)
                cx.poisoned.insert(state.name.value)
                cx.addNode(state.name.value, type, .state(initial: .none), role: .state, visible: true, range: state.name.range, what: "state")
                continue
            case .value:
                break
            }
            let initial = values.read(state.initial, as: type, diagnostics: &cx.diagnostics) ?? .none
            cx.addNode(state.name.value, type, .state(initial: initial), role: .state, visible: true, range: state.name.range, what: "state")
        }
    }

    private mutating func declareOutputs() {
        for output in spec.outputs where declareName(output.name) {
            switch output.kind {
            case .derived(let expr):
                // The type is known once the expression is checked; `.void` stands in until then.
                let index = cx.addNode(output.name.value, .void, .derived(.constant(.void)), role: .output, visible: true,
                                    range: output.name.range, what: "output")
                out.derived.append((index, expr, output.every.map { declareTick(output.name, every: $0) }))
            case .stream(let decl):
                declareStream(output.name, decl)
            }
        }
    }

    private mutating func declareServices() {
        for service in spec.services {
            if let index = out.services.index[service.name.value] {
                cx.diagnostics.error(.duplicateName, "service '\(service.name.value)' is declared twice", at: service.name.range,
                                  notes: [DiagnosticNote("first declared here", at: spec.services[index].name.range)])
                continue
            }
            guard let type = resolver.resolve(service.returns, diagnostics: &cx.diagnostics) else { continue }
            // Parameters first: an `echo:` result answers one of them.
            var plan = ServicePlan(name: service.name.value, returns: type, latency: service.latency?.value ?? 0, results: [])
            // Error bodies before results: a failure's `body:` is read as its status's type.
            checkErrorBodies(service, into: &plan)
            checkServiceParams(service, into: &plan)
            if let timeout = service.timeout {
                if timeout.value > 0 {
                    plan.timeout = timeout.value
                } else {
                    cx.diagnostics.error(.invalidDuration, "a service's 'timeout:' must be longer than 0ms", at: timeout.range,
                                      fixIt: "write a time such as '5s', or leave 'timeout:' out to wait as long as it takes")
                }
            }
            for result in service.results {
                if let r = out.services.readResult(result, of: plan, values, diagnostics: &cx.diagnostics) { plan.results.append(r) }
            }
            if service.results.isEmpty {
                guard type == .void || type.isOptional else {
                    cx.diagnostics.error(.missingResult, "service '\(service.name.value)' returns '\(type)' but declares no 'result:'",
                                      at: service.name.range, fixIt: "add 'result:' with a value, 'results:' for successive calls, or 'echo:' with a parameter")
                    continue
                }
                plan.results.append(.init(outcome: .success(type == .void ? .void : .none), latency: nil))
            }
            plan.http = checkHTTP(service, plan)
            out.services.index[service.name.value] = out.services.plans.count
            out.services.plans.append(plan)
        }
    }

    private mutating func declareActions() {
        for action in spec.actions where declareName(action.name) {
            let name = action.name.value
            let range = action.name.range
            let returns = action.work.request == nil ? out.services.index[action.work.service.value].map { out.services.plans[$0].returns } ?? .void : .void
            // Without its service the action's results have no type to check against; work
            // written as a stream has its type once the dataflow pass has checked it.
            if action.work.request != nil || out.services.index[action.work.service.value] == nil { cx.poisoned.insert(name + ".elements") }
            let actionIndex = out.actions.count
            // The order of creation is the order of the initial timeline: enabled, then executing.
            let enabled = cx.addNode(name + ".enabled", .bool, .derived(.constant(.bool(true))), role: .actionEnabled(actionIndex),
                                  visible: true, range: range, what: "action state")
            let executing = cx.addNode(name + ".executing", .bool, .state(initial: .bool(false)), role: .actionExecuting(actionIndex),
                                    visible: true, range: range, what: "action state")
            let elements = cx.addNode(name + ".elements", returns, .stream, role: .actionElements(actionIndex), visible: true,
                                   range: range, what: "action elements stream")
            let errors = cx.addNode(name + ".errors", .error, .stream, role: .actionErrors(actionIndex), visible: true,
                                 range: range, what: "action errors stream")
            // Shown, and fed by the runtime, only when the spec reads it (see ``ReadCompletions``).
            let completions = cx.addNode(name + ".completions", .void, .stream, role: .actionCompletions(actionIndex), visible: false,
                                      range: range, what: "action completions stream")
            // A declared input that does not resolve was reported; `Void` keeps the rest quiet.
            let resolved = action.input.flatMap { resolver.resolve($0, diagnostics: &cx.diagnostics) }
            if action.inputIsMalformed || (action.input != nil && resolved == nil) { out.unresolvedInputs.insert(name) }
            let input = resolved ?? .void
            out.actions.append(ActionPlan(name: name, input: input, trigger: nil, enabled: enabled, executing: executing, elements: elements,
                                      errors: errors, completions: completions, service: -1, argumentNames: [], arguments: []))
            if let request = action.work.request { declareStreamWork(action, request, actionIndex, elements: elements, errors: errors, input: input) }
        }
    }

    /// The hidden interval of an output with `every:` (`lastSynced$every`): it ticks from the
    /// screen's start and holds a value (-1 until the first tick, then the interval's count), so the output, which reads it
    /// (DataflowPass.swift), is computed again at each tick. No name reads it; the timeline and
    /// the typed screen do not show it.
    private mutating func declareTick(_ name: Located<String>, every: Located<Int>) -> Int {
        let tickName = NodeDecl.everyTickName(of: name.value)
        let node = cx.addNode(tickName, .int, .state(initial: .none), role: .output, visible: false, range: every.range, what: "output's tick")
        cx.symbols[tickName] = nil
        // Not 0, the interval's first element: a node that holds a value passes on changes alone.
        let beforeFirst = YAMLNode(.scalar(.init(value: "-1")), range: every.range)
        let decl = StreamDecl(source: Located("", every.range), operators: [], timer: TimerDecl(dueTime: every, period: every),
                              initial: beforeFirst, range: every.range)
        out.streams.append(PendingStream(node: node, decl: decl, errors: nil))
        return node
    }

    private mutating func declareStream(_ name: Located<String>, _ decl: StreamDecl) {
        // The type is known once the operators are checked; `.void` stands in until then.
        let kind: NodeDecl.Kind = decl.initial == nil ? .stream : .state(initial: .none)
        let node = cx.addNode(name.value, .void, kind, role: .output, visible: true, range: name.range,
                           what: decl.initial == nil ? "output stream" : "output")
        var errors: Int?
        // With an operator that could not be read, whether it requested (and so has '.errors') is unknown.
        if decl.readOperators != nil { cx.poisoned.insert(name.value + ".errors") }
        if decl.hasRequest {
            let errorsName = name.value + ".errors"
            if declareName(Located(errorsName, name.range)) {
                errors = cx.addNode(errorsName, .error, .stream, role: .output, visible: true, range: name.range, what: "output stream's errors")
                cx.edges[node].append(errors!)
            }
        }
        out.streams.append(PendingStream(node: node, decl: decl, errors: errors))
    }
}
