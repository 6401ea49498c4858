@_spi(Engine) import SpecProgram

extension StreamOperators {
    /// Passes elements while `predicate` over `$0` holds; at the first that fails it completes,
    /// sending that element first when `inclusive` (RxSwift's `take(while:behavior:)`, `.exclusive`
    /// or `.inclusive`). Ends pass through; a predicate that fails ends the stream with that
    /// error, as by `filter`, and sends nothing of the element in either behaviour.
    static func takeWhile(_ predicate: @escaping CompiledExpr, inclusive: Bool = false, _ env: PipelineEnvironment) -> StreamOperator {
        TakeWhileSink(predicate, inclusive: inclusive, env)
    }
}

private final class TakeWhileSink: StreamOperator {
    var sink: StreamSink?

    var operatorState: OperatorState { .flag(taking) }
    func restore(_ state: OperatorState) { taking = state.flag }
    private let predicate: CompiledExpr
    private let inclusive: Bool
    private let env: PipelineEnvironment
    private var taking = true

    init(_ predicate: @escaping CompiledExpr, inclusive: Bool, _ env: PipelineEnvironment) {
        self.predicate = predicate
        self.inclusive = inclusive
        self.env = env
    }

    func on(_ event: StreamEvent) {
        guard taking else { return }
        switch event {
        case .next(let value):
            guard let holds = self.value(env.attempt(predicate, [value], operator: "takeWhile")) else { return }
            if holds.boolValue {
                forward(event)
            } else {
                taking = false
                if inclusive { forward(event) }
                forward(.completed)
            }
        case .failure, .error, .completed:
            forward(event)
        }
    }
}
