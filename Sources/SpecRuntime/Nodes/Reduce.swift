extension StreamOperators {
    /// Accumulates as `scan` does, but sends only the last accumulator, when the source
    /// completes, then the completion (the seed, if no element came); an error passes and the
    /// accumulator is lost (RxSwift's `reduce(_:accumulator:)`). Failures pass.
    static func reduce(seed: @escaping CompiledExpr, accumulator: @escaping CompiledExpr, _ env: PipelineEnvironment) -> StreamOperator {
        ReduceSink(seed, accumulator, env)
    }
}

private final class ReduceSink: StreamOperator {
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

    /// The seed is taken when the pipeline is subscribed, as by `scan`.
    func start() {
        state = value(env.attempt(seed, [], operator: "reduce"))
    }

    func on(_ event: StreamEvent) {
        switch event {
        case .next(let value):
            // An accumulator that fails ends the stream with its error (RxSwift's AccumulatorThrows).
            guard let current = state, let next = self.value(env.attempt(accumulator, [current, value], operator: "reduce")) else { return }
            state = next
        case .completed:
            if let state { forward(.next(state)) }
            forward(event)
        case .failure, .error:
            forward(event)
        }
    }
}
