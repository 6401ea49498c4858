@_spi(Engine) import SpecProgram

/// `flatMapLatest`, `flatMap`, `concatMap` and `flatMapFirst`: each element calls a service, whose
/// answer is an inner stream (one value, one failure, or a `sequence:` of events over time) passed
/// through the request's own `ops:`. The four differ only in how inner streams overlap.
///
/// - An inner element is an element of the output.
/// - An inner completion ends that inner stream; the output completes once the upstream has
///   completed and no inner stream runs or waits.
/// - An inner error travels on as a failure (the stream goes on: the seeds' `Result` style), or
///   with `failures: end` ends the output with that error, as in RxSwift.
/// - An argument (`with:`) that fails to compute ends the output with that error and cancels
///   the inner streams, as a throwing selector does in RxSwift.
/// - A cancelled inner stream (`flatMapLatest`'s switch, the output ending) is reported to the
///   timeline, as RxTest records a subscription's end.
/// - The screen's nodes the request's `ops:` listen to (`takeUntil: cancel`) arrive here as
///   secondary sources, numbered as ``RequestPlan/innerSources``, and go to every running inner
///   stream: each one subscribed to them when it started. An inner stream of a choice's branch
///   runs the branch's own operators and then the request's (``RequestPlan/innerOperators(ofBranch:)``),
///   and ignores the sources of the other branches' own.
final class RequestSink: StreamOperator {
    var sink: StreamSink?
    private let plan: RequestPlan
    private let arguments: [CompiledExpr]
    /// `if: COND, then: A, else: B`, nested to any depth: the conditions, and the arguments of
    /// the inner streams after the first (``arguments`` are the first's).
    private let choice: InnerChoice?
    /// The inner operators of each branch (one without a choice), and the sources they listen to.
    private let makeInner: [InnerOperators]
    private let env: PipelineEnvironment
    private let sources: [[(op: Int, index: Int, node: Int)]]
    /// Whether an inner operator emits at the end of a transaction (`combineLatest`); only then
    /// are the running inner streams flushed, so that a plain request costs nothing per transaction.
    private let innerFlushes: Bool
    // `@exclusivity(unchecked)`, as the graph's per-node state (see ScreenGraph.swift): every step of
    // exploration runs this code, and no access to these properties spans a call into other code.
    /// Running inner streams, in subscription order, by id.
    @exclusivity(unchecked) private var active = InnerStreamTable()
    /// `concatMap`: argument values (and the outer element, read by `as:`) waiting for the inner
    /// stream before them, from `waitingHead`.
    @exclusivity(unchecked) private var waiting: [(arguments: [Value], env: PipelineEnvironment, branch: Int)] = []
    @exclusivity(unchecked) private var waitingHead = 0
    private var hasWaiting: Bool { waitingHead < waiting.count }
    @exclusivity(unchecked) private var upstreamDone = false
    /// `concatMap` is subscribing waiting elements in a loop.
    @exclusivity(unchecked) private var draining = false
    /// Inner streams ``restore(_:)`` gave back and not built yet (``build()``): exploration
    /// restores a state before every move it tries, and most moves leave a request alone or
    /// (`flatMapLatest`, a new element) cancel its inner streams, so building them at once would
    /// mostly allocate streams that nothing uses. While set, ``active`` is empty.
    @exclusivity(unchecked) private var unbuilt: [InnerStreamState]?
    /// `env.inner(id)` for the first ids, of a request without `as:` (its inner streams'
    /// environments differ only by their id): made once rather than per subscription, which
    /// exploration makes at nearly every step.
    @exclusivity(unchecked) private var innerEnvironments: [PipelineEnvironment] = []

    /// Set when the request runs an action's work (``ActionWorkPlan``): told when each inner
    /// stream (an execution) ends, and whether it completed. An argument that fails to compute
    /// then fails that execution only, as a throwing work factory fails the `Action`'s execute.
    var executionEnded: ((_ completed: Bool) -> Void)?

    /// Set when the request runs the work of a row's action (``CellsPlan/Action/work``): each
    /// inner stream is one row's execution, its element the row, and what it does goes here with
    /// that element rather than downstream (the graph settles it on the row, see
    /// ScreenGraph+RowWork.swift): its elements, its failures, and its end (`.completed`, or
    /// `.error` for a failure that ends it). An argument that fails to compute ends that
    /// execution with its error.
    var rowExecution: ((_ row: Value, _ event: StreamEvent) -> Void)?

    /// The environment of inner stream `id`; `base`, the request's or one binding the element.
    private func innerEnvironment(_ id: Int, _ base: PipelineEnvironment) -> PipelineEnvironment {
        guard !plan.bindsElement, id < 64 else { return base.inner(id) }
        while innerEnvironments.count <= id { innerEnvironments.append(env.inner(innerEnvironments.count)) }
        return innerEnvironments[id]
    }

    init(_ plan: RequestPlan, _ arguments: [CompiledExpr], _ makeInner: [InnerOperators], _ env: PipelineEnvironment) {
        self.plan = plan
        self.arguments = arguments
        self.makeInner = makeInner
        self.env = env
        self.sources = makeInner.indices.map { plan.innerSources(ofBranch: $0) }
        let instrumentation = env.instrumentation
        self.choice = plan.choice.map { InnerChoice($0, instrumentation: instrumentation) }
        // Few nodes emit in `flush` (`combineLatest`, see Nodes/): a flush per transaction
        // would walk every pending inner stream, O(pending) each.
        self.innerFlushes = Self.flushes(plan.inner)
    }

    /// Whether one of `operators` emits at the end of a transaction, or a nested request's
    /// (NestedRequests.swift) does.
    private static func flushes(_ operators: [OperatorPlan]) -> Bool {
        operators.contains { op in
            OperatorCatalog.entry(named: op.name)?.emitsOnFlush == true || op.arguments.request.map { flushes($0.inner) } == true
        }
    }

    /// Set when the request runs the work of a row's action whose operators listen to the row's
    /// own streams (`takeUntil: pause`): whether an execution (its element, the row as it
    /// started) is of the row an element of those streams fired with. Each execution hears its
    /// own row's, as each cell's `take(until: pause)` subscribes to its own relay.
    var sameRow: ((_ execution: Value, _ row: Value) -> Bool)?

    /// Set when the request runs a row's streams (``CellsPlan/RowStream``): what the row's inner
    /// stream hears of an element of source `index`, a stream of the row that fired with the row
    /// (the value of the input it stands for).
    var rowValue: ((_ index: Int, _ row: Value) -> Value)?

    func onSecondary(_ index: Int, _ value: Value) {
        build()
        // A snapshot: an inner stream may end (and leave `active`) on this element.
        if let sameRow {
            let heard = rowValue?(index, value) ?? value
            for stream in active.streams where sameRow(stream.element ?? .none, value) { stream.receive(index, heard) }
            return
        }
        for stream in active.streams { stream.receive(index, value) }
    }

    /// Not the default (an error ending the output): the end reaches each inner stream, whose
    /// operator decides (`takeUntil` ignores a completion, `combineLatest` ends on an error).
    func onSecondaryEnd(_ index: Int, _ end: StreamEnd) {
        build()
        for stream in active.streams { stream.receiveEnd(index, end) }
    }

    func flush() {
        guard innerFlushes else { return }
        build()
        for stream in active.streams { stream.flush() }
    }

    func on(_ event: StreamEvent) {
        // `flatMapLatest` cancels every inner stream on a new element: ``cancelAll()`` does that
        // to unbuilt ones without building them.
        if case .next = event, plan.strategy == .latest {} else { build() }
        switch event {
        case .next(let value):
            // `flatMapFirst` drops an element while an inner stream runs, before anything of it
            // is computed: RxSwift calls no selector for it.
            if plan.strategy == .first, !active.isEmpty { return }
            // With `as:`, `with:` and the inner stream's operators read the element by that name.
            let env = plan.bindsElement ? env.binding(element: value) : env
            let element = [value]
            // A choice picks the inner stream first, its conditions read as the element arrives.
            var branch = 0
            if let choice {
                switch choice.pick(env, element, operator: plan.name) {
                case .branch(let chosen): branch = chosen
                case .failed(let error):
                    if let rowExecution { return rowExecution(value, .error(error)) }
                    if let executionEnded { return failExecution(error, executionEnded) }
                    cancelAll()
                    dropWaiting()
                    return forward(.error(error))
                }
            }
            let expressions = choice?.arguments(ofBranch: branch, first: arguments) ?? arguments
            var values: [Value] = []
            values.reserveCapacity(expressions.count)
            for f in expressions {
                // As a throwing selector of RxSwift's `flatMapLatest`: the output ends with the
                // error, and the inner streams running are cancelled.
                switch env.attempt(f, element, operator: plan.name) {
                case .value(let v): values.append(v)
                case .failed(let error):
                    if let rowExecution { return rowExecution(value, .error(error)) }
                    if let executionEnded { return failExecution(error, executionEnded) }
                    cancelAll()
                    dropWaiting()
                    return forward(.error(error))
                }
            }
            switch plan.strategy {
            case .latest:
                cancelAll()
                subscribe(values, env, branch)
            case .merge, .first:
                subscribe(values, env, branch)
            case .concat:
                if active.isEmpty && !hasWaiting { subscribe(values, env, branch) } else { waiting.append((values, env, branch)) }
            }
        case .failure:
            forward(event)
        case .completed:
            upstreamDone = true
            finishIfDone()
        case .error:
            cancelAll()
            dropWaiting()
            forward(event)
        }
    }

    /// Its inner streams (their answers' events are timers on the clock), the elements waiting
    /// for their turn, and whether its source completed.
    var operatorState: OperatorState {
        .requests(RequestState(active: unbuilt ?? active.entries.map { $0.stream.state(id: $0.id) },
                               waiting: waiting[waitingHead...].map { .init(arguments: $0.arguments, element: $0.env.element, branch: $0.branch) },
                               upstreamDone: upstreamDone))
    }

    /// The inner streams running now are dropped without a trace (no cancellation is recorded:
    /// the state restored never had them) and those of `state` are rebuilt, subscribed already,
    /// when something first needs them (``build()``).
    func restore(_ state: OperatorState) {
        guard case .requests(let saved) = state else { return }
        _ = active.removeAll()
        active.reallocate()
        unbuilt = saved.active.isEmpty ? nil : saved.active
        waiting = saved.waiting.map { ($0.arguments, $0.element.map { env.binding(element: $0) } ?? env, $0.branch) }
        waitingHead = 0
        upstreamDone = saved.upstreamDone
        draining = false
    }

    /// Builds the inner streams ``restore(_:)`` gave back, as they were saved.
    private func build() {
        guard let saved = unbuilt else { return }
        unbuilt = nil
        for inner in saved {
            let id = inner.id
            let streamEnv = innerEnvironment(id, inner.element.map { env.binding(element: $0) } ?? env)
            let (call, source) = plan.branch(inner.branch)
            let b = min(inner.branch, makeInner.count - 1)
            let stream = InnerStream(restoring: inner, service: call.service, source: source, names: call.argumentNames, operators: makeInner[b],
                                     sources: sources[b], env: streamEnv) { [weak self] event in
                self?.inner(id, event)
            }
            active.insert(id, stream)
        }
        active.reallocate()
    }

    /// A timer of inner stream ``StreamTimer/Address/inner`` came due.
    func fire(inner timer: StreamTimer) {
        build()
        active.stream(timer.address.innerStream(nestedRequest: env.address.isNestedRequest))?.fire(timer)
    }

    func dispose() {
        cancelAll()
        dropWaiting()
    }

    /// `env`: the request's, or with `as:` one binding the outer element.
    private func subscribe(_ values: [Value], _ env: PipelineEnvironment, _ branch: Int) {
        let id = active.allocate()
        let (call, source) = plan.branch(branch)
        let b = min(branch, makeInner.count - 1)
        let stream = InnerStream(service: call.service, source: source, branch: branch, names: call.argumentNames, arguments: values, operators: makeInner[b],
                                 sources: sources[b], env: innerEnvironment(id, env)) { [weak self] event in
            self?.inner(id, event)
        }
        active.insert(id, stream)
        stream.subscribe()
    }

    private func inner(_ id: Int, _ event: StreamEvent) {
        guard active.contains(id) else { return }
        if let rowExecution {
            let row = active.stream(id)?.element ?? .none
            if event.isTerminal { active.remove(id) }
            return rowExecution(row, event)
        }
        switch event {
        case .next, .failure:
            forward(event)
        case .completed:
            active.remove(id)
            innerEnded()
            executionEnded?(true)
        case .error(let e):
            active.remove(id)
            if let executionEnded { return failExecution(e, executionEnded) }
            if plan.failuresEnd {
                cancelAll()
                dropWaiting()
                forward(.error(e))
            } else {
                forward(.failure(e))
                innerEnded()
            }
        }
    }

    /// Cancels the running inner streams whose element `matches` (a row's executions, when the
    /// row leaves its list): their timers dropped, their calls cancelled, each cancellation
    /// recorded. Returns whether any ran.
    func cancelExecutions(where matches: (Value) -> Bool) -> Bool {
        build()
        var cancelled = false
        for entry in active.entries where matches(entry.stream.element ?? .none) {
            active.remove(entry.id)
            entry.stream.cancel()
            cancelled = true
        }
        return cancelled
    }

    /// An action's execution failed: its error, then its end.
    private func failExecution(_ error: ErrorValue, _ ended: (Bool) -> Void) {
        forward(.failure(error))
        ended(false)
    }

    private func innerEnded() {
        if plan.strategy == .concat {
            // An inner stream may end while it is subscribed (`take: 0` in its ops): loop here
            // rather than recurse, so thousands of waiting elements cannot overflow the stack.
            guard !draining else { return }
            draining = true
            while active.isEmpty, hasWaiting {
                let next = nextWaiting()
                subscribe(next.arguments, next.env, next.branch)
            }
            draining = false
        }
        finishIfDone()
    }

    private func finishIfDone() {
        if upstreamDone && active.isEmpty && !hasWaiting { forward(.completed) }
    }

    /// The oldest waiting arguments; the queue's storage is compacted once half of it is spent.
    private func nextWaiting() -> (arguments: [Value], env: PipelineEnvironment, branch: Int) {
        let values = waiting[waitingHead]
        waitingHead += 1
        if waitingHead == waiting.count {
            waiting.removeAll(keepingCapacity: true)
            waitingHead = 0
        } else if waitingHead > 64 && waitingHead * 2 > waiting.count {
            waiting.removeFirst(waitingHead)
            waitingHead = 0
        }
        return values
    }

    private func dropWaiting() {
        waiting.removeAll()
        waitingHead = 0
    }

    /// Cancels every running inner stream, in subscription order (the timeline records each).
    private func cancelAll() {
        if let saved = unbuilt, plan.inner.isEmpty {
            // What ``InnerStream/cancel()`` does to a stream restored with no operators of its
            // own, in the same order: its timers dropped, its cancellation recorded. No live call
            // is restored. Ids are taken smallest first, so the table left empty allocates as
            // the built one emptied would.
            unbuilt = nil
            env.cancelTimers()
            for inner in saved {
                let (call, source) = plan.branch(inner.branch)
                InnerStream.recordCancelled(service: call.service, source: source, names: call.argumentNames, arguments: inner.arguments,
                                            subscribedAt: inner.subscribedAt, env: env)
            }
            return
        }
        build()
        guard !active.isEmpty else { return }
        // Every inner stream's timers in one pass (each stream's own cancel then finds none):
        // one by one, n running streams cost n scans of the clock's n timers.
        env.cancelTimers()
        for stream in active.removeAll() { stream.cancel() }
    }
}
