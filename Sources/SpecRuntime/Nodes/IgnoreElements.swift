extension StreamOperators {
    /// Drops every element and passes the end (RxSwift's `ignoreElements()`): what is left is
    /// when, and how, the stream ended. Failures still pass, to `<name>.errors`.
    static func ignoreElements() -> StreamOperator { IgnoreElementsSink() }
}

private final class IgnoreElementsSink: StreamOperator {
    var sink: StreamSink?

    var operatorState: OperatorState { .stateless }
    func restore(_ state: OperatorState) {}

    func on(_ event: StreamEvent) {
        if case .next = event { return }
        forward(event)
    }
}
