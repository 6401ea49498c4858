@_spi(Engine) import SpecProgram

extension StreamOperators {
    /// Drops an element equal to the one before it, or with `key` (over `$0`), one whose key
    /// equals the previous element's key (RxSwift's `distinctUntilChanged(_ keySelector:)`). With
    /// `comparer` (over `$0` and `$1`, the last key sent and this one), the element is dropped
    /// when it holds (RxSwift's `distinctUntilChanged(_:comparer:)`); a failing comparer ends the
    /// stream with its error, as a throwing one does.
    static func distinctUntilChanged(key: CompiledExpr?, comparer: CompiledExpr? = nil, _ env: PipelineEnvironment) -> StreamOperator {
        DistinctUntilChangedSink(key, comparer, env)
    }
}

private final class DistinctUntilChangedSink: StreamOperator {
    var sink: StreamSink?

    var operatorState: OperatorState { .element(last) }
    func restore(_ state: OperatorState) { last = state.element }
    private let key: CompiledExpr?
    private let comparer: CompiledExpr?
    private let env: PipelineEnvironment
    /// The key of the last element sent (the element itself without a key).
    private var last: Value?

    init(_ key: CompiledExpr?, _ comparer: CompiledExpr?, _ env: PipelineEnvironment) {
        self.key = key
        self.comparer = comparer
        self.env = env
    }

    func on(_ event: StreamEvent) {
        switch event {
        case .next(let value):
            var current = value
            if let key {
                guard let k = self.value(env.attempt(key, [value], operator: "distinctUntilChanged")) else { return }
                current = k
            }
            if let comparer {
                if let last {
                    guard let equal = self.value(env.attempt(comparer, [last, current], operator: "distinctUntilChanged")) else { return }
                    if equal.boolValue { return }
                }
            } else {
                guard current != last else { return }
            }
            last = current
            forward(event)
        case .failure, .error, .completed:
            forward(event)
        }
    }
}
