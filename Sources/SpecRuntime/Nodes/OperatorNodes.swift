@_spi(Engine) import SpecProgram

/// The node that runs each operator of the catalogue (``OperatorCatalog`` in SpecProgram, which
/// describes them), keyed by the entry's name: a new operator is its entry, its node file here in
/// `Nodes/` and one line below.
enum OperatorNodes {
    /// The node of an operator. The checker writes only names of the catalogue here and a
    /// loaded compiled spec is validated first (``ProgramValidator``), so the fallback, a node
    /// that passes every event on, is never built.
    static func make(_ name: String, _ input: OperatorNodeInput) -> StreamOperator {
        guard let make = factories[name] else { return PassingSink() }
        return make(input)
    }

    /// One factory per catalogue entry (a test checks that the names are the catalogue's).
    static let factories: [String: @Sendable (OperatorNodeInput) -> StreamOperator] = [
        "map": {
            StreamOperators.map($0.expressions[0], $0.environment, name: $0.name)
        },
        "filter": { StreamOperators.filter($0.expressions[0], $0.environment) },
        "distinctUntilChanged": {
            StreamOperators.distinctUntilChanged(key: $0.expressions.first, comparer: $0.expressions.count > 1 ? $0.expressions[1] : nil, $0.environment)
        },
        "startWith": {
            StreamOperators.startWith($0.expressions, $0.environment)
        },
        "skip": { input in
            input.arguments.count.map { StreamOperators.skip($0) } ?? StreamOperators.skip(for: input.arguments.duration ?? 0, input.environment)
        },
        "take": { input in
            input.arguments.count.map { StreamOperators.take($0) } ?? StreamOperators.take(for: input.arguments.duration ?? 0, input.environment)
        },
        "scan": {
            StreamOperators.scan(seed: $0.expressions[0], accumulator: $0.expressions[1], $0.environment)
        },
        "merge": {
            StreamOperators.merge(sources: $0.arguments.sources.count)
        },
        "combineLatest": {
            StreamOperators.combineLatest($0.expressions[0], sources: $0.arguments.sources.count + 1, $0.environment)
        },
        "withLatestFrom": {
            StreamOperators.withLatestFrom($0.arguments.sources[0], combine: $0.expressions.first, $0.environment, subscribedLate: $0.inner)
        },
        "sample": { StreamOperators.sample(defaultValue: $0.expressions.first, $0.environment) },
        "flatMapLatest": request,
        "flatMap": request,
        "concatMap": request,
        "flatMapFirst": request,
        "switchLatest": { input in
            input.arguments.request == nil ? StreamOperators.switchLatest(input.arguments.sources, input.environment) : request(input)
        },
        "concat": {
            StreamOperators.concat($0.arguments.sources, $0.environment)
        },
        "debounce": { StreamOperators.debounce($0.arguments.duration ?? 0, $0.environment) },
        "throttle": {
            StreamOperators.throttle($0.arguments.duration ?? 0, latest: $0.arguments.flag ?? true, $0.environment)
        },
        "delay": { StreamOperators.delay($0.arguments.duration ?? 0, $0.environment) },
        "catch": { input in
            input.expressions.first.map { StreamOperators.catchAndReturn($0, input.environment) }
                ?? StreamOperators.catchToStream(input.arguments.sources[0], input.environment)
        },
        "catchAndReturn": {
            StreamOperators.catchAndReturn($0.expressions[0], $0.environment)
        },
        "takeUntil": { _ in StreamOperators.takeUntil() },
        "retry": {
            StreamOperators.retry($0.arguments.count, when: $0.expressions.first, delay: $0.arguments.duration, $0.environment)
        },
        "navigate": {
            StreamOperators.map($0.expressions[0], $0.environment, name: $0.name)
        },
        "takeWhile": {
            StreamOperators.takeWhile($0.expressions[0], inclusive: $0.arguments.choice == "inclusive", $0.environment)
        },
        "skipWhile": { StreamOperators.skipWhile($0.expressions[0], $0.environment) },
        "skipUntil": { _ in StreamOperators.skipUntil() },
        "takeLast": { StreamOperators.takeLast($0.arguments.count ?? 0) },
        "elementAt": { StreamOperators.elementAt($0.arguments.count ?? 0) },
        "ignoreElements": { _ in StreamOperators.ignoreElements() },
        // What a late observer gets is the graph's (ScreenGraph+Observers.swift): in the
        // pipeline, `share` passes every event on.
        "share": { _ in PassingSink() },
        "enumerated": { _ in StreamOperators.enumerated() },
        "compactMap": {
            StreamOperators.compactMap($0.expressions[0], $0.environment)
        },
        "reduce": {
            StreamOperators.reduce(seed: $0.expressions[0], accumulator: $0.expressions[1], $0.environment)
        },
        "zip": {
            StreamOperators.zip($0.expressions[0], sources: $0.arguments.sources.count + 1, $0.environment)
        },
        "timeout": { StreamOperators.timeout($0.arguments.duration ?? 1, $0.environment) },
        "buffer": {
            StreamOperators.buffer(timeSpan: $0.arguments.duration ?? 1, count: $0.arguments.count ?? 1, $0.environment)
        },
        "observeOn": { StreamOperators.observeOn($0.environment) },
    ]

    /// A request operator's node: its strategy is in its plan, and its inner stream's operators
    /// are made as the pipeline's are, each time an inner stream starts: per branch of a choice,
    /// the branch's own then the request's.
    private static func request(_ input: OperatorNodeInput) -> StreamOperator {
        guard let plan = input.arguments.request else { return PassingSink() }
        let arguments = plan.call.arguments.map(input.compile)
        let inner: [InnerOperators] = (0..<plan.branchCount).map { b in
            let innerPlans = plan.innerOperators(ofBranch: b)
            return { innerEnv in
                innerPlans.enumerated().map { k, op in StreamPipeline.make(op, innerEnv.operating(innerOp: k), inner: true) }
            }
        }
        switch plan.strategy {
        case .latest: return StreamOperators.flatMapLatest(plan, arguments: arguments, inner: inner, input.environment)
        case .merge: return StreamOperators.flatMap(plan, arguments: arguments, inner: inner, input.environment)
        case .concat: return StreamOperators.concatMap(plan, arguments: arguments, inner: inner, input.environment)
        case .first: return StreamOperators.flatMapFirst(plan, arguments: arguments, inner: inner, input.environment)
        }
    }
}

/// What a node factory is given: the checked arguments, the operator's expressions compiled, and
/// the pipeline's environment.
struct OperatorNodeInput {
    let name: String
    let arguments: OperatorArguments
    let expressions: [CompiledExpr]
    let environment: PipelineEnvironment
    /// It runs in a request's inner stream, subscribed when that stream starts.
    let inner: Bool
    /// Compiles another expression it holds (a request's arguments) as its own are.
    let compile: (TypedExpr) -> CompiledExpr
}

/// Passes every event on: the node of nothing the catalogue has, never built for a checked program.
final class PassingSink: StreamOperator {
    var sink: StreamSink?
    var operatorState: OperatorState { .stateless }
    func restore(_ state: OperatorState) {}
    func on(_ event: StreamEvent) { forward(event) }
}
