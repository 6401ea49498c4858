@_spi(Engine) import SpecProgram

/// The event grammar inside a pipeline, as RxSwift's `Event`: `next* (error | completed)`, with
/// failures among the elements.
///
/// - `next` is an element.
/// - `failure` is a failed request travelling as a value (the seeds' `Result` style): every
///   operator passes it on unchanged, until a `catch` turns it into an element or the pipeline's
///   end routes it to `<name>.errors`; the stream goes on.
/// - `error` and `completed` are terminal: an operator sends nothing after one, and the output
///   that receives one ends (the timeline shows `✓ completed` or `✗ error …`).
package enum StreamEvent: Hashable, Sendable {
    case next(Value)
    case failure(ErrorValue)
    case error(ErrorValue)
    case completed

    init(_ end: StreamEnd) {
        switch end {
        case .completed: self = .completed
        case .error(let e): self = .error(e)
        }
    }

    var isTerminal: Bool {
        switch self {
        case .error, .completed: return true
        case .next, .failure: return false
        }
    }
}

protocol StreamSink: AnyObject {
    func on(_ event: StreamEvent)
}

/// One operator of a pipeline, as RxSwift's sinks: it receives events with ``on(_:)`` and sends
/// its own to ``sink``. Operators with a second source receive its elements with ``onSecondary``
/// and its end with ``onSecondaryEnd``.
protocol StreamOperator: StreamSink {
    var sink: StreamSink? { get set }
    /// Elements of a second source (`merge`, `combineLatest`, `sample`); `index` among several.
    func onSecondary(_ index: Int, _ value: Value)
    /// A second source ended. By default an error ends this operator too and a completion is ignored.
    func onSecondaryEnd(_ index: Int, _ end: StreamEnd)
    /// The pipeline is subscribed (the graph started): `startWith` emits here, `scan` takes its seed.
    func start()
    /// The end of the transaction's events: `combineLatest` emits once here.
    func flush()
    /// The subscription ends before the operator ended (the output ended downstream, an inner
    /// stream was cancelled): inner streams it runs are cancelled.
    func dispose()
    /// Everything it keeps between transactions that decides what it does next, canonical (see
    /// ``OperatorState``). No default: an operator that keeps nothing says `.stateless`, so a new
    /// operator cannot leave its state out of exploration's digest by forgetting it.
    var operatorState: OperatorState { get }
    /// Takes back a state ``operatorState`` gave, of an operator built from the same plan (maybe in
    /// another graph); the clock's timers are restored with the clock, before.
    func restore(_ state: OperatorState)
    /// A timer it set with ``PipelineEnvironment/schedule(_:_:)`` came due.
    func fire(_ payload: StreamTimer.Payload)
    /// Whether the end its timer makes disposes the source before it goes down: RxSwift's
    /// `timeout` switches its subscription to the error (disposing the source) and then sends
    /// it, where `take` sends its last element and completes before its source is disposed.
    var disposesSourceBeforeItsEnd: Bool { get }
}

extension StreamOperator {
    var disposesSourceBeforeItsEnd: Bool { false }
    func onSecondary(_ index: Int, _ value: Value) {}
    func onSecondaryEnd(_ index: Int, _ end: StreamEnd) {
        if case .error(let e) = end { forward(.error(e)) }
    }
    func start() {}
    func flush() {}
    func dispose() {}
    func fire(_ payload: StreamTimer.Payload) {}

    func forward(_ event: StreamEvent) { sink?.on(event) }

    /// The value of an operator's expression, or nil once the error its failure ends the stream
    /// with has been sent on (the gate after this operator lets nothing through after it).
    func value(_ result: Evaluated) -> Value? {
        switch result {
        case .value(let v): return v
        case .failed(let e):
            forward(.error(e))
            return nil
        }
    }
}

/// What operators may use of the graph: expressions, time, services, other nodes' latest values.
final class PipelineEnvironment {
    let context: EvalContext
    let clock: VirtualClock
    /// Where the operator given this environment is, for its timers (see ``StreamTimer``).
    var address = StreamTimer.Address(pipeline: -1, op: -1)
    /// The outcome and latency of the next call of a service with named arguments.
    var call: (_ service: Int, _ names: [String], _ arguments: [Value]) -> (ServicePlan.Outcome, Int) = { _, _, _ in (.success(.void), 0) }
    /// Starts a live call when a live provider serves the service, else nil: the fake answers
    /// through ``call``. The answer is delivered as graph work, unless the call is cancelled.
    var callLive: (_ service: Int, _ names: [String], _ arguments: [Value],
                   _ deliver: @escaping (ServicePlan.Outcome) -> Void) -> LiveCalls.Call? = { _, _, _, _ in nil }
    /// Whether a live provider serves the service (then ``callLive`` starts its calls).
    var servesLive: (_ service: Int) -> Bool = { _ in false }
    /// Cancels a live call: its task is cancelled and its answer dropped.
    var cancelLive: (_ call: LiveCalls.Call) -> Void = { _ in }
    /// The latest value of a node, nil before it emitted.
    var latest: (_ node: Int) -> Value? = { _ in nil }
    /// The current value of a node that has one (a property, state, a derived output), else nil:
    /// what a new subscriber is given at once, as by a `BehaviorRelay`.
    var current: (_ node: Int) -> Value? = { _ in nil }
    /// How a node's stream ended, nil while it runs.
    var end: (_ node: Int) -> StreamEnd? = { _ in nil }
    var report: (_ message: String) -> Void = { _ in }
    /// An inner stream was cancelled before it ended: the timeline records the call.
    var cancelled: (_ call: String) -> Void = { _ in }
    /// An inner stream its own operators ended (`take`, an inclusive `takeWhile`) while its
    /// source still ran: recorded after the transaction's emissions, as RxSwift disposes the source
    /// after the last element went down; nil: as ``cancelled``.
    var cancelledAfterEmissions: ((_ call: String) -> Void)? = nil
    /// Whether anyone hears ``cancelled``: the record's text is not built for no one.
    var recordsCancellations: () -> Bool = { true }
    /// A service's name, for cancellation records.
    var serviceName: (_ service: Int) -> String = { "service \($0)" }
    /// The output's name, for runtime error messages.
    let name: String
    /// Where the probes of operator expressions report, nil (the usual case) for none; set by the
    /// graph from its `instrumentation`.
    var instrumentation: (any ScreenInstrumentation)?
    /// In a request's inner stream with `as: NAME`: the outer element that started it, which its
    /// operators' expressions read by that name (compiled as the event payload).
    private(set) var outerElement: Value?

    init(context: EvalContext, clock: VirtualClock, name: String) {
        self.context = context
        self.clock = clock
        self.name = name
    }

    /// This environment for one inner stream whose expressions read `element` by the request's
    /// `as:` name; everything else is shared.
    func binding(element: Value) -> PipelineEnvironment {
        let copy = copied()
        copy.outerElement = element
        return copy
    }

    /// This environment for operator `op` of the pipeline.
    func operating(op: Int) -> PipelineEnvironment {
        let copy = copied()
        copy.address.op = op
        return copy
    }

    /// This environment (a request operator's) for its inner stream `id`: one level down for a
    /// request inside an inner stream's operators (``StreamTimer/Address/nested``).
    func inner(_ id: Int) -> PipelineEnvironment {
        let copy = copied()
        copy.address.enterInner(id)
        return copy
    }

    /// This environment (an inner stream's) for its operator `op`.
    func operating(innerOp op: Int) -> PipelineEnvironment {
        let copy = copied()
        copy.address.setInnerOp(op)
        return copy
    }

    /// The outer element this environment's expressions read by the request's `as:` name.
    var element: Value? { outerElement }

    /// Runs ``StreamOperator/fire(_:)`` of this environment's operator after `delay` ms, inside a
    /// new transaction of the pipeline's output node.
    func schedule(_ delay: Int, _ payload: StreamTimer.Payload = .due) {
        clock.schedule(after: delay, .stream(StreamTimer(address: address, payload: payload)))
    }

    /// Drops the timers this environment's operator set, and those of everything inside it (an
    /// inner stream's operators), that `drop` picks: one that can no longer do anything is not
    /// left pending, so what is pending is exactly what can still happen.
    func cancelTimers(where drop: (StreamTimer.Address) -> Bool = { _ in true }) {
        clock.cancelStreamTimers(ownedBy: address, where: drop)
    }

    /// ``cancelTimers(where:)`` of ``inner(_:)`` `id`, without making that environment.
    func cancelTimers(ofInner id: Int) {
        var mine = address
        mine.enterInner(id)
        clock.cancelStreamTimers(ownedBy: mine) { _ in true }
    }

    /// When the first timer this environment's operator set comes due, nil when none is pending.
    func firstTimerDue() -> Int? {
        clock.firstStreamTimerDue(ownedBy: address)
    }

    private func copied() -> PipelineEnvironment {
        let copy = PipelineEnvironment(context: context, clock: clock, name: name)
        copy.address = address
        copy.call = call
        copy.callLive = callLive
        copy.servesLive = servesLive
        copy.cancelLive = cancelLive
        copy.latest = latest
        copy.current = current
        copy.end = end
        copy.report = report
        copy.cancelled = cancelled
        copy.cancelledAfterEmissions = cancelledAfterEmissions
        copy.recordsCancellations = recordsCancellations
        copy.serviceName = serviceName
        copy.instrumentation = instrumentation
        copy.outerElement = outerElement
        return copy
    }

    /// Evaluates an operator expression with `$0`, `$1` bound to `arguments`; on failure, the
    /// error the stream ends with, as RxSwift ends a stream whose `map`, `scan`, selector or
    /// `catch` closure throws: the error `fail(…)` raised, else an `evaluation` error. A failure of
    /// the evaluation itself (overflow, division by zero) is also a run-time error line; a
    /// `fail(…)` is the spec's own doing, so it is not.
    func attempt(_ f: CompiledExpr, _ arguments: [Value], operator op: String) -> Evaluated {
        let saved = context.operatorArguments
        context.operatorArguments = arguments
        let savedPayload = context.payload
        if let outerElement { context.payload = outerElement }
        defer {
            context.operatorArguments = saved
            context.payload = savedPayload
        }
        do throws(EvalError) {
            return .value(try f(context))
        } catch {
            if error.raised == nil { report("'\(name)' \(op): \(error.message)") }
            return .failed(error.streamError)
        }
    }

    /// ``attempt(_:_:operator:)`` for an operator that drops what fails: nil on failure.
    @available(*, deprecated, message: "a failing expression ends the stream: use attempt(_:_:operator:) and forward its error")
    func evaluate(_ f: CompiledExpr, _ arguments: [Value], operator op: String) -> Value? {
        if case .value(let v) = attempt(f, arguments, operator: op) { return v }
        return nil
    }
}

/// What an operator's expression gave: its value, or the error the stream ends with.
enum Evaluated {
    case value(Value)
    case failed(ErrorValue)
}

/// Namespace of operator factories, one file per operator.
enum StreamOperators {}
