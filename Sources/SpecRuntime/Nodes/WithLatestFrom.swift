@_spi(Engine) import SpecProgram

extension StreamOperators {
    /// Each upstream element with the other source's latest value: that value, or `combine` over
    /// `$0` (the element) and `$1` (the value). Nothing until the other source has a value.
    ///
    /// The other source is read when the pipeline runs, after every node it depends on has
    /// settled in the transaction, so an element never pairs with a stale value of a shared source.
    ///
    /// `subscribedLate`: inside a request's inner stream, which subscribes to `other` when it
    /// starts: a value `other` had before counts only if it is a current value (a
    /// `BehaviorSubject`'s, delivered at subscription); a hot stream's past elements do not.
    static func withLatestFrom(_ other: Int, combine: CompiledExpr?, _ env: PipelineEnvironment,
                               subscribedLate: Bool = false) -> StreamOperator {
        WithLatestFromSink(other, combine, env, seen: !subscribedLate)
    }
}

private final class WithLatestFromSink: StreamOperator {
    var sink: StreamSink?

    var operatorState: OperatorState { .flag(seen) }
    func restore(_ state: OperatorState) { seen = state.flag }
    private let other: Int
    private let combine: CompiledExpr?
    private let env: PipelineEnvironment
    /// Whether `other` delivered a value since this subscription (always, outside a request).
    private var seen: Bool

    init(_ other: Int, _ combine: CompiledExpr?, _ env: PipelineEnvironment, seen: Bool) {
        self.other = other
        self.combine = combine
        self.env = env
        self.seen = seen
    }

    func onSecondary(_ index: Int, _ value: Value) { seen = true }

    func on(_ event: StreamEvent) {
        switch event {
        case .next(let value):
            guard seen, let latest = env.latest(other) else { return }
            guard let combine else { return forward(.next(latest)) }
            if let v = self.value(env.attempt(combine, [value, latest], operator: "withLatestFrom")) { forward(.next(v)) }
        case .failure, .error, .completed:
            forward(event)
        }
    }
}
