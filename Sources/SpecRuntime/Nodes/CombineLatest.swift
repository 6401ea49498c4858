import ScreenSpec

extension StreamOperators {
    /// Once both sides have an element, `combine` over `$0` (upstream's latest) and `$1` (the
    /// other's latest) whenever either changes. Completes when both sides have completed, or,
    /// when one side completed without ever sending an element, as soon as the other sends one
    /// (no combination can come any more); an error of either side ends it (RxSwift's rules).
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
    private var firstDone = false
    private var secondDone = false

    init(_ combine: @escaping CompiledExpr, _ env: PipelineEnvironment) {
        self.combine = combine
        self.env = env
    }

    func on(_ event: StreamEvent) {
        switch event {
        case .next(let value):
            first = value
            dirty = true
            if second == nil && secondDone { forward(.completed) }
        case .failure, .error:
            flush()
            forward(event)
        case .completed:
            firstDone = true
            if secondDone { finish() }
        }
    }

    func onSecondary(_ index: Int, _ value: Value) {
        second = value
        dirty = true
        if first == nil && firstDone { forward(.completed) }
    }

    func onSecondaryEnd(_ index: Int, _ end: StreamEnd) {
        switch end {
        case .completed:
            secondDone = true
            if firstDone { finish() }
        case .error(let e):
            flush()
            forward(.error(e))
        }
    }

    /// The combination of this transaction goes out before the completion that follows it.
    private func finish() {
        flush()
        forward(.completed)
    }

    func flush() {
        guard dirty, let first, let second else { return }
        dirty = false
        if let v = env.evaluate(combine, [first, second], operator: "combineLatest") { forward(.next(v)) }
    }
}
