import ScreenSpec
import SpecRuntime
import SpecTools

/// Services under the person's control: the next answer of each service chosen among the
/// answers `specrun explore` chooses among (``ServicePlan/answerChoices(explored:)``), and with
/// `--live` the `http:` services answered by the backend. Every call made while recording is
/// logged, so the chosen and live answers become the recorded scenario's `services:` override.
extension PreviewSession {
    /// The answers the page offers for service `index`: with `--live`, first the backend (nil),
    /// then the explorer's choices, the spec's declared answer first, then the failures the
    /// scenarios' `services:` overrides give it (login's `http(401)` is only there), then any
    /// service's failures: `decode`, `timeout`, `unknown`. An `http(N)` of any status is one more
    /// choice, after these (``anyHTTPChoice(_:)``), its status given with it.
    func choices(_ index: Int) -> [ExploreOutcome?] {
        let explored = spec.explore.services.first { $0.index == index }?.outcomes ?? []
        var offered = spec.services[index].answerChoices(explored: explored)
        let generic: [ErrorValue] = [ErrorValue(.decode), ErrorValue(.timeout), ErrorValue(.unknown)]
        for failure in overrideFailures(index) + generic {
            let candidate = ExploreOutcome(outcome: .failure(failure), latency: nil)
            if !offered.contains(where: { $0.outcome == candidate.outcome && $0.latency == candidate.latency }) { offered.append(candidate) }
        }
        let listed = offered.map { Optional($0) }
        return isLive(index) ? [nil] + listed : listed
    }

    /// The index of the page's last choice for service `index`: `fail: http(N)` with the status
    /// the page gives.
    func anyHTTPChoice(_ index: Int) -> Int { choices(index).count }

    /// The failures the scenarios' `services:` overrides give service `index`, in the order the
    /// spec writes them: each override's `results:` and cases' results that fail.
    private func overrideFailures(_ index: Int) -> [ErrorValue] {
        var failures: [ErrorValue] = []
        for scenario in spec.scenarios {
            for (service, plan) in scenario.services where service == index {
                for result in plan.results + plan.cases.map(\.result) {
                    if case .failure(let error) = result.outcome, !failures.contains(error) { failures.append(error) }
                }
            }
        }
        return failures
    }

    func isLive(_ index: Int) -> Bool { backend?.services.contains(index) == true }

    /// Which of ``choices(_:)`` the next call of service `index` takes now (``anyHTTPChoice(_:)``
    /// for an `http(N)` not among them).
    func chosenIndex(_ index: Int) -> Int {
        guard let pending = chosen[index] else { return 0 }
        if let listed = choices(index).firstIndex(where: { c in c.map { $0.outcome == pending.outcome && $0.latency == pending.latency } ?? false }) {
            return listed
        }
        if case .failure(let error)? = pending.outcome, error.kind == .http { return anyHTTPChoice(index) }
        return 0
    }

    /// The status of the `http(N)` chosen for service `index`'s next call, if one is.
    func chosenStatus(_ index: Int) -> Int? {
        if case .failure(let error)? = chosen[index]?.outcome, error.kind == .http { return error.status }
        return nil
    }

    /// The page's `answer` request: the next call of the named service answers choice `k`; the
    /// last choice fails with `http(status)`.
    func choose(service name: String, choice k: Int, status: Int? = nil) throws(StepCompiler.Failure) {
        guard let index = spec.services.firstIndex(where: { $0.name == name }) else {
            throw StepCompiler.Failure(message: "'\(name)' is not a service of this spec")
        }
        var offered = choices(index)
        if k == offered.count {
            guard let status, ErrorValue.httpStatuses.contains(status) else {
                throw StepCompiler.Failure(message: "an http failure needs a status from 100 to 999")
            }
            offered.append(ExploreOutcome(outcome: .failure(ErrorValue(.http, status: status)), latency: nil))
        }
        guard offered.indices.contains(k) else { throw StepCompiler.Failure(message: "service '\(name)' has no answer \(k)") }
        if let outcome = offered[k], !(k == 0 && !isLive(index)) {
            chosen[index] = outcome
            // A chosen answer is the fake's to give: the backend sits this call out.
            if isLive(index) { graph.setLiveProvider(nil, forService: index) }
        } else {
            chosen[index] = nil
            if let backend, isLive(index) { graph.setLiveProvider(backend.provider, forService: index) }
        }
    }

    /// The graph's service hook: the person's choice for this call if there is one (once), else
    /// the declared answer; logged while recording.
    func answer(_ service: Int, _ names: [String], _ arguments: [Value], _ count: Int) -> (ServicePlan.Outcome, Int) {
        // The graph's fakes: a played scenario's `services:` overrides, not only the spec's.
        let plan = fakes[service]
        let declared = plan.answer(arguments: names, arguments, count: count)
        var answer = declared
        var pinned = false
        // A scenario being played answers as it says, whatever is chosen for the person's calls.
        if playback == nil, let choice = chosen.removeValue(forKey: service) {
            answer = choice.answer(declared: declared, serviceLatency: plan.latency)
            pinned = true
            if let backend, isLive(service) { graph.setLiveProvider(backend.provider, forService: service) }
        }
        if recorder.recording { recorder.calls.answered(service: service, at: clock.now, answer, chosen: pinned) }
        return answer
    }

    /// Lets the backend answer the `http:` services of the fresh graph (but one whose next answer
    /// the person chose); each answer is applied as one job of the session's queue, at the time
    /// it arrives, and logged while recording.
    func serveLive(_ backend: LiveBackend) {
        graph.hostLiveCalls(submit: { [weak self] job in
            guard let self else { return }
            queue.async { self.applyLive(job) }
        }, observe: { [unowned self] event in
            if recorder.recording { recorder.calls.observe(event, redact: backend.client.redact) }
        })
        for index in backend.services where chosen[index] == nil { graph.setLiveProvider(backend.provider, forService: index) }
    }

    /// A live answer, on the queue: a job of the clock, which first catches up with real time
    /// (unless paused), so the answer lands when it arrived.
    private func applyLive(_ answer: () -> Void) {
        job(answer)
        checkInvariants(after: "the backend's answer")
        broadcast()
    }

    /// How a choice reads in the page: `as declared`, `value: ()`, `fail: http(401)`, with its latency.
    func label(_ choice: ExploreOutcome?, of index: Int) -> String {
        guard let choice else { return "the backend (live)" }
        let plan = spec.services[index]
        var text: String
        switch choice.outcome {
        case nil: text = isLive(index) ? "the fake, as declared" : "as declared"
        case .success(let value)?: text = "value: " + ValueFormatter.text(value)
        case .failure(let error)?: text = "fail: " + ValueFormatter.text(.error(error))
        case .sequence(let events)?: text = "sequence of \(events.count) event\(events.count == 1 ? "" : "s")"
        }
        if let latency = choice.latency ?? (choice.outcome == nil ? nil : plan.latency) {
            text += ", after " + YAMLValueText.duration(latency)
        }
        return text
    }
}
