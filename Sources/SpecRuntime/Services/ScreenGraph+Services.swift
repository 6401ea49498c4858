/// The service seam on the graph's side: the spec's fakes answer on the clock; a service with a
/// live provider (``LiveCalls``, installed by a live host) is called in a task and answers as a job
/// of the host's executor.
extension ScreenGraph {
    /// The fake service's answer to its next call: the first case matching the arguments, else
    /// successive results, the last one repeating.
    func call(service index: Int, names: [String], arguments: [Value]) -> (ServicePlan.Outcome, Int) {
        guard services.indices.contains(index) else { return (.success(.void), 0) }
        let count = serviceCalls[index]
        serviceCalls[index] = count &+ 1
        if hooks.called != nil { pendingCalls.append((clock.now, index, names, arguments)) }
        if let override = hooks.serviceChoice, let chosen = override(index, names, arguments, count) { return chosen }
        let choice = services[index].choose(arguments: names, arguments, count: count)
        instrumentation?.answered(services[index], choice)
        return services[index].answer(choice, arguments: names, arguments)
    }

    /// The request a live provider gets for a call of service `index`.
    func request(_ index: Int, _ names: [String], _ arguments: [Value]) -> ServiceRequest {
        let plan = services[index]
        var request = ServiceRequest(service: plan.name, parameters: names, arguments: arguments, returns: plan.returns, types: spec.types)
        request.errorBodies = plan.errorBodies
        return request
    }

    /// Starts a live call of service `index` when a live provider serves it, else nil (the fake
    /// answers). `deliver` runs as graph work with the answer, unless the call is cancelled first.
    func callLive(service index: Int, names: [String], arguments: [Value],
                  deliver: @escaping (ServicePlan.Outcome) -> Void) -> LiveCalls.Call? {
        guard let calls = liveCalls, let provider = calls.provider(index) else { return nil }
        let count = serviceCalls[index]
        serviceCalls[index] = count &+ 1
        if hooks.called != nil { pendingCalls.append((clock.now, index, names, arguments)) }
        return calls.start(provider, service: index, count: count, request(index, names, arguments), deliver: deliver)
    }

    /// Tells ``GraphHooks/called`` of the calls the transaction made, after its emissions: where
    /// a call is printed then does not depend on how the work that made it is built (an action's
    /// `ops:`, a row's stream), only on the transaction it was made in.
    ///
    /// Then the inner streams their own operators ended (``pendingCancels``): RxSwift's `take`
    /// sends its last element down, completes, and only then disposes its source.
    @inline(__always)
    func reportAfterEmissionsIfAny() {
        if !pendingCalls.isEmpty || !pendingCancels.isEmpty { reportAfterEmissions() }
    }

    private func reportAfterEmissions() {
        let calls = pendingCalls
        pendingCalls.removeAll()
        for call in calls { hooks.called?(call.time, call.service, call.names, call.arguments) }
        let cancels = pendingCancels
        pendingCancels.removeAll()
        for cancel in cancels { hooks.cancel?(cancel.time, cancel.node, cancel.call) }
    }
}
