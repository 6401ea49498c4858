@_spi(Engine) import SpecProgram

extension StreamOperators {
    /// Passes the elements for which `predicate` over `$0` is true.
    static func filter(_ predicate: @escaping CompiledExpr, _ env: PipelineEnvironment) -> StreamOperator {
        FilterSink(predicate, env)
    }
}

private final class FilterSink: StreamOperator {
    var sink: StreamSink?

    var operatorState: OperatorState { .stateless }
    func restore(_ state: OperatorState) {}
    private let predicate: CompiledExpr
    private let env: PipelineEnvironment

    init(_ predicate: @escaping CompiledExpr, _ env: PipelineEnvironment) {
        self.predicate = predicate
        self.env = env
    }

    func on(_ event: StreamEvent) {
        switch event {
        case .next(let value):
            if self.value(env.attempt(predicate, [value], operator: "filter"))?.boolValue == true { forward(event) }
        case .failure, .error, .completed:
            forward(event)
        }
    }
}
