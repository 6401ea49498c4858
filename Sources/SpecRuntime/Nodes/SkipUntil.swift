extension StreamOperators {
    /// Drops elements until `other` sends one, then passes them (RxSwift's `skip(until:)`).
    /// As in RxSwift: once `other` has sent, its end changes nothing; before that, its error
    /// ends this stream and its completion leaves it dropping forever; and a source that
    /// completes before `other` has sent ends silently, without a completion.
    static func skipUntil() -> StreamOperator { SkipUntilSink() }
}

private final class SkipUntilSink: StreamOperator {
    var sink: StreamSink?

    var operatorState: OperatorState { .parts([.flag(open), .flag(silenced)]) }
    func restore(_ state: OperatorState) {
        open = state[0].flag
        silenced = state[1].flag
    }
    private var open = false
    /// The source completed while closed: RxSwift disposes without sending anything.
    private var silenced = false

    func on(_ event: StreamEvent) {
        guard !silenced else { return }
        switch event {
        case .next:
            if open { forward(event) }
        case .completed:
            if open { forward(event) } else { silenced = true }
        case .error, .failure:
            forward(event)
        }
    }

    func onSecondary(_ index: Int, _ value: Value) { open = true }

    func onSecondaryEnd(_ index: Int, _ end: StreamEnd) {
        guard !open, !silenced, case .error(let e) = end else { return }
        forward(.error(e))
    }
}
