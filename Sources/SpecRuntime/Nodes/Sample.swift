@_spi(Engine) import SpecProgram

extension StreamOperators {
    /// When the sampler fires, the upstream's latest element if a new one came since the last
    /// tick, else `defaultValue` when given (RxSwift's `sample(_:defaultValue:)`). After the
    /// upstream completes, the next tick (or the sampler's completion) sends what is left and
    /// completes; an error of either side ends it.
    static func sample(defaultValue: CompiledExpr?, _ env: PipelineEnvironment) -> StreamOperator { SampleSink(defaultValue, env) }
}

private final class SampleSink: StreamOperator {
    var sink: StreamSink?

    var operatorState: OperatorState { .parts([.element(latest), .flag(atEnd)]) }
    func restore(_ state: OperatorState) {
        latest = state[0].element
        atEnd = state[1].flag
    }
    private let defaultValue: CompiledExpr?
    private let env: PipelineEnvironment
    private var latest: Value?
    private var atEnd = false

    init(_ defaultValue: CompiledExpr?, _ env: PipelineEnvironment) {
        self.defaultValue = defaultValue
        self.env = env
    }

    func on(_ event: StreamEvent) {
        switch event {
        case .next(let value): latest = value
        case .failure, .error: forward(event)
        case .completed: atEnd = true
        }
    }

    func onSecondary(_ index: Int, _ value: Value) { tick() }

    func onSecondaryEnd(_ index: Int, _ end: StreamEnd) {
        switch end {
        case .completed: tick()
        case .error(let e): forward(.error(e))
        }
    }

    private func tick() {
        if let element = latest {
            latest = nil
            forward(.next(element))
        } else if let defaultValue {
            guard let v = value(env.attempt(defaultValue, [], operator: "sample")) else { return }
            forward(.next(v))
        }
        if atEnd { forward(.completed) }
    }
}
