extension StreamOperators {
    /// Sends the element at `index` (0 the first), then completes (RxSwift's `element(at:)`). A
    /// source that completes before it gives an error, as RxSwift's `argumentOutOfRange`; an
    /// error before it passes. Failures pass.
    static func elementAt(_ index: Int) -> StreamOperator { ElementAtSink(index) }
}

private final class ElementAtSink: StreamOperator {
    var sink: StreamSink?

    var operatorState: OperatorState { .count(seen) }
    func restore(_ state: OperatorState) { seen = state.count }
    private let index: Int
    private var seen = 0

    init(_ index: Int) { self.index = index }

    func on(_ event: StreamEvent) {
        switch event {
        case .next:
            defer { seen += 1 }
            guard seen == index else { return }
            forward(event)
            forward(.completed)
        case .completed:
            forward(.error(ErrorValue(.unknown, message: "argument out of range: 'elementAt: \(index)', but the stream completed after \(seen) elements")))
        case .error, .failure:
            forward(event)
        }
    }
}
