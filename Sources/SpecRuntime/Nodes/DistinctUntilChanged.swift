import ScreenSpec

extension StreamOperators {
    /// Drops an element equal to the one before it.
    static func distinctUntilChanged() -> StreamOperator { DistinctUntilChangedSink() }
}

private final class DistinctUntilChangedSink: StreamOperator {
    var sink: StreamSink?
    private var last: Value?

    func on(_ event: StreamEvent) {
        switch event {
        case .next(let value):
            guard value != last else { return }
            last = value
            forward(event)
        case .failure:
            forward(event)
        }
    }
}
