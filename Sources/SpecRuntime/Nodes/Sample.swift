import ScreenSpec

extension StreamOperators {
    /// When the sampler fires, the upstream's latest element if a new one came since the last tick
    /// (RxSwift's `sample(_:)` without a default value).
    static func sample() -> StreamOperator { SampleSink() }
}

private final class SampleSink: StreamOperator {
    var sink: StreamSink?
    private var latest: Value?

    func on(_ event: StreamEvent) {
        switch event {
        case .next(let value): latest = value
        case .failure: forward(event)
        }
    }

    func onSecondary(_ index: Int, _ value: Value) {
        guard let element = latest else { return }
        latest = nil
        forward(.next(element))
    }
}
