@_spi(Engine) import SpecProgram

extension StreamOperators {
    /// Once every side has an element, `combine` over `$0` (upstream's latest) and `$1`, `$2`, …
    /// (the others' latest) whenever one changes. Completes when every side has completed, or,
    /// when a side completed without ever sending an element, as soon as another side sends one
    /// (no combination can come any more); an error of any side ends it (RxSwift's rules).
    ///
    /// Departs from Rx on purpose: changes of several sides in one transaction (a shared source)
    /// give one element at the end of the transaction, never the intermediate combination.
    static func combineLatest(_ combine: @escaping CompiledExpr, sources: Int, _ env: PipelineEnvironment) -> StreamOperator {
        CombineLatestSink(combine, sources, env)
    }
}

private final class CombineLatestSink: StreamOperator {
    var sink: StreamSink?

    var operatorState: OperatorState {
        .parts(latest.map { .element($0) } + done.map { .flag($0) } + [.flag(dirty)])
    }
    func restore(_ state: OperatorState) {
        for k in latest.indices { latest[k] = state[k].element }
        for k in done.indices { done[k] = state[latest.count + k].flag }
        dirty = state[latest.count + done.count].flag
    }
    private let combine: CompiledExpr
    private let env: PipelineEnvironment
    /// The latest element of each side: the upstream first, then the others in order.
    private var latest: [Value?]
    private var done: [Bool]
    private var dirty = false

    init(_ combine: @escaping CompiledExpr, _ sources: Int, _ env: PipelineEnvironment) {
        self.combine = combine
        self.env = env
        latest = Array(repeating: nil, count: sources)
        done = Array(repeating: false, count: sources)
    }

    func on(_ event: StreamEvent) {
        switch event {
        case .next(let value): element(0, value)
        case .failure, .error:
            flush()
            forward(event)
        case .completed: completed(0)
        }
    }

    func onSecondary(_ index: Int, _ value: Value) { element(index + 1, value) }

    func onSecondaryEnd(_ index: Int, _ end: StreamEnd) {
        switch end {
        case .completed: completed(index + 1)
        case .error(let e):
            flush()
            forward(.error(e))
        }
    }

    private func element(_ side: Int, _ value: Value) {
        latest[side] = value
        dirty = true
        // A side that completed empty means no combination can ever come.
        if latest.contains(where: { $0 == nil }), done.indices.allSatisfy({ $0 == side || done[$0] }) { forward(.completed) }
    }

    private func completed(_ side: Int) {
        done[side] = true
        guard done.allSatisfy({ $0 }) else { return }
        // The combination of this transaction goes out before the completion that follows it.
        flush()
        forward(.completed)
    }

    func flush() {
        guard dirty else { return }
        var values: [Value] = []
        values.reserveCapacity(latest.count)
        for v in latest {
            guard let v else { return }
            values.append(v)
        }
        dirty = false
        if let v = value(env.attempt(combine, values, operator: "combineLatest")) { forward(.next(v)) }
    }
}
