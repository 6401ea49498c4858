@_spi(Engine) import SpecProgram

extension StreamOperators {
    /// Emits each new accumulator: `accumulator` over `$0` (the previous one, first `seed`) and `$1` (the element).
    static func scan(seed: @escaping CompiledExpr, accumulator: @escaping CompiledExpr, _ env: PipelineEnvironment) -> StreamOperator {
        AccumulatorSink(seed, accumulator, env, name: "scan", emitsEach: true)
    }
}

/// `scan` and `reduce`: an accumulator over the elements, sent at each element (`scan`) or once,
/// the last one, when the source completes (`reduce`, the seed if no element came).
final class AccumulatorSink: StreamOperator {
    var sink: StreamSink?

    var operatorState: OperatorState { .element(state) }
    func restore(_ state: OperatorState) { self.state = state.element }
    private let seed: CompiledExpr
    private let accumulator: CompiledExpr
    private let env: PipelineEnvironment
    private let name: String
    private let emitsEach: Bool
    private var state: Value?

    init(_ seed: @escaping CompiledExpr, _ accumulator: @escaping CompiledExpr, _ env: PipelineEnvironment, name: String, emitsEach: Bool) {
        self.seed = seed
        self.accumulator = accumulator
        self.env = env
        self.name = name
        self.emitsEach = emitsEach
    }

    /// The seed is taken when the pipeline is subscribed, as RxSwift takes it when `scan` is built;
    /// a seed or an accumulator that fails ends the stream with that error (RxSwift's
    /// AccumulatorThrows).
    func start() {
        state = value(env.attempt(seed, [], operator: name))
    }

    func on(_ event: StreamEvent) {
        switch event {
        case .next(let value):
            guard let current = state, let next = self.value(env.attempt(accumulator, [current, value], operator: name)) else { return }
            state = next
            if emitsEach { forward(.next(next)) }
        case .completed:
            if !emitsEach, let state { forward(.next(state)) }
            forward(event)
        case .failure, .error:
            forward(event)
        }
    }
}
