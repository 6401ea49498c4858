/// `outputs: name: { stream: source, ops: [...] }` — a pipeline of operators from a source.
public struct StreamDecl: Sendable {
    /// The input, output, or action result (`save.elements`) the pipeline starts from.
    public var source: Located<String>
    public var operators: [OperatorDecl]
    /// When given, the output holds a current value (as a `BehaviorRelay`) starting here.
    public var initial: YAMLNode?
    public var range: SpecRange
    /// When an operator could not be read (and was reported), how many were read before it:
    /// only those are checked, and the output gets no type, so nothing that reads it cascades.
    public var readOperators: Int? = nil
}

/// One operator of a stream pipeline, as written.
public struct OperatorDecl: Sendable {
    public enum Kind: Sendable {
        case map(Expr)
        case filter(Expr)
        case distinctUntilChanged
        case startWith([Expr])
        case skip(Located<Int>)
        case take(Located<Int>)
        /// `$0` is the accumulator, `$1` the element.
        case scan(seed: Expr, accumulator: Expr)
        case merge([Located<String>])
        /// `$0` is this stream's latest element, `$1` the other's.
        case combineLatest(with: Located<String>, combine: Expr?)
        /// Without `combine`, the other's latest value, as RxSwift's `withLatestFrom(_:)`.
        case withLatestFrom(Located<String>, combine: Expr?)
        case sample(Located<String>)
        case flatMapLatest(RequestDecl)
        case flatMap(RequestDecl)
        case debounce(Located<Int>)
        case throttle(Located<Int>, latest: Bool)
        case delay(Located<Int>)
        /// A failed request upstream yields this element instead of an error.
        case catchError(Expr)
        /// Maps each element to a request to open `screen`.
        case navigate(NavigateDecl)
    }

    public var name: String
    public var kind: Kind
    public var range: SpecRange
}

/// A service call per element: `{ call: service, with: { arg: expr } }`, `$0` the element.
public struct RequestDecl: Sendable {
    public var service: Located<String>
    public var arguments: [(name: Located<String>, value: Expr)]
    public var range: SpecRange
}

/// `navigate: { to: Screen, params: { name: expr } }`, `$0` the element.
public struct NavigateDecl: Sendable {
    public var screen: Located<String>
    /// An explicit spec file, relative to this spec's folder.
    public var file: Located<String>?
    public var params: [(name: Located<String>, value: Expr)]
    public var range: SpecRange
}
