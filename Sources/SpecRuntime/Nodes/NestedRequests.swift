/// A request among the operators of a request's inner stream, as RxSwift nests one operator's
/// closure in another's: `active.flatMapLatest { $0 ? Observable<Int>.interval(.seconds(5),
/// scheduler: s).flatMapFirst { _ in api.quotes(symbols) } : .empty() }`.
///
/// The nested request is a ``RequestSink`` like any other, built by the inner stream with its
/// operators (each time the inner stream subscribes), and its inner streams are
/// ``InnerStream``s: nothing of a request is written twice. What nesting adds is where things
/// are:
///
/// - Its timers (its inner streams' answers and their operators') are addressed one level down,
///   ``StreamTimer/Address/nested`` and ``StreamTimer/Address/nestedOp`` under the outer inner
///   stream's operator; the pipeline hands such a timer to the outer request, which hands it to
///   its inner stream, which hands it to the nested request. One level only: the checker refuses
///   a request inside a nested request's `ops:`, and the program validator a compiled one.
/// - Disposing the outer inner stream (`flatMapLatest`'s switch, a `takeUntil` after it, the
///   output ending) disposes the nested request, which cancels its inner streams and their calls,
///   each recorded cancelled, as RxSwift's disposal reaches the inner subscriptions of a nested
///   `flatMapFirst`.
/// - The screen's nodes its `ops:` listen to are the outer request's sources too
///   (``OperatorPlan/secondarySources``), routed through the outer inner stream to it.
/// - Its state is an ``OperatorState/requests(_:)`` among the outer inner stream's operators',
///   saved and restored with them, so exploration stays exact.
extension StreamTimer.Address {
    /// This address (a request operator's) for its inner stream `id`: the inner stream of a
    /// pipeline's request, or, for a request among an inner stream's operators, a nested one.
    mutating func enterInner(_ id: Int) {
        if inner >= 0 && innerOp >= 0 {
            nested = id
            nestedOp = -1
        } else {
            inner = id
            innerOp = -1
            nested = -1
            nestedOp = -1
        }
    }

    /// This address (an inner stream's) for its operator `op`.
    mutating func setInnerOp(_ op: Int) {
        if nested >= 0 { nestedOp = op } else { innerOp = op }
    }

    /// Whether the request at this address is nested in an inner stream (see ``enterInner(_:)``).
    var isNestedRequest: Bool { inner >= 0 && innerOp >= 0 }

    /// Whether the inner stream at this address is a nested request's.
    var isNestedStream: Bool { nested >= 0 }

    /// The id of the inner stream a timer at this address belongs to, at the level of the
    /// request that runs it: `nestedRequest`, a request nested in an inner stream.
    func innerStream(nestedRequest: Bool) -> Int { nestedRequest ? nested : inner }

    /// The index of the operator a timer at this address belongs to in an inner stream of the
    /// level `nestedStream` says, -1 for that stream's own answer (or something below it).
    func streamOp(nestedStream: Bool) -> Int { nestedStream ? nestedOp : innerOp }
}
