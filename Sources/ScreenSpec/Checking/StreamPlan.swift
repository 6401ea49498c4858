/// A checked stream output: its source, its operators in order, and the nodes it feeds.
public struct StreamPlan: Sendable {
    /// The output node the pipeline emits on.
    public var output: Int
    /// `<name>.errors`, where failed requests not caught downstream come out; nil without requests.
    public var errors: Int?
    /// The node whose elements (or, for a node with a current value, whose value and changes) enter the pipeline.
    public var source: Int
    public var operators: [OperatorPlan]
    /// Whether the output holds a current value (`initial:`), emitting only when it changes.
    public var holdsValue: Bool
}

/// One checked operator. Expressions read `$0` (and `$1`) as ``TypedExpr/operatorArgument(_:)``.
public struct OperatorPlan: Sendable {
    public enum Kind: Sendable {
        case map(TypedExpr)
        case filter(TypedExpr)
        case distinctUntilChanged
        case startWith([TypedExpr])
        case skip(Int)
        case take(Int)
        case scan(seed: TypedExpr, accumulator: TypedExpr)
        case merge([Int])
        case combineLatest(Int, combine: TypedExpr)
        case withLatestFrom(Int, combine: TypedExpr?)
        case sample(Int)
        case request(ServiceCall, latest: Bool)
        case debounce(Int)
        case throttle(Int, latest: Bool)
        case delay(Int)
        case catchError(TypedExpr)
    }

    public var kind: Kind
    /// The operator's name as written, for messages.
    public var name: String

    /// The other nodes this operator listens to (merge, combineLatest, withLatestFrom, sample).
    public var secondarySources: [Int] {
        switch kind {
        case .merge(let nodes): return nodes
        case .combineLatest(let n, _), .withLatestFrom(let n, _), .sample(let n): return [n]
        default: return []
        }
    }
}

/// A call of service ``service`` with named arguments, evaluated per element.
public struct ServiceCall: Sendable {
    public var service: Int
    public var argumentNames: [String]
    public var arguments: [TypedExpr]
}
