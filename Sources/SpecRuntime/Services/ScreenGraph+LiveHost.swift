/// A graph on a virtual clock whose services may still be answered live: what `specrun preview
/// --live` runs. ``LiveScreen`` owns its graph and clock; the preview drives its own clock from
/// the wall clock and needs only the live half of the service seam, ``LiveCalls``, which this
/// installs.
extension ScreenGraph {
    /// Lets live providers answer this graph's services (none until ``setLiveProvider(_:forService:)``).
    /// `submit` runs a job later as graph work, on the host's one serial queue; `observe` hears of
    /// each live call (see ``LiveCallEvent``). Services keep their `timeout:`.
    package func hostLiveCalls(submit: @escaping @Sendable (@escaping @Sendable () -> Void) -> Void, observe: ((LiveCallEvent) -> Void)? = nil) {
        let calls = LiveCalls(services: spec.services.count, clock: clock, submit: submit)
        for (i, service) in spec.services.enumerated() { calls.setTimeout(service.timeout, for: i) }
        calls.observer = observe
        liveCalls = calls
    }

    /// Serves service `index` with `provider` from its next call on; nil: its fake answers.
    package func setLiveProvider(_ provider: (any ServiceProvider)?, forService index: Int) {
        liveCalls?.setProvider(provider, for: index)
    }

    /// The live provider of service `index`, nil when its fake answers.
    package func liveProvider(forService index: Int) -> (any ServiceProvider)? {
        liveCalls?.provider(index)
    }

    /// Cancels every live call in flight and drops their answers: the host is done with the graph.
    package func stopLiveCalls() {
        liveCalls?.stopAll()
    }
}
