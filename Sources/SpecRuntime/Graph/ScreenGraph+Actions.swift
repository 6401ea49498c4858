@_spi(Engine) import SpecProgram

/// Actions, as the `Action` library runs them: enabled, executing, elements, errors, completions.
extension ScreenGraph {
    /// The `Action` library's execute: a disabled action emits `notEnabled` on `errors` and runs
    /// nothing; an enabled one becomes executing (and so disabled) until its work ends.
    func trigger(_ index: Int, input: Value) {
        let action = spec.actions[index]
        guard context.values[action.enabled].boolValue, pendingWrite[action.executing] != .bool(true) else {
            inbox[action.errors].append(.error(ErrorValue(.notEnabled)))
            enqueue(action.errors)
            return
        }
        context.payload = input
        if let work = action.work {
            // Work written as a stream: its pipeline computes the arguments and subscribes.
            pendingWrite[action.executing] = .bool(true)
            enqueue(action.executing)
            inbox[work.executions].append(input)
            enqueue(work.executions)
            return
        }
        var arguments: [Value] = []
        for f in actionArguments[index] {
            do throws(EvalError) {
                arguments.append(try f(context))
            } catch {
                report("action '\(action.name)': \(error.message)")
                inbox[action.errors].append(.error(ErrorValue(.evaluation, message: error.message)))
                enqueue(action.errors)
                return
            }
        }
        pendingWrite[action.executing] = .bool(true)
        enqueue(action.executing)
        if let calls = liveCalls, let provider = calls.provider(action.service) {
            // A live provider answers later, as a job of the host's executor.
            let count = serviceCalls[action.service]
            serviceCalls[action.service] = count &+ 1
            _ = calls.start(provider, service: action.service, count: count, request(action.service, action.argumentNames, arguments)) { [unowned self] outcome in
                finishWork(of: action, outcome)
            }
            return
        }
        let (outcome, latency) = call(service: action.service, names: action.argumentNames, arguments: arguments)
        if case .sequence(let events) = outcome {
            return playSequence(events, of: index)
        }
        clock.schedule(after: latency, .actionEnd(action: index, outcome))
    }

    /// The work's element (or error), then its completion: two steps, as in Rx.
    func finishWork(of action: ActionPlan, _ outcome: ServicePlan.Outcome) {
        switch outcome {
        case .success(let value):
            inbox[action.elements].append(value)
            enqueue(action.elements)
        case .failure(let error):
            inbox[action.errors].append(.error(error))
            enqueue(action.errors)
        case .sequence:
            break
        }
        propagate()
        pendingWrite[action.executing] = .bool(false)
        enqueue(action.executing)
        propagate()
        if case .success = outcome { completed(action) }
    }

    /// `CompletableAction.completions`: `()` once the work completed, after `executing` turned
    /// false, as the library's subscription made after the action's own. Only when the spec reads it.
    @inline(__always)
    func completed(_ action: ActionPlan) {
        guard let node = action.completions else { return }
        inbox[node].append(.void)
        enqueue(node)
        propagate()
    }

    /// Work answering a `sequence:`: each element on `elements` at its time, an error on
    /// `errors`; `executing` turns false when the sequence ends (never, if it does not).
    func playSequence(_ events: [ServicePlan.SequenceEvent], of action: Int) {
        for e in events { clock.schedule(after: e.time, .actionEvent(action: action, e.event)) }
    }

    /// One event of a `sequence:` answer came due.
    func sequenceEvent(_ event: ServicePlan.SequenceEventKind, of action: ActionPlan) {
        switch event {
        case .next(let value):
            inbox[action.elements].append(value)
            enqueue(action.elements)
            propagate()
        case .end(let end):
            if case .error(let error) = end {
                inbox[action.errors].append(.error(error))
                enqueue(action.errors)
                propagate()
            }
            pendingWrite[action.executing] = .bool(false)
            enqueue(action.executing)
            propagate()
            if case .completed = end { completed(action) }
        }
    }
}
