extension StreamOperators {
    /// Passes elements until `other` sends an element, then completes (RxSwift's
    /// `take(until:)`, formerly `takeUntil`). An error of `other` ends it; its completion does not.
    static func takeUntil() -> StreamOperator { TakeUntilSink() }
}

private final class TakeUntilSink: StreamOperator {
    var sink: StreamSink?

    var operatorState: OperatorState { .stateless }
    func restore(_ state: OperatorState) {}

    func on(_ event: StreamEvent) { forward(event) }

    func onSecondary(_ index: Int, _ value: Value) { forward(.completed) }
}
