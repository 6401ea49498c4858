@_spi(Engine) import SpecProgram

extension StreamOperators {
    /// Drops elements while `predicate` over `$0` holds; from the first that fails on, passes
    /// every element without asking again (RxSwift's `skip(while:)`). Ends pass through; a
    /// predicate that fails ends the stream with its error, as a throwing closure does.
    static func skipWhile(_ predicate: @escaping CompiledExpr, _ env: PipelineEnvironment) -> StreamOperator {
        SkipWhileSink(predicate, env)
    }
}

private final class SkipWhileSink: StreamOperator {
    var sink: StreamSink?

    var operatorState: OperatorState { .flag(skipping) }
    func restore(_ state: OperatorState) { skipping = state.flag }
    private let predicate: CompiledExpr
    private let env: PipelineEnvironment
    private var skipping = true

    init(_ predicate: @escaping CompiledExpr, _ env: PipelineEnvironment) {
        self.predicate = predicate
        self.env = env
    }

    func on(_ event: StreamEvent) {
        if skipping, case .next(let value) = event {
            guard let holds = self.value(env.attempt(predicate, [value], operator: "skipWhile")), !holds.boolValue else { return }
            skipping = false
        }
        forward(event)
    }
}
