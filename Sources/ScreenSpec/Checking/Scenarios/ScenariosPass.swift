import SpecRuntime

/// The scenarios pass: each scenario's steps (through ``StepChecker``), then its setup (the
/// screen's parameter values and the services it overrides), then that no two share a name. Its
/// product is the scenarios' plans.
struct ScenariosPass: CheckPass {
    let spec: Spec
    let steps: StepChecker
    /// The nodes of the screen's `params:`.
    let params: [Int]
    let services: ServiceTable
    /// Reads a scenario's parameter values and service overrides.
    let values: ValueReader
    var cx = CheckContext()

    init(spec: Spec, steps: StepChecker, params: [Int], services: ServiceTable, values: ValueReader) {
        self.spec = spec
        self.steps = steps
        self.params = params
        self.services = services
        self.values = values
    }

    mutating func run() -> [ScenarioPlan] {
        // Read after the streams and the view: 'enumerated' and callbacks add records to the table.
        let stepValues = ValueReader(table: cx.table)
        var plans = spec.scenarios.map { scenario in
            ScenarioPlan(name: scenario.name.value, range: scenario.range, steps: steps.check(scenario.steps, stepValues, over: &cx))
        }
        checkSetup(&plans)
        checkDuplicateNames()
        return plans
    }

    private mutating func checkSetup(_ plans: inout [ScenarioPlan]) {
        for (i, scenario) in spec.scenarios.enumerated() where plans.indices.contains(i) {
            var given: [String: YAMLNode] = [:]
            var misspelled: Set<String> = []
            for (name, node) in scenario.params {
                // A parameter whose declaration failed was reported; its value cannot be read.
                if cx.poisoned.contains(name.value) {
                    misspelled.insert(name.value)
                    continue
                }
                guard params.contains(where: { cx.nodes[$0].name == name.value }) else {
                    // One mistake: the misspelt name stands for the parameter it nearly is.
                    if let meant = cx.diagnostics.nearest(to: name.value, in: params.map { cx.nodes[$0].name }) { misspelled.insert(meant) }
                    cx.diagnostics.error(.unknownParam, "the screen has no parameter '\(name.value)'\(cx.diagnostics.didYouMean(name.value, in: params.map { cx.nodes[$0].name }))",
                                      at: name.range)
                    continue
                }
                given[name.value] = node
            }
            var paramValues: [Value] = []
            for p in params {
                let node = cx.nodes[p]
                guard let yaml = given[node.name] else {
                    if node.type.isOptional { paramValues.append(.none); continue }
                    if misspelled.contains(node.name) { continue }
                    cx.diagnostics.error(.missingParam, "scenario '\(scenario.name.value)' needs a value for parameter '\(node.name)' of type '\(node.type)'",
                                      at: scenario.name.range, fixIt: "add 'params: { \(node.name): ... }' to the scenario")
                    continue
                }
                if let v = values.read(yaml, as: node.type, diagnostics: &cx.diagnostics) { paramValues.append(v) }
            }
            plans[i].params = paramValues
            for override in scenario.services {
                guard let index = services.index[override.name.value] else {
                    // A declared service whose declaration failed is already reported.
                    if !spec.services.contains(where: { $0.name.value == override.name.value }) && !cx.poisoned.contains(override.name.value) {
                        cx.unknownName(override.name, what: "service", candidates: spec.services.map(\.name.value))
                    }
                    continue
                }
                var plan = services.plans[index]
                if let latency = override.latency { plan.latency = latency.value }
                if !override.results.isEmpty {
                    plan.results = override.results.compactMap { services.readResult($0, of: plan, values, diagnostics: &cx.diagnostics) }
                    // Explicit results replace the spec's cases too, unless the override gives its own.
                    plan.cases = []
                }
                if !override.cases.isEmpty {
                    if plan.params == nil {
                        cx.diagnostics.error(.casesWithoutParams, "service '\(override.name.value)' chooses results by argument, so it must declare its 'params:'",
                                          at: override.cases[0].range)
                    } else {
                        plan.cases = services.readOverrideCases(override.cases, service: override.name.value, plan: plan, values, diagnostics: &cx.diagnostics)
                        if !override.replacesCases { reportDroppedCases(services.plans[index].cases, plan.cases, override) }
                    }
                }
                plans[i].services.append((index, plan))
            }
        }
    }

    private mutating func checkDuplicateNames() {
        var seen: [String: SpecRange] = [:]
        for scenario in spec.scenarios {
            if let first = seen[scenario.name.value] {
                cx.diagnostics.error(.duplicateScenario, "two scenarios are named '\(scenario.name.value)'", at: scenario.name.range,
                                  notes: [DiagnosticNote("first named here", at: first)])
            }
            seen[scenario.name.value] = scenario.name.range
        }
    }

    /// A scenario's `cases:` replace all of the spec's for that service: the spec's cases whose
    /// `when:` none of the scenario's repeats no longer answer, which is easy to miss (a call
    /// that one matched gets the default result). Said once per override, listing them; `replace:
    /// true` says it is meant.
    private mutating func reportDroppedCases(_ spec: [ServicePlan.Case], _ scenario: [ServicePlan.Case], _ override: ServiceDecl) {
        func key(_ c: ServicePlan.Case) -> [String] { c.when.map { "\($0.name): \(ValueFormatter.text($0.value))" }.sorted() }
        let kept = Set(scenario.map(key))
        let dropped = spec.filter { !kept.contains(key($0)) }
        guard !dropped.isEmpty, let first = override.cases.first else { return }
        let notes = dropped.map { c in DiagnosticNote("dropped: the case 'when: { \(c.when.map { "\($0.name): \(ValueFormatter.text($0.value))" }.joined(separator: ", ")) }'", at: c.range) }
        cx.diagnostics.append(Diagnostic(
            .warning, id: .droppedCases,
            "the scenario's 'cases:' for '\(override.name.value)' replace the spec's, and \(dropped.count == 1 ? "one of the spec's cases no longer answers" : "\(dropped.count) of the spec's cases no longer answer"): a call \(dropped.count == 1 ? "it matched" : "they matched") gets the service's other results",
            at: first.range, notes: notes,
            fixIt: "repeat \(dropped.count == 1 ? "it" : "them") in the scenario's 'cases:', or write 'replace: true' beside them if they are meant to go"))
    }
}
