import SpecRuntime

/// `expect: { api.matches.calls: 4 }`: how many times a service was called so far, as an RxSwift
/// test counts its mock's subscriptions (RxTest's `subscriptions`), so that a scenario can say a
/// poll stopped without reading its snapshot. Every call counts, answered, failed or cancelled.
extension StepChecker {
    /// The step for `<service>.calls`, `.some(nil)` when it is one but wrong (reported), nil when
    /// the key names no service's calls (a name of the screen is that name).
    mutating func callCountExpect(_ target: Located<String>, _ node: YAMLNode) -> StepPlan?? {
        guard target.value.hasSuffix(".calls"), cx.symbols[target.value] == nil else { return nil }
        let name = String(target.value.dropLast(".calls".count))
        guard let service = spec.services.firstIndex(where: { $0.name.value == name }) else { return nil }
        guard node.scalar?.style == .plain, let text = node.string, let count = Int(text), count >= 0 else {
            cx.diagnostics.error(.invalidValue, "'\(target.value)' is how many times '\(name)' was called: a whole number such as 3",
                                 at: node.range, fixIt: "write '\(target.value): 3'")
            return .some(nil)
        }
        return .some(StepPlan(kind: .expectCalls(service: service, count: count), text: "expect \(target.value) == \(count)", range: target.range))
    }
}
