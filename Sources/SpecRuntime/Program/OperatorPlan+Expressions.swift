extension OperatorPlan {
    /// The expressions the operator evaluates, which may read nodes' latest values.
    package var expressions: [TypedExpr] {
        switch kind {
        case .map(let e), .filter(let e), .catchError(let e): return [e]
        case .distinctUntilChanged(let key): return key.map { [$0] } ?? []
        case .startWith(let es): return es
        case .scan(let seed, let accumulator): return [seed, accumulator]
        case .combineLatest(_, let combine): return [combine]
        case .withLatestFrom(_, let combine): return combine.map { [$0] } ?? []
        case .sample(_, let defaultValue): return defaultValue.map { [$0] } ?? []
        // A request's arguments, and the expressions of its inner stream's own operators.
        case .request(let plan): return plan.call.arguments + plan.inner.flatMap(\.expressions)
        case .catalogued(let arguments): return arguments.expressions
        default: return []
        }
    }

    /// The call a request operator (`flatMapLatest: { call: ... }`) makes; nil for other operators.
    package var serviceCall: ServiceCall? {
        if case .request(let plan) = kind { return plan.call }
        return nil
    }
}

extension StreamPlan {
    /// The nodes the pipeline samples: read for their latest value when an element passes
    /// (`withLatestFrom`'s other side, a node an operator's expression reads), not its source.
    package var sampledNodes: [Int] {
        var out: [Int] = []
        for op in operators {
            if case .withLatestFrom(let other, _) = op.kind, !out.contains(other) { out.append(other) }
            for read in op.expressions.flatMap({ $0.nodeReads() }) where !out.contains(read) { out.append(read) }
        }
        return out.filter { $0 != source }
    }
}
