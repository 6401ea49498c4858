@_spi(Engine) import SpecProgram

extension StreamOperators {
    /// Drops an element equal to the one before it, or with `key` (over `$0`), one whose key
    /// equals the previous element's key (RxSwift's `distinctUntilChanged(_ keySelector:)`).
    static func distinctUntilChanged(key: CompiledExpr?, _ env: PipelineEnvironment) -> StreamOperator {
        DistinctUntilChangedSink(key, env)
    }
}

private final class DistinctUntilChangedSink: StreamOperator {
    var sink: StreamSink?

    var operatorState: OperatorState { .element(last) }
    func restore(_ state: OperatorState) { last = state.element }
    private let key: CompiledExpr?
    private let env: PipelineEnvironment
    private var last: Value?

    init(_ key: CompiledExpr?, _ env: PipelineEnvironment) {
        self.key = key
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
            guard current != last else { return }
            last = current
            forward(event)
        case .failure, .error, .completed:
            forward(event)
        }
    }
}
