/// Stream outputs: what their operators may use of the graph, and `interval:`/`timer:` sources.
extension ScreenGraph {
    func makeEnvironment(_ p: Int, _ stream: StreamPlan) -> PipelineEnvironment {
        let env = PipelineEnvironment(context: context, clock: clock, name: spec.nodes[stream.output].name)
        env.coverage = coverage
        env.schedule = { [unowned self] delay, work in
            clock.schedule(after: delay) { [unowned self] in
                pipelines[p].inbox.append(work)
                enqueue(stream.output)
                propagate()
            }
        }
        env.call = { [unowned self] service, names, arguments in call(service: service, names: names, arguments: arguments) }
        env.callLive = { [unowned self] service, names, arguments, deliver in
            callLive(service: service, names: names, arguments: arguments, deliver: deliver)
        }
        env.cancelLive = { [unowned self] call in liveCalls?.cancel(call) }
        env.latest = { [unowned self] node in value(of: node) }
        env.current = { [unowned self] node in spec.nodes[node].hasCurrentValue && !isValueless(node) ? context.values[node] : nil }
        env.end = { [unowned self] node in ends[node] }
        env.report = { [unowned self] message in report(message) }
        env.cancelled = { [unowned self] call in onCancel?(clock.now, stream.output, call) }
        env.serviceName = { [unowned self] service in services.indices.contains(service) ? services[service].name : "?" }
        return env
    }

    /// `interval:` and `timer:` sources: element `n` after `delay`, then the next one a period
    /// later, or the completion for a one-shot timer. Stops once the output ended.
    func tick(_ p: Int, _ n: Int, after delay: Int, _ timer: TimerPlan) {
        clock.schedule(after: delay) { [unowned self] in
            let pipeline = pipelines[p]
            guard !pipeline.ended else { return }
            pipeline.receive(.int(n))
            if let period = timer.period {
                if n < Int.max { tick(p, n + 1, after: period, timer) }
            } else {
                pipeline.receiveEnd(op: -1, index: 0, .completed)
            }
            enqueue(spec.streams[p].output)
            propagate()
        }
    }
}
