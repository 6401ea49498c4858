import ScreenSpec

/// The event grammar inside a pipeline: `next*`. A stream output never completes or errors (the
/// screen lives as long as the scenario); a failed request travels as `failure`, passing every
/// operator unchanged until a `catch` turns it into an element or the pipeline's end routes it to
/// `<name>.errors`.
enum StreamEvent {
    case next(Value)
    case failure(ErrorValue)
}

protocol StreamSink: AnyObject {
    func on(_ event: StreamEvent)
}

/// One operator of a pipeline, as RxSwift's sinks: it receives events with ``on(_:)`` and sends
/// its own to ``sink``. Operators with a second source receive its elements with ``onSecondary``.
protocol StreamOperator: StreamSink {
    var sink: StreamSink? { get set }
    /// Elements of a second source (`merge`, `combineLatest`, `sample`); `index` among several.
    func onSecondary(_ index: Int, _ value: Value)
    /// The pipeline is subscribed (the graph started): `startWith` emits here, `scan` takes its seed.
    func start()
    /// The end of the transaction's events: `combineLatest` emits once here.
    func flush()
}

extension StreamOperator {
    func onSecondary(_ index: Int, _ value: Value) {}
    func start() {}
    func flush() {}

    func forward(_ event: StreamEvent) { sink?.on(event) }
}

/// What operators may use of the graph: expressions, time, services, other nodes' latest values.
final class PipelineEnvironment {
    let context: EvalContext
    let clock: VirtualClock
    /// Runs `work` after `delay` ms, inside a new transaction of the pipeline's output node.
    var schedule: (_ delay: Int, _ work: @escaping () -> Void) -> Void = { _, _ in }
    /// The outcome and latency of the next call of a service with named arguments.
    var call: (_ service: Int, _ names: [String], _ arguments: [Value]) -> (ServicePlan.Outcome, Int) = { _, _, _ in (.success(.void), 0) }
    /// The latest value of a node, nil before it emitted.
    var latest: (_ node: Int) -> Value? = { _ in nil }
    var report: (_ message: String) -> Void = { _ in }
    /// The output's name, for runtime error messages.
    let name: String

    init(context: EvalContext, clock: VirtualClock, name: String) {
        self.context = context
        self.clock = clock
        self.name = name
    }

    /// Evaluates an operator expression with `$0`, `$1` bound to `arguments`; nil (reported) on failure.
    func evaluate(_ f: CompiledExpr, _ arguments: [Value], operator op: String) -> Value? {
        let saved = context.operatorArguments
        context.operatorArguments = arguments
        defer { context.operatorArguments = saved }
        do throws(EvalError) {
            return try f(context)
        } catch {
            report("'\(name)' \(op): \(error.message)")
            return nil
        }
    }
}

/// Namespace of operator factories, one file per operator.
enum StreamOperators {}
