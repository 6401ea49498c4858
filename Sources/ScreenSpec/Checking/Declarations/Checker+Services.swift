import SpecRuntime

/// Services: declared `params:` that calls are checked against, `cases:` chosen by argument, and
/// the calls themselves (an action's `work:`, a stream's `flatMapLatest`/`flatMap`).
extension Checker {
    mutating func checkServiceParams(_ service: ServiceDecl, into plan: inout ServicePlan, _ resolver: TypeResolver, _ values: ValueReader) {
        if let params = service.params {
            var resolved: [(name: String, type: SpecType)] = []
            for p in params {
                if resolved.contains(where: { $0.name == p.name.value }) {
                    diagnostics.error(.duplicateName, "parameter '\(p.name.value)' is listed twice", at: p.name.range)
                    continue
                }
                if let t = resolver.resolve(p.type, diagnostics: &diagnostics) {
                    resolved.append((p.name.value, t))
                } else {
                    failedParams[service.name.value, default: []].insert(p.name.value)
                }
            }
            plan.params = resolved
        }
        plan.cases = readCases(service.cases, of: plan, values)
    }

    private mutating func readCases(_ cases: [CaseDecl], of plan: ServicePlan, _ values: ValueReader) -> [ServicePlan.Case] {
        let service = plan.name
        guard !cases.isEmpty else { return [] }
        guard let params = plan.params else {
            diagnostics.error(.casesWithoutParams, "service '\(service)' chooses results by argument, so it must declare its 'params:'",
                              at: cases[0].range, fixIt: "add 'params: { page: Int }' to the service")
            return []
        }
        var out: [ServicePlan.Case] = []
        for c in cases {
            var when: [(name: String, value: Value)] = []
            var ok = true
            for (name, node) in c.when {
                guard let p = params.first(where: { $0.name == name.value }) else {
                    if failedParams[service]?.contains(name.value) == true {
                        ok = false
                        continue
                    }
                    diagnostics.error(.unknownArgument, "service '\(service)' has no parameter '\(name.value)'\(diagnostics.didYouMean(name.value, in: params.map(\.name)))",
                                      at: name.range)
                    ok = false
                    continue
                }
                if let v = values.read(node, as: p.type, diagnostics: &diagnostics) { when.append((name.value, v)) } else { ok = false }
            }
            guard ok, let result = readResult(c.result, of: plan, values) else { continue }
            out.append(ServicePlan.Case(when: when, result: result, range: c.range))
        }
        return out
    }

    /// One result of `service` (whose `params:` are checked already, for `echo:`).
    mutating func readResult(_ result: ResultDecl, of service: ServicePlan, _ values: ValueReader) -> ServicePlan.Result? {
        let returns = service.returns
        switch result.kind {
        case .value(let node):
            guard let v = values.read(node, as: returns, diagnostics: &diagnostics) else { return nil }
            return .init(outcome: .success(v), latency: result.latency?.value, range: result.range)
        case .failure(let node):
            guard case .error(let e)? = values.readError(node, diagnostics: &diagnostics) else { return nil }
            return .init(outcome: .failure(e), latency: result.latency?.value, range: result.range)
        case .sequence(let node):
            guard let events = readSequence(node, returns: returns, values) else { return nil }
            return .init(outcome: .sequence(events), latency: result.latency?.value, range: result.range)
        case .echo(let name):
            guard let parameter = echoedParameter(name, of: service) else { return nil }
            return .init(outcome: .success(.none), latency: result.latency?.value, range: result.range, echo: parameter)
        }
    }

    /// `echo: s`: the parameter the call answers with, which must be declared and fit `returns:`.
    private mutating func echoedParameter(_ name: Located<String>, of service: ServicePlan) -> String? {
        guard let params = service.params else {
            diagnostics.error(.echoWithoutParams, "service '\(service.name)' answers with its argument '\(name.value)', so it must declare its 'params:'",
                              at: name.range, fixIt: "add 'params: { \(name.value): \(service.returns) }' to the service")
            return nil
        }
        guard let p = params.first(where: { $0.name == name.value }) else {
            // A parameter whose type failed was reported.
            if failedParams[service.name]?.contains(name.value) == true { return nil }
            diagnostics.error(.unknownArgument, "service '\(service.name)' has no parameter '\(name.value)' to echo\(diagnostics.didYouMean(name.value, in: params.map(\.name)))",
                              at: name.range, notes: [DiagnosticNote(params.isEmpty ? "it declares no parameters"
                                  : "its parameters are " + params.map { "'\($0.name): \($0.type)'" }.joined(separator: ", "))])
            return nil
        }
        guard service.returns.accepts(p.type) else {
            diagnostics.error(.typeMismatch, "'echo: \(p.name)' answers its argument of type '\(p.type)', but service '\(service.name)' returns '\(service.returns)'",
                              at: name.range, notes: [DiagnosticNote("echo a parameter of type '\(service.returns)', or answer with 'result:' or 'cases:'")])
            return nil
        }
        return p.name
    }

    /// `[ { at: 100ms, value: 1 }, { at: 200ms, fail: http(500) } ]`, as an RxTest cold observable:
    /// times from the call, in order; nothing after `complete` or `fail`. No terminal entry: the
    /// sequence never ends.
    private mutating func readSequence(_ node: YAMLNode, returns: SpecType, _ values: ValueReader) -> [ServicePlan.SequenceEvent]? {
        guard let items = node.sequence else {
            diagnostics.error(.typeMismatch, "'sequence:' takes a list of events such as '- { at: 100ms, value: 1 }', found \(node.kindName)",
                              at: node.range)
            return nil
        }
        var events: [ServicePlan.SequenceEvent] = []
        var ended: SpecRange?
        for item in items {
            guard let pairs = item.mapping else {
                diagnostics.error(.typeMismatch, "an event of a sequence is a mapping such as '{ at: 100ms, value: 1 }', "
                                  + "'{ at: 300ms, complete: true }' or '{ at: 300ms, fail: http(500) }', found \(item.kindName)", at: item.range)
                return nil
            }
            var time: Int?
            var kind: ServicePlan.SequenceEventKind?
            var ok = true
            for (key, value) in pairs {
                switch key.string {
                case "at":
                    guard let text = value.string, !value.isNull else {
                        diagnostics.error(.expectedDuration, "'at:' needs a time after the call, such as '100ms'", at: value.range)
                        ok = false
                        continue
                    }
                    switch DurationParser.milliseconds(text) {
                    case .success(let ms): time = ms
                    case .failure(let e):
                        diagnostics.error(.invalidDuration, e.message, at: value.range)
                        ok = false
                    }
                case "value":
                    if let v = values.read(value, as: returns, diagnostics: &diagnostics) { kind = .next(v) } else { ok = false }
                case "complete":
                    if value.isNull || value.string == "true" { kind = .end(.completed) } else {
                        diagnostics.error(.typeMismatch, "'complete:' takes 'true'", at: value.range)
                        ok = false
                    }
                case "fail":
                    if case .error(let e)? = values.readError(value, diagnostics: &diagnostics) { kind = .end(.error(e)) } else { ok = false }
                default:
                    let written = key.string ?? ""
                    diagnostics.error(.unknownKey, "unknown key '\(written)' in a sequence event\(diagnostics.didYouMean(written, in: ["at", "value", "complete", "fail"]))",
                                      at: key.range, notes: [DiagnosticNote("an event has 'at:' and one of 'value:', 'complete:' or 'fail:'")])
                    ok = false
                }
            }
            guard ok else { return nil }
            guard let time, let kind else {
                diagnostics.error(.missingKey, "an event of a sequence needs 'at:' and one of 'value:', 'complete:' or 'fail:'", at: item.range)
                return nil
            }
            if let ended {
                diagnostics.error(.eventAfterEnd, "a sequence sends nothing after it completes or fails", at: item.range,
                                  notes: [DiagnosticNote("it ends here", at: ended)])
                return nil
            }
            if let last = events.last, time < last.time {
                diagnostics.error(.unorderedSequence, "events of a sequence come in time order: \(time)ms comes after \(last.time)ms", at: item.range)
                return nil
            }
            if case .end = kind { ended = item.range }
            events.append(ServicePlan.SequenceEvent(time: time, event: kind))
        }
        return events
    }

    /// Checks a call's `with:` arguments against the service's `params:` when it declares them.
    /// The caller's checker carries the context (`$0`, an event payload) and collects reads.
    mutating func checkCall(_ serviceName: Located<String>, _ arguments: [(name: Located<String>, value: Expr)], at range: SpecRange,
                            with checker: inout ExpressionChecker) -> (names: [String], values: [TypedExpr]) {
        let params = serviceIndex[serviceName.value].flatMap { services[$0].params }
        var names: [String] = []
        var values: [TypedExpr] = []
        guard let params else {
            for (name, value) in arguments {
                if let typed = checker.check(value, expecting: nil) {
                    names.append(name.value)
                    values.append(typed)
                }
            }
            return (names, values)
        }
        // An unknown argument whose nearest parameter is not given stands for it: one mistake,
        // not also a missing argument.
        var standIns: [String: String] = [:]
        for (name, _) in arguments where !params.contains(where: { $0.name == name.value }) {
            if let meant = diagnostics.nearest(to: name.value, in: params.map(\.name)), !arguments.contains(where: { $0.name.value == meant }) {
                standIns[meant] = name.value
            }
        }
        let failed = failedParams[serviceName.value] ?? []
        for (name, value) in arguments {
            guard let p = params.first(where: { $0.name == name.value }) else {
                if failed.contains(name.value) {
                    // Its type failed (reported): check the expression alone.
                    _ = checker.check(value, expecting: nil)
                    continue
                }
                if let meant = standIns.first(where: { $0.value == name.value })?.key, let p = params.first(where: { $0.name == meant }) {
                    _ = checker.check(value, expecting: p.type)
                }
                checker.diagnostics.error(.unknownArgument, "service '\(serviceName.value)' has no parameter '\(name.value)'\(diagnostics.didYouMean(name.value, in: params.map(\.name)))",
                                          at: name.range, notes: [DiagnosticNote(params.isEmpty ? "it takes no arguments"
                                              : "its parameters are " + params.map { "'\($0.name): \($0.type)'" }.joined(separator: ", "))])
                continue
            }
            if names.contains(name.value) {
                checker.diagnostics.error(.duplicateName, "argument '\(name.value)' is given twice", at: name.range)
                continue
            }
            if let typed = checker.check(value, expecting: p.type) {
                names.append(name.value)
                values.append(typed)
            }
        }
        for p in params where !arguments.contains(where: { $0.name.value == p.name }) && standIns[p.name] == nil {
            if p.type.isOptional {
                names.append(p.name)
                values.append(.constant(.none))
            } else {
                checker.diagnostics.error(.missingArgument, "the call of '\(serviceName.value)' is missing argument '\(p.name)' of type '\(p.type)'",
                                          at: range, fixIt: "add '\(p.name): ...' under 'with:'")
            }
        }
        return (names, values)
    }
}
