extension OperatorPlan {
    /// The expressions the operator evaluates, which may read nodes' latest values: its own,
    /// then a request's arguments and the expressions of its inner stream's own operators.
    package var expressions: [TypedExpr] {
        guard let plan = arguments.request else { return arguments.expressions }
        let choice = plan.choice.map { $0.tests.map(\.condition) + $0.branches.flatMap(\.call.arguments) } ?? []
        return arguments.expressions + plan.call.arguments + choice + plan.inner.flatMap(\.expressions)
    }

    /// The call a request operator (`flatMapLatest: { call: ... }`) makes; nil for other operators.
    package var serviceCall: ServiceCall? { arguments.request?.service == nil ? nil : arguments.request?.call }
}

extension StreamPlan {
    /// The nodes the pipeline samples: read for their latest value when an element passes
    /// (`withLatestFrom`'s other side, a node an operator's expression reads), not its source.
    package var sampledNodes: [Int] {
        var out: [Int] = []
        for op in operators {
            if op.readsLatestOnly { for other in op.arguments.sources where !out.contains(other) { out.append(other) } }
            for read in op.expressions.flatMap({ $0.nodeReads() }) where !out.contains(read) { out.append(read) }
        }
        return out.filter { $0 != source }
    }
}
