/// `flatMapLatest`, `flatMap` and `concatMap`: each element calls a service, whose answer is an
/// inner stream (one value, one failure, or a `sequence:` of events over time) passed through
/// the request's own `ops:`. The three differ only in how inner streams overlap.
///
/// - An inner element is an element of the output.
/// - An inner completion ends that inner stream; the output completes once the upstream has
///   completed and no inner stream runs or waits.
/// - An inner error travels on as a failure (the stream goes on: the seeds' `Result` style), or
///   with `failures: end` ends the output with that error, as in RxSwift.
/// - A cancelled inner stream (`flatMapLatest`'s switch, the output ending) is reported to the
///   timeline, as RxTest records a subscription's end.
final class RequestSink: StreamOperator {
    var sink: StreamSink?
    private let plan: RequestPlan
    private let arguments: [CompiledExpr]
    private let makeInner: () -> [StreamOperator]
    private let env: PipelineEnvironment
    /// Running inner streams by id (ids grow in subscription order): found and removed in O(1)
    /// per inner event, so thousands pending at once cost linear time, not quadratic.
    private var active: [Int: InnerStream] = [:]
    /// `concatMap`: argument values waiting for the inner stream before them, from `waitingHead`.
    private var waiting: [[Value]] = []
    private var waitingHead = 0
    private var hasWaiting: Bool { waitingHead < waiting.count }
    private var nextID = 0
    private var upstreamDone = false
    /// `concatMap` is subscribing waiting elements in a loop.
    private var draining = false

    init(_ plan: RequestPlan, _ arguments: [CompiledExpr], _ makeInner: @escaping () -> [StreamOperator], _ env: PipelineEnvironment) {
        self.plan = plan
        self.arguments = arguments
        self.makeInner = makeInner
        self.env = env
    }

    func on(_ event: StreamEvent) {
        switch event {
        case .next(let value):
            var values: [Value] = []
            for f in arguments {
                guard let v = env.evaluate(f, [value], operator: plan.name) else {
                    forward(.failure(ErrorValue(.evaluation, message: "arguments of '\(env.name)' could not be computed")))
                    return
                }
                values.append(v)
            }
            switch plan.strategy {
            case .latest:
                cancelAll()
                subscribe(values)
            case .merge:
                subscribe(values)
            case .concat:
                if active.isEmpty && !hasWaiting { subscribe(values) } else { waiting.append(values) }
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

    func dispose() {
        cancelAll()
        dropWaiting()
    }

    private func subscribe(_ values: [Value]) {
        let id = nextID
        nextID &+= 1
        let stream = InnerStream(service: plan.call.service, names: plan.call.argumentNames, arguments: values,
                                 operators: makeInner, env: env) { [weak self] event in self?.inner(id, event) }
        active[id] = stream
        stream.subscribe()
    }

    private func inner(_ id: Int, _ event: StreamEvent) {
        guard active[id] != nil else { return }
        switch event {
        case .next, .failure:
            forward(event)
        case .completed:
            active[id] = nil
            innerEnded()
        case .error(let e):
            active[id] = nil
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

    private func innerEnded() {
        if plan.strategy == .concat {
            // An inner stream may end while it is subscribed (`take: 0` in its ops): loop here
            // rather than recurse, so thousands of waiting elements cannot overflow the stack.
            guard !draining else { return }
            draining = true
            while active.isEmpty, hasWaiting { subscribe(nextWaiting()) }
            draining = false
        }
        finishIfDone()
    }

    private func finishIfDone() {
        if upstreamDone && active.isEmpty && !hasWaiting { forward(.completed) }
    }

    /// The oldest waiting arguments; the queue's storage is compacted once half of it is spent.
    private func nextWaiting() -> [Value] {
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
        guard !active.isEmpty else { return }
        let cancelled = active.count == 1 ? Array(active.values) : active.sorted { $0.key < $1.key }.map(\.value)
        active.removeAll(keepingCapacity: true)
        for stream in cancelled { stream.cancel() }
    }
}
