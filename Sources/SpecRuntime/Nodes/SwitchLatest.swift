extension StreamOperators {
    /// Each element, an index, chooses which of the streams to follow from then on; the stream
    /// followed before is left (RxSwift's `map { streams[$0] }.switchLatest()`). A stream with a
    /// current value gives it at once, as subscribing to a `BehaviorRelay` does; one that already
    /// ended gives its end. Completes when the upstream has completed and the followed stream
    /// completes; an error of the followed stream ends it.
    static func switchLatest(_ nodes: [Int], _ env: PipelineEnvironment) -> StreamOperator { SwitchLatestSink(nodes, env) }
}

private final class SwitchLatestSink: StreamOperator {
    var sink: StreamSink?

    var operatorState: OperatorState { .parts([.count(current ?? -1), .flag(upstreamDone)]) }
    func restore(_ state: OperatorState) {
        current = state[0].count < 0 ? nil : state[0].count
        upstreamDone = state[1].flag
    }
    private let nodes: [Int]
    private let env: PipelineEnvironment
    /// The index of the stream followed, if any.
    private var current: Int?
    private var upstreamDone = false

    init(_ nodes: [Int], _ env: PipelineEnvironment) {
        self.nodes = nodes
        self.env = env
    }

    func on(_ event: StreamEvent) {
        switch event {
        case .next(let value):
            guard case .int(let i) = value, nodes.indices.contains(i) else {
                env.report("'\(env.name)' switchLatest: no stream at index \(value); there are \(nodes.count)")
                return
            }
            current = i
            if let end = env.end(nodes[i]) { return innerEnded(end) }
            if let v = env.current(nodes[i]) { forward(.next(v)) }
        case .failure, .error:
            forward(event)
        case .completed:
            upstreamDone = true
            if current == nil { forward(.completed) }
        }
    }

    func onSecondary(_ index: Int, _ value: Value) {
        if index == current { forward(.next(value)) }
    }

    func onSecondaryEnd(_ index: Int, _ end: StreamEnd) {
        if index == current { innerEnded(end) }
    }

    private func innerEnded(_ end: StreamEnd) {
        switch end {
        case .error(let e): forward(.error(e))
        case .completed:
            current = nil
            if upstreamDone { forward(.completed) }
        }
    }
}
