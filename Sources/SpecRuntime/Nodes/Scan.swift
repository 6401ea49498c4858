extension StreamOperators {
    /// Emits each new accumulator: `accumulator` over `$0` (the previous one, first `seed`) and `$1` (the element).
    static func scan(seed: @escaping CompiledExpr, accumulator: @escaping CompiledExpr, _ env: PipelineEnvironment) -> StreamOperator {
        ScanSink(seed, accumulator, env)
    }
}

private final class ScanSink: StreamOperator {
    var sink: StreamSink?
    private let seed: CompiledExpr
    private let accumulator: CompiledExpr
    private let env: PipelineEnvironment
    private var state: Value?

    init(_ seed: @escaping CompiledExpr, _ accumulator: @escaping CompiledExpr, _ env: PipelineEnvironment) {
        self.seed = seed
        self.accumulator = accumulator
        self.env = env
    }

    /// The seed is taken when the pipeline is subscribed, as RxSwift takes it when `scan` is built;
    /// a seed or an accumulator that fails ends the stream with that error.
    func start() {
        state = value(env.attempt(seed, [], operator: "scan"))
    }

    func on(_ event: StreamEvent) {
        switch event {
        case .next(let value):
            guard let current = state, let next = self.value(env.attempt(accumulator, [current, value], operator: "scan")) else { return }
            state = next
            forward(.next(next))
        case .failure, .error, .completed:
            forward(event)
        }
    }
}
