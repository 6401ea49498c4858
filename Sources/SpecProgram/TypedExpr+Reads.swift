extension TypedExpr {
    /// The graph nodes this expression reads, each once.
    package func nodeReads() -> [Int] {
        var out: [Int] = []
        collectReads(into: &out)
        return out
    }

    private func collectReads(into out: inout [Int]) {
        switch self {
        case .node(let i): if !out.contains(i) { out.append(i) }
        case .constant, .eventPayload, .closureArgument, .outerClosureArgument, .operatorArgument: break
        case .not(let e), .negate(let e, _), .member(let e, _, _): e.collectReads(into: &out)
        case .arithmetic(_, _, let a, let b), .concatenate(let a, let b, _), .equal(let a, let b, _), .order(_, let a, let b),
             .and(let a, let b), .or(let a, let b), .coalesce(let a, let b):
            a.collectReads(into: &out)
            b.collectReads(into: &out)
        case .conditional(let c, let a, let b):
            c.collectReads(into: &out)
            a.collectReads(into: &out)
            b.collectReads(into: &out)
        case .call(_, let args), .list(let args), .makeRecord(_, _, let args), .makeNavigation(_, _, let args):
            for a in args { a.collectReads(into: &out) }
        case .closureCall(_, let list, let body):
            list.collectReads(into: &out)
            body.collectReads(into: &out)
        case .interpolation(let parts):
            for case .value(let e) in parts { e.collectReads(into: &out) }
        case .probe(_, let e):
            e.collectReads(into: &out)
        }
    }
}

extension TypedExpr {
    /// Whether evaluating it can raise the spec's own error (`fail(.decode)` somewhere in it).
    package var raises: Bool { calls("fail") }

    /// Whether it reads the clock (`now` somewhere in it, outside the functions it calls, whose
    /// bodies read their parameters only).
    package var readsClock: Bool { calls(TypedExpr.Builtin.now.id) }

    /// Whether the builtin `id` is called somewhere in it.
    package func calls(_ id: String) -> Bool {
        switch self {
        case .call(let builtin, let args):
            return builtin.id == id || args.contains { $0.calls(id) }
        case .node, .constant, .eventPayload, .closureArgument, .outerClosureArgument, .operatorArgument: return false
        case .not(let e), .negate(let e, _), .member(let e, _, _), .probe(_, let e): return e.calls(id)
        case .arithmetic(_, _, let a, let b), .concatenate(let a, let b, _), .equal(let a, let b, _), .order(_, let a, let b),
             .and(let a, let b), .or(let a, let b), .coalesce(let a, let b):
            return a.calls(id) || b.calls(id)
        case .conditional(let c, let a, let b): return c.calls(id) || a.calls(id) || b.calls(id)
        case .list(let args), .makeRecord(_, _, let args), .makeNavigation(_, _, let args): return args.contains { $0.calls(id) }
        case .closureCall(_, let list, let body): return list.calls(id) || body.calls(id)
        case .interpolation(let parts): return parts.contains { if case .value(let e) = $0 { e.calls(id) } else { false } }
        }
    }
}
