@_spi(Engine) import SpecProgram

extension StreamOperators {
    /// Sends the value of `transform` over `$0`, an optional, and drops nil (RxSwift's
    /// `compactMap`). Ends pass through; a transform that fails ends the stream with its error,
    /// as by `map`.
    static func compactMap(_ transform: @escaping CompiledExpr, _ env: PipelineEnvironment) -> StreamOperator {
        CompactMapSink(transform, env)
    }
}

private final class CompactMapSink: StreamOperator {
    var sink: StreamSink?

    var operatorState: OperatorState { .stateless }
    func restore(_ state: OperatorState) {}
    private let transform: CompiledExpr
    private let env: PipelineEnvironment

    init(_ transform: @escaping CompiledExpr, _ env: PipelineEnvironment) {
        self.transform = transform
        self.env = env
    }

    func on(_ event: StreamEvent) {
        guard case .next(let value) = event else { return forward(event) }
        // An optional's value is the wrapped value itself; nil is `.none`.
        guard let result = self.value(env.attempt(transform, [value], operator: "compactMap")), result != .none else { return }
        forward(.next(result))
    }
}
