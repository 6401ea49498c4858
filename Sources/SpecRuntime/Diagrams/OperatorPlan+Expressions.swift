import ScreenSpec

extension OperatorPlan {
    /// The expressions the operator evaluates, which may read nodes' latest values.
    var expressions: [TypedExpr] {
        switch kind {
        case .map(let e), .filter(let e), .catchError(let e): return [e]
        case .startWith(let es): return es
        case .scan(let seed, let accumulator): return [seed, accumulator]
        case .combineLatest(_, let combine): return [combine]
        case .withLatestFrom(_, let combine): return combine.map { [$0] } ?? []
        case .request(let call, _): return call.arguments
        case .distinctUntilChanged, .skip, .take, .merge, .sample, .debounce, .throttle, .delay: return []
        }
    }
}
