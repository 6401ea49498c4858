import ScreenSpec

extension StreamOperators {
    /// Drops the first `count` elements.
    static func skip(_ count: Int) -> StreamOperator { SkipSink(count) }
}

private final class SkipSink: StreamOperator {
    var sink: StreamSink?
    private var remaining: Int

    init(_ count: Int) { remaining = count }

    func on(_ event: StreamEvent) {
        if case .next = event, remaining > 0 {
            remaining -= 1
            return
        }
        forward(event)
    }
}
