extension StreamOperators {
    /// Keeps the last `count` elements and sends them, then the completion, when the source
    /// completes; an error drops them and passes (RxSwift's `takeLast(_:)`). Failures pass at once.
    static func takeLast(_ count: Int) -> StreamOperator { TakeLastSink(count) }
}

private final class TakeLastSink: StreamOperator {
    var sink: StreamSink?

    /// The kept elements oldest first, whatever the ring's rotation.
    var operatorState: OperatorState { .elements(kept.indices.map { kept[(start + $0) % kept.count] }) }
    func restore(_ state: OperatorState) {
        kept = state.elements
        start = 0
    }
    private let count: Int
    /// A ring of the last `count` elements: `start` is the oldest once it is full.
    private var kept: [Value] = []
    private var start = 0

    init(_ count: Int) {
        self.count = count
        kept.reserveCapacity(min(count, 64))
    }

    func on(_ event: StreamEvent) {
        switch event {
        case .next(let value):
            guard count > 0 else { return }
            if kept.count < count {
                kept.append(value)
            } else {
                kept[start] = value
                start = (start + 1) % count
            }
        case .completed:
            for k in kept.indices { forward(.next(kept[(start + k) % kept.count])) }
            kept.removeAll()
            forward(event)
        case .error:
            kept.removeAll()
            forward(event)
        case .failure:
            forward(event)
        }
    }
}
