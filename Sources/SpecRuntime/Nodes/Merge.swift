import ScreenSpec

extension StreamOperators {
    /// Elements of the upstream and of every other source, in the order they come.
    static func merge() -> StreamOperator { MergeSink() }
}

private final class MergeSink: StreamOperator {
    var sink: StreamSink?

    func on(_ event: StreamEvent) { forward(event) }

    func onSecondary(_ index: Int, _ value: Value) { forward(.next(value)) }
}
