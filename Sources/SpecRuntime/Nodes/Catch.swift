@_spi(Engine) import SpecProgram

extension StreamOperators {
    /// `catch: EXPR` and `catchAndReturn: EXPR`: the element `fallback` (over `$0`, the error)
    /// instead of a failure or an error.
    ///
    /// - A failed request travelling as a failure becomes that element and the stream goes on, as
    ///   `request.catchAndReturn(value)` inside a `flatMapLatest` does.
    /// - A terminal error becomes that element, then the stream completes, as RxSwift's
    ///   `catchAndReturn(_:)`.
    /// - When `fallback` itself fails (`fail(.decode)`, an overflow), the stream ends with that
    ///   error, as when RxSwift's `catch` handler throws.
    static func catchAndReturn(_ fallback: @escaping CompiledExpr, _ env: PipelineEnvironment) -> StreamOperator {
        CatchAndReturnSink(fallback, env)
    }

    /// `catch: { stream: other }`: RxSwift's `catch { _ in other }`. The first failure or error
    /// ends the upstream and the output follows `other` from then on (its current value first,
    /// when it has one), ending when it ends.
    static func catchToStream(_ other: Int, _ env: PipelineEnvironment) -> StreamOperator { CatchToStreamSink(other, env) }
}

private final class CatchAndReturnSink: StreamOperator {
    var sink: StreamSink?

    var operatorState: OperatorState { .stateless }
    func restore(_ state: OperatorState) {}
    private let fallback: CompiledExpr
    private let env: PipelineEnvironment

    init(_ fallback: @escaping CompiledExpr, _ env: PipelineEnvironment) {
        self.fallback = fallback
        self.env = env
    }

    func on(_ event: StreamEvent) {
        switch event {
        case .next, .completed:
            forward(event)
        case .failure(let error):
            if let v = value(env.attempt(fallback, [.error(error)], operator: "catch")) { forward(.next(v)) }
        case .error(let error):
            guard let v = value(env.attempt(fallback, [.error(error)], operator: "catch")) else { return }
            forward(.next(v))
            forward(.completed)
        }
    }
}

private final class CatchToStreamSink: StreamOperator {
    var sink: StreamSink?

    var operatorState: OperatorState { .flag(switched) }
    func restore(_ state: OperatorState) { switched = state.flag }
    private let other: Int
    private let env: PipelineEnvironment
    private var switched = false

    init(_ other: Int, _ env: PipelineEnvironment) {
        self.other = other
        self.env = env
    }

    func on(_ event: StreamEvent) {
        guard !switched else { return }
        switch event {
        case .next, .completed:
            forward(event)
        case .failure, .error:
            switched = true
            if let end = env.end(other) { return forward(StreamEvent(end)) }
            if let value = env.current(other) { forward(.next(value)) }
        }
    }

    func onSecondary(_ index: Int, _ value: Value) {
        if switched { forward(.next(value)) }
    }

    func onSecondaryEnd(_ index: Int, _ end: StreamEnd) {
        if switched { forward(StreamEvent(end)) }
    }
}
