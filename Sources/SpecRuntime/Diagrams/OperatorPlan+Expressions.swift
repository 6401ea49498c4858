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
        case .request: return serviceCall?.arguments ?? []
        default: return []
        }
    }

    /// The call a request operator (`flatMapLatest: { call: ... }`) makes; nil for other operators.
    var serviceCall: ServiceCall? {
        if case .request(let call, _) = kind { return call }
        return nil
    }
}
