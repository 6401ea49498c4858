/// Two handlers that run in one transaction: both on the same name, or the second on a name the
/// first sets. Each computes its values from the state as it was before the transaction, and a
/// later write replaces an earlier one, where RxSwift's subscribers run one after the other and
/// the second reads what the first accepted. A warning at the second handler's read or write of
/// a name the first sets, the first's write in a note. Two handlers on one name whose `if:`
/// conditions exclude each other never both run, and are not warned about (ExclusiveConditions.swift).
extension HandlersPass {
    mutating func warnOfHandlersInOneTransaction() {
        let handlers = spec.handlers
        for (i, first) in handlers.enumerated() {
            let writes = first.assignments.map(\.target)
            for (j, second) in handlers.enumerated() where j != i {
                // On one name, the handlers run in the order written.
                let sameName = second.on.value == first.on.value
                let refused = refusedAction(triggeredBy: first, heardBy: second)
                guard sameName ? j > i : writes.contains(where: { $0.value == second.on.value }) || refused != nil else { continue }
                // `if: n > 0` and `if: n <= 0`: never both (see ExclusiveConditions.swift).
                if sameName, let a = first.condition, let b = second.condition, ExclusiveConditions.exclude(a, b) { continue }
                let why = if sameName {
                    "both run when '\(first.on.value)' emits" + Self.whenConditionsHold(first, second)
                } else if let refused {
                    "when '\(first.on.value)' triggers '\(refused)' while it runs (or is disabled), '\(second.on.value)' emits "
                        + "'notEnabled' in the same transaction"
                } else {
                    "the handler on '\(second.on.value)' runs because the handler on '\(first.on.value)' sets '\(second.on.value)'"
                }
                let refusalFix = refused.map { _ in "leave the refusal out: 'if: \(second.on.value) != .notEnabled' on the handler on '\(second.on.value)'" }
                for written in writes where written.value != second.on.value {
                    if let target = second.assignments.first(where: { $0.target.value == written.value })?.target {
                        cx.diagnostics.append(Diagnostic(
                            .warning, id: .handlersInOneTransaction,
                            "'\(written.value)' is set by the handler on '\(first.on.value)' and by the handler on '\(second.on.value)' in the same transaction",
                            at: target.range,
                            notes: [DiagnosticNote("\(why); each computes its values from the state before the transaction, and the "
                                                       + "later write replaces the other", at: written.range)],
                            fixIt: refusalFix ?? "set '\(written.value)' in one handler, from the values that handler reads"))
                    } else if let read = ((second.condition.map { [$0] } ?? []) + second.assignments.map(\.value))
                        .first(where: { $0.referencedNames().contains(written.value) })
                    {
                        cx.diagnostics.append(Diagnostic(
                            .warning, id: .handlersInOneTransaction,
                            "the handler on '\(second.on.value)' reads '\(written.value)' as it was before the handler on '\(first.on.value)' sets it",
                            at: read.range,
                            notes: [DiagnosticNote("\(why), and every handler of a transaction reads the state from before it", at: written.range)],
                            fixIt: refusalFix ?? "compute it here from what the handler on '\(first.on.value)' computes, or set both in one handler"))
                    }
                }
            }
        }
    }

    /// The action `first`'s event triggers when `second` is on that action's `errors` and does
    /// not leave out its `notEnabled` refusals (an `if:` naming `.notEnabled`): a tap while the
    /// save runs is refused at once, in the tap's transaction (an eleventh first user's 12, an
    /// optimistic toggle that a tap during its save left wrong).
    private func refusedAction(triggeredBy first: HandlerDecl, heardBy second: HandlerDecl) -> String? {
        guard second.on.value.hasSuffix(".errors") else { return nil }
        let action = String(second.on.value.dropLast(".errors".count))
        guard spec.actions.contains(where: { $0.name.value == action && $0.trigger?.value == first.on.value }) else { return nil }
        if let condition = second.condition, Self.leavesOutNotEnabled(condition) { return nil }
        return action
    }

    /// Whether `expr` is false for a refusal: `x != .notEnabled` (or `x.kind != .notEnabled`),
    /// alone or as one side of an `&&`.
    private static func leavesOutNotEnabled(_ expr: Expr) -> Bool {
        switch expr.kind {
        case .binary(.and, let a, let b): return leavesOutNotEnabled(a) || leavesOutNotEnabled(b)
        case .binary(.notEqual, let a, let b):
            for side in [a, b] { if case .implicitMember("notEnabled") = side.kind { return true } }
            return false
        default: return false
        }
    }

    /// What else both handlers need to run: their `if:` conditions, when they have any.
    private static func whenConditionsHold(_ first: HandlerDecl, _ second: HandlerDecl) -> String {
        switch (first.condition, second.condition) {
        case (nil, nil): ""
        case (.some, .some): " and both conditions hold"
        default: " and the only 'if:' of the two holds"
        }
    }
}
