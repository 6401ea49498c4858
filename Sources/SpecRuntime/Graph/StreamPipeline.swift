import ScreenSpec

/// A stream output's operators, linked upstream to downstream, run by the graph as one node.
///
/// Events from sources and timers are queued in ``inbox`` and run when the graph processes the
/// output node, in rank order: by then every node the operators read has settled in the
/// transaction. After the inbox, each operator is flushed in order (`combineLatest` emits there),
/// and what reached the end is handed back to the graph to emit.
final class StreamPipeline {
    let plan: StreamPlan
    let environment: PipelineEnvironment
    private let operators: [StreamOperator]
    private let end = PipelineEnd()
    /// Work to run in the next transaction of this pipeline's node.
    var inbox: [() -> Void] = []
    /// For each secondary source node, the operators (and their source index) it feeds.
    let secondaryPorts: [(node: Int, op: Int, index: Int)]

    init(plan: StreamPlan, environment env: PipelineEnvironment) {
        self.plan = plan
        self.environment = env
        var operators: [StreamOperator] = []
        var ports: [(node: Int, op: Int, index: Int)] = []
        for (k, op) in plan.operators.enumerated() {
            operators.append(Self.make(op, env))
            for (i, node) in op.secondarySources.enumerated() {
                if case .withLatestFrom = op.kind { continue } // reads the node's latest value itself
                ports.append((node, k, i))
            }
        }
        for k in operators.indices {
            operators[k].sink = k + 1 < operators.count ? operators[k + 1] : end
        }
        self.operators = operators
        self.secondaryPorts = ports
    }

    private static func make(_ op: OperatorPlan, _ env: PipelineEnvironment) -> StreamOperator {
        switch op.kind {
        case .map(let e): return StreamOperators.map(ExpressionCompiler.compile(e), env, name: op.name)
        case .filter(let e): return StreamOperators.filter(ExpressionCompiler.compile(e), env)
        case .distinctUntilChanged: return StreamOperators.distinctUntilChanged()
        case .startWith(let es): return StreamOperators.startWith(es.map(ExpressionCompiler.compile), env)
        case .skip(let n): return StreamOperators.skip(n)
        case .take(let n): return StreamOperators.take(n)
        case .scan(let seed, let acc):
            return StreamOperators.scan(seed: ExpressionCompiler.compile(seed), accumulator: ExpressionCompiler.compile(acc), env)
        case .merge: return StreamOperators.merge()
        case .combineLatest(_, let combine): return StreamOperators.combineLatest(ExpressionCompiler.compile(combine), env)
        case .withLatestFrom(let other, let combine):
            return StreamOperators.withLatestFrom(other, combine: combine.map(ExpressionCompiler.compile), env)
        case .sample: return StreamOperators.sample()
        case .request(let call, let latest):
            let arguments = call.arguments.map(ExpressionCompiler.compile)
            return latest ? StreamOperators.flatMapLatest(call, arguments: arguments, env)
                : StreamOperators.flatMap(call, arguments: arguments, env)
        case .debounce(let ms): return StreamOperators.debounce(ms, env)
        case .throttle(let ms, let latest): return StreamOperators.throttle(ms, latest: latest, env)
        case .delay(let ms): return StreamOperators.delay(ms, env)
        case .catchError(let e): return StreamOperators.catchError(ExpressionCompiler.compile(e), env)
        }
    }

    /// An element of the source enters the first operator.
    func receive(_ value: Value) {
        inbox.append { [self] in
            if let first = operators.first { first.on(.next(value)) } else { end.on(.next(value)) }
        }
    }

    /// An element of a secondary source enters its operator.
    func receive(op: Int, index: Int, _ value: Value) {
        inbox.append { [self] in operators[op].onSecondary(index, value) }
    }

    /// Subscription: the outermost operator first, as RxSwift subscribes (so
    /// `startWith(1).startWith(2)` emits 2 then 1).
    func start() {
        inbox.append { [self] in
            for op in operators.reversed() { op.start() }
        }
    }

    /// Runs the queued work and returns what reached the end of the pipeline, in order.
    func process() -> [StreamEvent] {
        while !inbox.isEmpty {
            let work = inbox
            inbox.removeAll(keepingCapacity: true)
            for w in work { w() }
        }
        for op in operators { op.flush() }
        return end.take()
    }
}

/// The end of a pipeline: collects what the last operator sends.
private final class PipelineEnd: StreamSink {
    private var events: [StreamEvent] = []

    func on(_ event: StreamEvent) { events.append(event) }

    func take() -> [StreamEvent] {
        defer { events.removeAll(keepingCapacity: true) }
        return events
    }
}
