extension StreamOperators {
    /// Elements of the upstream and of every other source, in the order they come. Completes
    /// when the upstream and every other source have completed; the first error ends it.
    static func merge(sources: Int) -> StreamOperator { MergeSink(sources) }
}

private final class MergeSink: StreamOperator {
    var sink: StreamSink?

    var operatorState: OperatorState { .count(running) }
    func restore(_ state: OperatorState) { running = state.count }
    /// Sources still running: the upstream and each other one.
    private var running: Int

    init(_ others: Int) { running = others + 1 }

    func on(_ event: StreamEvent) {
        if case .completed = event { return sourceCompleted() }
        forward(event)
    }

    func onSecondary(_ index: Int, _ value: Value) { forward(.next(value)) }

    func onSecondaryEnd(_ index: Int, _ end: StreamEnd) {
        switch end {
        case .completed: sourceCompleted()
        case .error(let e): forward(.error(e))
        }
    }

    private func sourceCompleted() {
        running -= 1
        if running == 0 { forward(.completed) }
    }
}
