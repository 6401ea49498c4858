@_spi(Engine) import SpecProgram

extension StreamOperators {
    /// Pairs the n-th element of every side: `combine` over `$0` (this stream's) and `$1`, `$2`,
    /// … (the others'), as soon as each side has an n-th. Completes when every side has
    /// completed, even if a side that completed early means no pair can come any more; any
    /// side's error ends it (RxSwift's `zip(_:_:resultSelector:)`, its `ZipSink`; the collection
    /// form `zip([a, b])` completes earlier, and is not what this plays).
    static func zip(_ combine: @escaping CompiledExpr, sources: Int, _ env: PipelineEnvironment) -> StreamOperator {
        ZipSink(combine, sources, env)
    }
}

private final class ZipSink: StreamOperator {
    var sink: StreamSink?

    /// Per source, the elements not yet paired, then which sources completed.
    var operatorState: OperatorState {
        .parts(queues.indices.map { .elements(Array(queues[$0][heads[$0]...])) } + done.map { .flag($0) })
    }
    func restore(_ state: OperatorState) {
        for k in queues.indices {
            queues[k] = state[k].elements
            heads[k] = 0
        }
        for k in done.indices { done[k] = state[queues.count + k].flag }
    }
    private let combine: CompiledExpr
    private let env: PipelineEnvironment
    /// Each side's elements not yet paired, upstream first: a queue read from `heads[side]`.
    private var queues: [[Value]]
    private var heads: [Int]
    private var done: [Bool]

    init(_ combine: @escaping CompiledExpr, _ sources: Int, _ env: PipelineEnvironment) {
        self.combine = combine
        self.env = env
        queues = Array(repeating: [], count: sources)
        heads = Array(repeating: 0, count: sources)
        done = Array(repeating: false, count: sources)
    }

    func on(_ event: StreamEvent) {
        switch event {
        case .next(let value): element(0, value)
        case .failure, .error: forward(event)
        case .completed: completed(0)
        }
    }

    func onSecondary(_ index: Int, _ value: Value) { element(index + 1, value) }

    func onSecondaryEnd(_ index: Int, _ end: StreamEnd) {
        switch end {
        case .completed: completed(index + 1)
        case .error(let e): forward(.error(e))
        }
    }

    private func element(_ side: Int, _ value: Value) {
        queues[side].append(value)
        guard queues.indices.allSatisfy({ heads[$0] < queues[$0].count }) else { return }
        var values: [Value] = []
        values.reserveCapacity(queues.count)
        for k in queues.indices {
            values.append(queues[k][heads[k]])
            heads[k] += 1
            // Drop the consumed prefix now and then, so a long queue stays O(1) amortised.
            if heads[k] > 32 && heads[k] * 2 > queues[k].count {
                queues[k].removeFirst(heads[k])
                heads[k] = 0
            }
        }
        if let v = self.value(env.attempt(combine, values, operator: "zip")) { forward(.next(v)) }
    }

    private func completed(_ side: Int) {
        done[side] = true
        if done.allSatisfy({ $0 }) { forward(.completed) }
    }
}
