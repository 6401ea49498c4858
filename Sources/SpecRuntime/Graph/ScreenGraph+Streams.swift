@_spi(Engine) import SpecProgram

/// Stream outputs: what their operators may use of the graph, and `interval:`/`timer:` sources.
extension ScreenGraph {
    func makeEnvironment(_ p: Int, _ stream: StreamPlan) -> PipelineEnvironment {
        let env = PipelineEnvironment(context: context, clock: clock, name: spec.nodes[stream.output].name)
        env.instrumentation = instrumentation
        env.address = StreamTimer.Address(pipeline: p, op: -1)
        env.call = { [unowned self] service, names, arguments in call(service: service, names: names, arguments: arguments) }
        env.callLive = { [unowned self] service, names, arguments, deliver in
            callLive(service: service, names: names, arguments: arguments, deliver: deliver)
        }
        env.servesLive = { [unowned self] service in liveCalls?.provider(service) != nil }
        env.cancelLive = { [unowned self] call in liveCalls?.cancel(call) }
        env.latest = { [unowned self] node in value(of: node) }
        env.current = { [unowned self] node in spec.nodes[node].hasCurrentValue && !isValueless(node) ? context.values[node] : nil }
        env.end = { [unowned self] node in ends[node] }
        env.report = { [unowned self] message in report(message) }
        // An action's work records its cancelled calls on the action's elements, the stream its
        // work feeds (its own pipeline's node is hidden).
        let owner = if case .actionWork(let a) = spec.nodes[stream.output].role, spec.actions.indices.contains(a) { spec.actions[a].elements } else { stream.output }
        env.cancelled = { [unowned self] call in hooks.cancel?(clock.now, owner, call) }
        env.cancelledAfterEmissions = { [unowned self] call in pendingCancels.append((clock.now, owner, call)) }
        env.recordsCancellations = { [unowned self] in hooks.cancel != nil }
        env.serviceName = { [unowned self] service in services.indices.contains(service) ? services[service].name : "?" }
        return env
    }

    /// `interval:` and `timer:` sources: element `n` after `delay`, then the next one a period
    /// later, or the completion for a one-shot timer. Stops once the output ended.
    func tick(_ p: Int, _ n: Int, after delay: Int, _ timer: TimerPlan) {
        clock.schedule(after: delay, .tick(pipeline: p, n: n))
    }

    /// Runs a timer of this graph that came due (see ``GraphTimer``).
    func fire(_ timer: GraphTimer) {
        switch timer {
        case .actionEnd(let action, let outcome):
            finishWork(of: spec.actions[action], outcome)
        case .actionEvent(let action, let event):
            sequenceEvent(event, of: spec.actions[action])
        case .tick(let p, let n):
            let pipeline = pipelines[p]
            guard !pipeline.ended, let plan = pipeline.plan.timer else { return }
            pipeline.receive(.int(n))
            if let period = plan.period {
                if n < Int.max { tick(p, n + 1, after: period, plan) }
            } else {
                pipeline.receiveEnd(op: -1, index: 0, .completed)
            }
            enqueue(spec.streams[p].output)
            propagate()
        case .stream(let t):
            let p = t.address.pipeline
            pipelines[p].receive(timer: t)
            guard p < spec.streams.count else { return runRowWork(p) }
            enqueue(spec.streams[p].output)
            propagate()
        case .rowActionEnd(let call, let outcome):
            finishRowWork(call, outcome)
        case .rowActionEvent(let call, let event):
            rowSequenceEvent(call, event)
        }
    }
}
