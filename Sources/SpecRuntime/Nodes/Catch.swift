import ScreenSpec

extension StreamOperators {
    /// A failed request upstream becomes the element `fallback` (over `$0`, the error), as
    /// `request.catchAndReturn(value)` inside a `flatMapLatest`: the stream goes on.
    static func catchError(_ fallback: @escaping CompiledExpr, _ env: PipelineEnvironment) -> StreamOperator { CatchSink(fallback, env) }
}

private final class CatchSink: StreamOperator {
    var sink: StreamSink?
    private let fallback: CompiledExpr
    private let env: PipelineEnvironment

    init(_ fallback: @escaping CompiledExpr, _ env: PipelineEnvironment) {
        self.fallback = fallback
        self.env = env
    }

    func on(_ event: StreamEvent) {
        switch event {
        case .next:
            forward(event)
        case .failure(let error):
            if let v = env.evaluate(fallback, [.error(error)], operator: "catch") { forward(.next(v)) }
        }
    }
}
