import ScreenSpec

extension StreamOperators {
    /// Passes the first `count` elements, then nothing (Rx completes here; a stream output simply
    /// goes quiet).
    static func take(_ count: Int) -> StreamOperator { TakeSink(count) }
}

private final class TakeSink: StreamOperator {
    var sink: StreamSink?
    private var remaining: Int

    init(_ count: Int) { remaining = count }

    func on(_ event: StreamEvent) {
        guard remaining > 0 else { return }
        if case .next = event { remaining -= 1 }
        forward(event)
    }
}
