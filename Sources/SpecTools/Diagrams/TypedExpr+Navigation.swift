import ScreenSpec
import SpecRuntime

extension TypedExpr {
    /// The screens a navigation value in this expression opens, in order, each once.
    func navigationScreens() -> [String] {
        var out: [String] = []
        collectScreens(into: &out)
        return out
    }

    private func collectScreens(into out: inout [String]) {
        switch self {
        case .makeNavigation(let screen, _, let args):
            if !out.contains(screen) { out.append(screen) }
            for a in args { a.collectScreens(into: &out) }
        case .constant, .node, .eventPayload, .closureArgument, .outerClosureArgument, .operatorArgument: break
        case .not(let e), .negate(let e, _), .member(let e, _, _): e.collectScreens(into: &out)
        case .arithmetic(_, _, let a, let b), .concatenate(let a, let b, _), .equal(let a, let b, _), .order(_, let a, let b),
             .and(let a, let b), .or(let a, let b), .coalesce(let a, let b):
            a.collectScreens(into: &out)
            b.collectScreens(into: &out)
        case .conditional(let c, let a, let b):
            c.collectScreens(into: &out)
            a.collectScreens(into: &out)
            b.collectScreens(into: &out)
        case .call(_, let args), .list(let args), .makeRecord(_, _, let args):
            for a in args { a.collectScreens(into: &out) }
        case .closureCall(_, let list, let body):
            list.collectScreens(into: &out)
            body.collectScreens(into: &out)
        case .interpolation(let parts):
            for case .value(let e) in parts { e.collectScreens(into: &out) }
        case .probe(_, let e):
            e.collectScreens(into: &out)
        }
    }
}
