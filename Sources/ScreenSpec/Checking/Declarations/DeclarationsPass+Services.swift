import SpecRuntime

/// Services as the declarations pass reads them: declared `params:` that calls are checked
/// against, and `cases:` chosen by argument.
extension DeclarationsPass {
    mutating func checkServiceParams(_ service: ServiceDecl, into plan: inout ServicePlan) {
        if let params = service.params {
            var resolved: [(name: String, type: SpecType)] = []
            for p in params {
                if resolved.contains(where: { $0.name == p.name.value }) {
                    cx.diagnostics.error(.duplicateName, "parameter '\(p.name.value)' is listed twice", at: p.name.range)
                    continue
                }
                if let t = resolver.resolve(p.type, diagnostics: &cx.diagnostics) {
                    resolved.append((p.name.value, t))
                } else {
                    out.services.failedParams[service.name.value, default: []].insert(p.name.value)
                }
            }
            plan.params = resolved
        }
        plan.cases = readCases(service.cases, of: plan)
    }

    private mutating func readCases(_ cases: [CaseDecl], of plan: ServicePlan) -> [ServicePlan.Case] {
        let service = plan.name
        guard !cases.isEmpty else { return [] }
        guard let params = plan.params else {
            cx.diagnostics.error(.casesWithoutParams, "service '\(service)' chooses results by argument, so it must declare its 'params:'",
                              at: cases[0].range, fixIt: "add 'params: { page: Int }' to the service")
            return []
        }
        var read: [ServicePlan.Case] = []
        for c in cases {
            var when: [(name: String, value: Value)] = []
            var ok = true
            for (name, node) in c.when {
                guard let p = params.first(where: { $0.name == name.value }) else {
                    if out.services.failedParams[service]?.contains(name.value) == true {
                        ok = false
                        continue
                    }
                    cx.diagnostics.error(.unknownArgument, "service '\(service)' has no parameter '\(name.value)'\(cx.diagnostics.didYouMean(name.value, in: params.map(\.name)))",
                                      at: name.range)
                    ok = false
                    continue
                }
                if let v = values.read(node, as: p.type, diagnostics: &cx.diagnostics) { when.append((name.value, v)) } else { ok = false }
            }
            guard ok, let result = out.services.readResult(c.result, of: plan, values, diagnostics: &cx.diagnostics) else { continue }
            read.append(ServicePlan.Case(when: when, result: result, range: c.range))
        }
        return read
    }
}

extension DeclarationsPass {
    /// The records `errorBody:` names, in the type table before any expression is checked, quietly:
    /// ``checkErrorBodies(_:into:)`` reports a type that is wrong when it reads the service.
    static func declareErrorBodies(of spec: Spec, resolver: TypeResolver, into cx: inout CheckContext) {
        var quiet = cx.diagnostics.scratch
        for service in spec.services {
            for (_, written) in service.errorBodies {
                if case .record(let name)? = resolver.resolve(written, diagnostics: &quiet) { cx.table.errorBodies.insert(name) }
            }
        }
    }

    /// `errorBody:`: each type must be a record of `types:` (a JSON error body is an object); the
    /// types become those `error.body(Type)` may ask for.
    mutating func checkErrorBodies(_ service: ServiceDecl, into plan: inout ServicePlan) {
        for (status, written) in service.errorBodies {
            guard let type = resolver.resolve(written, diagnostics: &cx.diagnostics) else { continue }
            guard case .record(let name) = type else {
                cx.diagnostics.error(.typeMismatch, "an error body decodes to a record declared under 'types:', found '\(type)'", at: written.range,
                                     notes: [DiagnosticNote("a JSON error body is an object: declare its fields, as in 'Validation: { errors: \"[FieldError]\" }'")])
                continue
            }
            plan.errorBodies.append((status: status?.value, type: type))
            cx.table.errorBodies.insert(name)
        }
    }
}
