import SpecRuntime

/// `expect: { shipping.valid: true }`: a field of a view model used by itself (`children:`), read
/// as the screen reads it (`shipping.valid`), its value checked as `expect:` checks a node's. A
/// child is one record, so its fields are named as a record's are, unlike a row's, which has one
/// per row (StepChecker.stepTarget).
extension StepChecker {
    /// The plan of `expect:` on field `target` (`shipping.valid`, or a view field such as
    /// `shipping.titleLabel.text`) of a child; nil when `target` names no child, `.some(nil)`
    /// when the step is wrong (reported).
    mutating func childExpect(_ target: Located<String>, _ node: YAMLNode, _ values: ValueReader) -> StepPlan?? {
        guard let dot = target.value.firstIndex(of: ".") else { return nil }
        let name = String(target.value[..<dot]), member = String(target.value[target.value.index(after: dot)...])
        // A child that failed (reported) says nothing more.
        if cx.symbols[target.value] == nil, cx.poisoned.contains(name), spec.cells.contains(where: { $0.instance && $0.name.value == name }) { return .some(nil) }
        guard let plan = cells.first(where: { $0.instance != nil && $0.name == name }), let instance = plan.instance else { return nil }
        let fields = (cx.table.records[plan.model] ?? []).enumerated().filter { !$0.element.name.hasPrefix("$") }
        let found = fields.first { $0.element.name == member }
        // A stream of the child (`shipping.postcode`, `shipping.lookup.errors`) fires with the
        // child; its field, the latest value, is what `expect:` reads. An event has none.
        if let symbol = cx.symbols[target.value] {
            guard found != nil, plan.inputs.contains(where: { $0.node == symbol.node }) else { return nil }
        }
        guard let (k, field) = found else {
            cx.diagnostics.error(.unknownName, "'\(plan.model)' has no field '\(member)' for 'expect:' to read on '\(name)'"
                                 + cx.diagnostics.didYouMean(member, in: fields.map(\.element.name)), at: target.range)
            return .some(nil)
        }
        guard let value = values.read(node, as: field.type, diagnostics: &cx.diagnostics) else { return .some(nil) }
        let read = TypedExpr.member(.node(instance), .field(k), chained: false)
        return .some(StepPlan(kind: .expectThat(.equal(read, .constant(value), negated: false)), text: "expect \(target.value) == \(value)",
                              range: target.range))
    }
}
