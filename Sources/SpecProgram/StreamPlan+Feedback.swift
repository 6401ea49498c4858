/// Feedback through a request: whether a stream can answer its source in the same instant.
///
/// `ticks: { stream: running, ops: [ { flatMapLatest: { if: $0, then: { interval: 100ms }, else:
/// { empty } } } ] }` with a handler on `ticks` that sets `running` is RxSwift's stopwatch: a
/// change of `running` only makes the request switch its inner stream, and an `interval` emits
/// nothing when it is subscribed, so the loop is not instantaneous. The checker lets such a
/// stream's source come after it in `rank` when that closes a loop, and the engine delivers a
/// change of the source to it in a transaction of its own at the same instant (see
/// `ScreenGraph+Feedback.swift`). A `just`, an `error`, a `timer: 0ms`, a timer whose due time
/// is computed per element (`{ timer: { seconds: $0 } }` may compute 0), a call (a fake of zero
/// latency or a live backend may answer before anything else runs) or an inner operator that
/// emits when subscribed (`startWith`, `merge` with a value) could answer in that instant: such a
/// loop stays a cycle.
extension StreamPlan {
    /// Why an element of the source may produce an element of the output (or of its `.errors`) in
    /// the instant it arrives; nil when it cannot: some request operator (`flatMapLatest`,
    /// `flatMap`, `concatMap`) on its way subscribes per element to inner streams that emit
    /// nothing at their subscription, so whatever comes out comes at a later time.
    package var sameInstantReason: String? {
        guard timer == nil else { return "it is a timer" }
        var reason = "none of its operators is a request whose inner stream waits before it emits"
        for op in operators {
            guard let request = op.arguments.request, case .requests? = OperatorCatalog.entry(named: op.name)?.typing else { continue }
            guard let why = request.sameInstantReason else { return nil }
            reason = why
        }
        return reason
    }

    /// Whether a change of the source reaches the output only at a later time (see
    /// ``sameInstantReason``).
    package var answersLater: Bool { sameInstantReason == nil }
}

extension RequestPlan {
    /// Inner operators that emit only when an element of the inner stream arrives (at that time or
    /// later), never at the inner stream's subscription nor for its completion alone. A request
    /// nested there (`interval: 10s, ops: [ { flatMapFirst: { call: orders.status } } ]`, a poll)
    /// subscribes its own inner stream per element, so it too answers only after one arrives.
    private static let elementDriven: Set<String> = [
        "map", "filter", "compactMap", "distinctUntilChanged", "skip", "take", "scan", "withLatestFrom", "takeWhile", "skipWhile",
        "elementAt", "ignoreElements", "enumerated", "delay", "debounce", "throttle", "takeUntil", "observeOn",
        "flatMap", "flatMapLatest", "flatMapFirst", "concatMap",
    ]

    /// Why an inner stream of this request may emit at its subscription; nil when none can.
    fileprivate var sameInstantReason: String? {
        for b in 0..<branchCount {
            let (call, source) = branch(b)
            switch source {
            case .empty, .never: continue
            case .timer(let t) where t.computed != nil && (t.computed?.dueTime != nil || t.dueTime > 0):
                // A due time computed per element may be 0 (or below: at once too), and a period
                // computed per element may be refused, failing at the subscription: such a timer
                // answers later only when what it computes is a constant above 0.
                guard let reason = t.mayAnswerAtOnce(call.arguments) else { continue }
                return "its inner stream '\(source.kind)' computes its \(reason) per element, which may be 0"
            case .timer(let t) where t.dueTime > 0: continue
            case .timer: return "its inner stream '\(source.label([]))' emits in the instant it is subscribed"
            case .just: return "its inner stream 'just' emits at its subscription"
            case .error: return "its inner stream 'error' fails at its subscription"
            case .call: return "its inner stream is a call, which may answer at its subscription (a latency of 0 ms, a live backend)"
            }
        }
        if let op = inner.first(where: { !Self.elementDriven.contains($0.name) }) {
            return "its inner operator '\(op.name)' may emit when the inner stream is subscribed, ends or fails"
        }
        return nil
    }
}

extension TimerPlan {
    /// Which of its computed times (`due time`, `period`) may make it emit or fail at its
    /// subscription: any but one whose argument is a constant `Int` above 0 (a period of at most
    /// the longest, a due time of at least 1 ms); nil when neither may.
    fileprivate func mayAnswerAtOnce(_ arguments: [TypedExpr]) -> String? {
        func positive(_ d: ComputedDuration) -> Bool {
            guard arguments.indices.contains(d.argument), let v = arguments[d.argument].constantInt, v > 0 else { return false }
            let (ms, overflow) = v.multipliedReportingOverflow(by: d.unit)
            return !overflow && ms <= Self.longest
        }
        if let d = computed?.dueTime, !positive(d) { return "due time" }
        if let p = computed?.period, !positive(p) { return "period" }
        return nil
    }
}

extension TypedExpr {
    /// The `Int` it always is, seen through coverage's probes; nil when it computes one.
    fileprivate var constantInt: Int? {
        switch self {
        case .constant(.int(let v)): return v
        case .probe(_, let e): return e.constantInt
        default: return nil
        }
    }
}
