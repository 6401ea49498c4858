extension StreamOperators {
    /// The upstream's elements, then, once it completes, each of `others` in turn, each followed
    /// from the moment the one before completed (RxSwift's `concat`): a stream with a current
    /// value gives it at once, a stream that already completed is skipped, one that failed gives
    /// its error. Elements of a stream not yet followed are not seen; an error of the one
    /// followed ends it.
    static func concat(_ others: [Int], _ env: PipelineEnvironment) -> StreamOperator { ConcatSink(others, env) }
}

private final class ConcatSink: StreamOperator {
    var sink: StreamSink?

    var operatorState: OperatorState { .count(current) }
    func restore(_ state: OperatorState) { current = state.count }
    private let others: [Int]
    private let env: PipelineEnvironment
    /// 0 while the upstream runs, then `k + 1` while `others[k]` is followed.
    private var current = 0

    init(_ others: [Int], _ env: PipelineEnvironment) {
        self.others = others
        self.env = env
    }

    func on(_ event: StreamEvent) {
        guard current == 0 else { return }
        if case .completed = event { return advance() }
        forward(event)
    }

    func onSecondary(_ index: Int, _ value: Value) {
        if index + 1 == current { forward(.next(value)) }
    }

    func onSecondaryEnd(_ index: Int, _ end: StreamEnd) {
        guard index + 1 == current else { return }
        switch end {
        case .completed: advance()
        case .error(let e): forward(.error(e))
        }
    }

    private func advance() {
        while current < others.count {
            current += 1
            let node = others[current - 1]
            switch env.end(node) {
            case .completed?: continue
            case .error(let e)?: return forward(.error(e))
            case nil:
                if let v = env.current(node) { forward(.next(v)) }
                return
            }
        }
        current = others.count + 1
        forward(.completed)
    }
}
