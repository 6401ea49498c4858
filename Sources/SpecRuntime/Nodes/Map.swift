@_spi(Engine) import SpecProgram

extension StreamOperators {
    /// Each element becomes `transform` over `$0`; when the expression fails the stream ends with
    /// that error, as a throwing `map` in RxSwift.
    static func map(_ transform: @escaping CompiledExpr, _ env: PipelineEnvironment, name: String = "map") -> StreamOperator {
        MapSink(transform, env, name)
    }
}

private final class MapSink: StreamOperator {
    var sink: StreamSink?

    var operatorState: OperatorState { .stateless }
    func restore(_ state: OperatorState) {}
    private let transform: CompiledExpr
    private let env: PipelineEnvironment
    private let name: String

    init(_ transform: @escaping CompiledExpr, _ env: PipelineEnvironment, _ name: String) {
        self.transform = transform
        self.env = env
        self.name = name
    }

    func on(_ event: StreamEvent) {
        switch event {
        case .next(let value):
            if let mapped = self.value(env.attempt(transform, [value], operator: name)) { forward(.next(mapped)) }
        case .failure, .error, .completed:
            forward(event)
        }
    }
}
