import SpecRuntime

/// The services the declarations pass read, by name, and what reads or calls them later: their
/// results (a scenario's or `explore:`'s overrides too) and the calls of actions and requests,
/// checked against their `params:`.
struct ServiceTable {
    var plans: [ServicePlan] = []
    /// Each service's index in `plans`, by name.
    var index: [String: Int] = [:]
    /// Service parameters whose types failed, by service: arguments for them are not checked.
    var failedParams: [String: Set<String>] = [:]

    /// One result of `service` (whose `params:` are checked already, for `echo:`).
    func readResult(_ result: ResultDecl, of service: ServicePlan, _ values: ValueReader, diagnostics: inout DiagnosticBag) -> ServicePlan.Result? {
        let returns = service.returns
        switch result.kind {
        case .value(let node):
            guard let v = values.read(node, as: returns, diagnostics: &diagnostics) else { return nil }
            return .init(outcome: .success(v), latency: result.latency?.value, range: result.range)
        case .failure(let node):
            guard let e = readFailure(node, of: service, values, diagnostics: &diagnostics) else { return nil }
            return .init(outcome: .failure(e), latency: result.latency?.value, range: result.range)
        case .sequence(let node):
            guard let events = readSequence(node, of: service, values, diagnostics: &diagnostics) else { return nil }
            return .init(outcome: .sequence(events), latency: result.latency?.value, range: result.range)
        case .echo(let name):
            guard let parameter = echoedParameter(name, of: service, diagnostics: &diagnostics) else { return nil }
            return .init(outcome: .success(.none), latency: result.latency?.value, range: result.range, echo: parameter)
        }
    }

    /// `echo: s`: the parameter the call answers with, which must be declared and fit `returns:`.
    private func echoedParameter(_ name: Located<String>, of service: ServicePlan, diagnostics: inout DiagnosticBag) -> String? {
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
    private func readSequence(_ node: YAMLNode, of service: ServicePlan, _ values: ValueReader, diagnostics: inout DiagnosticBag) -> [ServicePlan.SequenceEvent]? {
        let returns = service.returns
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
                    if let e = readFailure(value, of: service, values, diagnostics: &diagnostics) { kind = .end(.error(e)) } else { ok = false }
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

    /// Checks a call's `with:` arguments against the service's `params:`. A service that declares
    /// none takes none: an argument it is given would reach nothing (no case, echo, URL or
    /// generated method reads it), so a misspelt one would go unnoticed; the fix declares them.
    /// The caller's checker carries the context (`$0`, an event payload) and collects reads.
    func checkCall(_ serviceName: Located<String>, _ arguments: [(name: Located<String>, value: Expr)], at range: SpecRange,
                            with checker: inout ExpressionChecker) -> (names: [String], values: [TypedExpr]) {
        let params = index[serviceName.value].flatMap { plans[$0].params }
        var names: [String] = []
        var values: [TypedExpr] = []
        guard let params else {
            var declared: [String] = []
            for (name, value) in arguments {
                let typed = checker.infer(value, expected: nil)
                declared.append("\(name.value): \(typed.map { "\($0.type)" } ?? "…")")
            }
            // An unknown service is reported where it is named; its arguments are checked alone.
            if let first = arguments.first, index[serviceName.value] != nil {
                let given = arguments.map { "'\($0.name.value)'" }.joined(separator: ", ")
                checker.diagnostics.error(.argumentsWithoutParams,
                                          "service '\(serviceName.value)' declares no 'params:', so its call cannot take \(given)",
                                          at: first.name.range,
                                          notes: [DiagnosticNote("a service checks the arguments of its calls against its 'params:'")],
                                          fixIt: "add 'params: { \(declared.joined(separator: ", ")) }' to service '\(serviceName.value)'")
            }
            return (names, values)
        }
        // An unknown argument whose nearest parameter is not given stands for it: one mistake,
        // not also a missing argument.
        var standIns: [String: String] = [:]
        for (name, _) in arguments where !params.contains(where: { $0.name == name.value }) {
            if let meant = checker.diagnostics.nearest(to: name.value, in: params.map(\.name)), !arguments.contains(where: { $0.name.value == meant }) {
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
                checker.diagnostics.error(.unknownArgument, "service '\(serviceName.value)' has no parameter '\(name.value)'\(checker.diagnostics.didYouMean(name.value, in: params.map(\.name)))",
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

    /// A scenario's `cases:` for `service`, replacing the spec's.
    func readOverrideCases(_ cases: [CaseDecl], service: String, plan: ServicePlan, _ values: ValueReader,
                           diagnostics: inout DiagnosticBag) -> [ServicePlan.Case] {
        var out: [ServicePlan.Case] = []
        for c in cases {
            var when: [(name: String, value: Value)] = []
            var ok = true
            for (name, node) in c.when {
                guard let p = plan.params?.first(where: { $0.name == name.value }) else {
                    if failedParams[service]?.contains(name.value) == true {
                        ok = false
                        continue
                    }
                    diagnostics.error(.unknownArgument, "service '\(service)' has no parameter '\(name.value)'", at: name.range)
                    ok = false
                    continue
                }
                if let v = values.read(node, as: p.type, diagnostics: &diagnostics) { when.append((name.value, v)) } else { ok = false }
            }
            if ok, let r = readResult(c.result, of: plan, values, diagnostics: &diagnostics) { out.append(.init(when: when, result: r, range: c.range)) }
        }
        return out
    }
}
