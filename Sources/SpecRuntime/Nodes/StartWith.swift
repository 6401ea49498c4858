@_spi(Engine) import SpecProgram

extension StreamOperators {
    /// Emits `values` when the pipeline is subscribed, before any element of the source.
    static func startWith(_ values: [CompiledExpr], _ env: PipelineEnvironment) -> StreamOperator { StartWithSink(values, env) }
}

private final class StartWithSink: StreamOperator {
    var sink: StreamSink?

    var operatorState: OperatorState { .stateless }
    func restore(_ state: OperatorState) {}
    private let values: [CompiledExpr]
    private let env: PipelineEnvironment

    init(_ values: [CompiledExpr], _ env: PipelineEnvironment) {
        self.values = values
        self.env = env
    }

    func start() {
        for f in values {
            guard let v = value(env.attempt(f, [], operator: "startWith")) else { return }
            forward(.next(v))
        }
    }

    func on(_ event: StreamEvent) { forward(event) }
}
