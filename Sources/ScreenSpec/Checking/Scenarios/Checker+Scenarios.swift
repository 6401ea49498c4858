import SpecRuntime

/// A scenario's setup: the screen's parameter values and the services it overrides.
extension Checker {
    mutating func checkScenarioSetup(_ plans: inout [ScenarioPlan], _ resolver: TypeResolver, _ values: ValueReader) {
        for (i, scenario) in spec.scenarios.enumerated() where plans.indices.contains(i) {
            var given: [String: YAMLNode] = [:]
            var misspelled: Set<String> = []
            for (name, node) in scenario.params {
                // A parameter whose declaration failed was reported; its value cannot be read.
                if poisoned.contains(name.value) {
                    misspelled.insert(name.value)
                    continue
                }
                guard params.contains(where: { nodes[$0].name == name.value }) else {
                    // One mistake: the misspelt name stands for the parameter it nearly is.
                    if let meant = diagnostics.nearest(to: name.value, in: params.map { nodes[$0].name }) { misspelled.insert(meant) }
                    diagnostics.error(.unknownParam, "the screen has no parameter '\(name.value)'\(diagnostics.didYouMean(name.value, in: params.map { nodes[$0].name }))",
                                      at: name.range)
                    continue
                }
                given[name.value] = node
            }
            var paramValues: [Value] = []
            for p in params {
                let node = nodes[p]
                guard let yaml = given[node.name] else {
                    if node.type.isOptional { paramValues.append(.none); continue }
                    if misspelled.contains(node.name) { continue }
                    diagnostics.error(.missingParam, "scenario '\(scenario.name.value)' needs a value for parameter '\(node.name)' of type '\(node.type)'",
                                      at: scenario.name.range, fixIt: "add 'params: { \(node.name): ... }' to the scenario")
                    continue
                }
                if let v = values.read(yaml, as: node.type, diagnostics: &diagnostics) { paramValues.append(v) }
            }
            plans[i].params = paramValues
            for override in scenario.services {
                guard let index = serviceIndex[override.name.value] else {
                    // A declared service whose declaration failed is already reported.
                    if !spec.services.contains(where: { $0.name.value == override.name.value }) && !poisoned.contains(override.name.value) {
                        unknownName(override.name, what: "service", candidates: spec.services.map(\.name.value))
                    }
                    continue
                }
                var plan = services[index]
                if let latency = override.latency { plan.latency = latency.value }
                if !override.results.isEmpty {
                    plan.results = override.results.compactMap { readResult($0, of: plan, values) }
                    // Explicit results replace the spec's cases too, unless the override gives its own.
                    plan.cases = []
                }
                if !override.cases.isEmpty {
                    if plan.params == nil {
                        diagnostics.error(.casesWithoutParams, "service '\(override.name.value)' chooses results by argument, so it must declare its 'params:'",
                                          at: override.cases[0].range)
                    } else {
                        plan.cases = readCasesForOverride(override.cases, service: override.name.value, plan: plan, values)
                    }
                }
                plans[i].services.append((index, plan))
            }
        }
    }

    private mutating func readCasesForOverride(_ cases: [CaseDecl], service: String, plan: ServicePlan, _ values: ValueReader) -> [ServicePlan.Case] {
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
            if ok, let r = readResult(c.result, of: plan, values) { out.append(.init(when: when, result: r, range: c.range)) }
        }
        return out
    }
}
