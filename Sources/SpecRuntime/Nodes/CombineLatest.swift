import ScreenSpec

extension StreamOperators {
    /// Once both sides have an element, `combine` over `$0` (upstream's latest) and `$1` (the
    /// other's latest) whenever either changes.
    ///
    /// Departs from Rx on purpose: changes of both sides in one transaction (a shared source)
    /// give one element at the end of the transaction, never the intermediate combination.
    static func combineLatest(_ combine: @escaping CompiledExpr, _ env: PipelineEnvironment) -> StreamOperator {
        CombineLatestSink(combine, env)
    }
}

private final class CombineLatestSink: StreamOperator {
    var sink: StreamSink?
    private let combine: CompiledExpr
    private let env: PipelineEnvironment
    private var first: Value?
    private var second: Value?
    private var dirty = false

    init(_ combine: @escaping CompiledExpr, _ env: PipelineEnvironment) {
        self.combine = combine
        self.env = env
    }

    func on(_ event: StreamEvent) {
        switch event {
        case .next(let value):
            first = value
            dirty = true
        case .failure:
            forward(event)
        }
    }

    func onSecondary(_ index: Int, _ value: Value) {
        second = value
        dirty = true
    }

    func flush() {
        guard dirty, let first, let second else { return }
        dirty = false
        if let v = env.evaluate(combine, [first, second], operator: "combineLatest") { forward(.next(v)) }
    }
}
