@_spi(Engine) import SpecProgram

/// A row's own actions (`actions:` of a view model, ``CellsPlan/Action``), as the `Action`
/// library runs them, per row: each row executes alone, its `executing` and `enabled` are fields
/// of the row, its elements, errors and completions are inputs of the row the action feeds (the
/// row's handlers run, and the screen's `<cells>.<action>.<stream>` fires with the row). Every
/// change is a write of the rows, the one node of the entry, so propagation stays glitch-free.
///
/// A call is keyed by its row's identity (``RowCall``): when the row's element leaves the list,
/// its pending answer is dropped from the clock and a live call is cancelled, as a cell's
/// `disposeBag` disposes its subscriptions.
extension ScreenGraph {
    /// What the actions input `input` triggers decided, on the row as it was before the input's
    /// handlers wrote it (as a screen action's `with:` reads the values before a handler's write).
    struct RowDecisions {
        var started: [(index: Int, action: CellsPlan.Action, arguments: [Value])] = []
        var refused: [(action: CellsPlan.Action, error: ErrorValue)] = []
    }

    /// Each action input `input` triggers: a disabled one (or one executing) is refused with
    /// `notEnabled`; an enabled one computes its arguments from `record`, the trigger's field
    /// holding the input (`$0`), and starts; an argument that fails refuses it with that failure.
    /// `only`: decide that action alone (a direct execution, ``executeRow(cells:action:row:value:)``).
    func decideRowActions(_ c: Int, triggeredBy input: Int, _ record: RecordValue, row key: Value, only: Int? = nil) -> RowDecisions {
        var decisions = RowDecisions()
        let compiled = program.cells[c]
        guard compiled.actionsOn.indices.contains(input), !compiled.actionsOn[input].isEmpty, let actions = spec.cells[c].actions else {
            return decisions
        }
        for a in compiled.actionsOn[input] where actions.indices.contains(a) && compiled.actions.indices.contains(a) && (only ?? a) == a {
            let action = actions[a]
            let enabled = action.enabled < record.fields.count && record.fields[action.enabled].boolValue
            let executing = action.executing < record.fields.count && record.fields[action.executing] == .bool(true)
            guard enabled, !executing else {
                decisions.refused.append((action, ErrorValue(.notEnabled)))
                continue
            }
            // Work written as a stream computes its arguments in its pipeline, from the row as it
            // is now: its one "argument" is that row (ScreenGraph+RowWork.swift).
            if action.work != nil {
                decisions.started.append((a, action, [.record(record)]))
                continue
            }
            context.payload = .record(record)
            var arguments: [Value] = []
            do throws(EvalError) {
                for f in compiled.actions[a].arguments { arguments.append(try f(context)) }
                decisions.started.append((a, action, arguments))
            } catch {
                report("\(rowName(c, key)), action '\(action.name)': \(error.message)")
                decisions.refused.append((action, ErrorValue(.evaluation, message: error.message)))
            }
        }
        return decisions
    }

    /// Each action's `enabled` field: its `enabledIf:` over the row, and not executing.
    func computeEnabled(_ c: Int, _ actions: [CellsPlan.Action], _ row: inout RecordValue, row key: Value) {
        let compiled = program.cells[c].actions
        for (a, action) in actions.enumerated() where action.enabled < row.fields.count && compiled.indices.contains(a) {
            let executing = action.executing < row.fields.count && row.fields[action.executing] == .bool(true)
            var condition = true
            if let f = compiled[a].enabledIf {
                context.payload = .record(row)
                do throws(EvalError) {
                    condition = try f(context).boolValue
                } catch {
                    condition = false
                    noteRowOutputFailed(c)
                    report("\(rowName(c, key)), '\(action.name).enabled': \(error.message)")
                }
            }
            row.fields[action.enabled] = .bool(condition && !executing)
        }
    }

    /// Calls the action's service for the row: a live provider answers as graph work, the fake
    /// on the clock (each event of a `sequence:` answer at its time).
    func startRowCall(_ call: RowCall, _ arguments: [Value]) {
        guard let action = rowAction(call) else { return }
        if action.work != nil { return startRowWork(call, row: arguments.first ?? .none) }
        if let live = callLive(service: action.service, names: action.argumentNames, arguments: arguments,
                               deliver: { [unowned self] outcome in finishRowWork(call, outcome) }) {
            rowLiveCalls[call] = live
            return
        }
        let (outcome, latency) = self.call(service: action.service, names: action.argumentNames, arguments: arguments)
        if case .sequence(let events) = outcome {
            for e in events { clock.schedule(after: e.time, .rowActionEvent(call, e.event)) }
            return
        }
        clock.schedule(after: latency, .rowActionEnd(call, outcome))
    }

    /// The call answered: its element (or error) on the row, then `executing` false, then
    /// `completions`, each a transaction, as ``finishWork(of:_:)`` does for a screen action.
    func finishRowWork(_ call: RowCall, _ outcome: ServicePlan.Outcome) {
        rowLiveCalls[call] = nil
        guard let action = rowAction(call) else { return }
        switch outcome {
        case .success(let value): rowEvent(call, action.elements, value)
        case .failure(let error): rowEvent(call, action.errors, .error(error))
        case .sequence: break
        }
        endRowExecution(call, completed: { if case .success = outcome { true } else { false } }())
    }

    /// One event of a `sequence:` answer came due.
    func rowSequenceEvent(_ call: RowCall, _ event: ServicePlan.SequenceEventKind) {
        guard let action = rowAction(call) else { return }
        switch event {
        case .next(let value):
            rowEvent(call, action.elements, value)
        case .end(.error(let error)):
            rowEvent(call, action.errors, .error(error))
            endRowExecution(call, completed: false)
        case .end(.completed):
            endRowExecution(call, completed: true)
        }
    }

    /// The row's pending calls, when its element left the list: dropped, and reported as
    /// cancelled on the action's `elements`, as a request's cancelled call is on its output.
    func disposeRowCalls(_ c: Int, _ row: RecordValue, row key: Value) {
        guard let actions = spec.cells[c].actions else { return }
        for (a, action) in actions.enumerated() where action.executing < row.fields.count && row.fields[action.executing] == .bool(true) {
            let call = RowCall(cells: c, action: a, row: key)
            if action.work != nil {
                disposeRowWork(call)
                continue
            }
            let ofCall: (GraphTimer) -> Bool = { timer in
                switch timer {
                case .rowActionEnd(let pending, _), .rowActionEvent(let pending, _): pending == call
                default: false
                }
            }
            // A row removed by what its own answer set off (a handler on `settings.save.elements`)
            // has nothing pending: nothing is cancelled.
            let pending = clock.firstDue(where: ofCall) != nil
            if pending { clock.cancel(where: ofCall) }
            let live = rowLiveCalls.removeValue(forKey: call)
            if let live { liveCalls?.cancel(live) }
            guard pending || live != nil else { continue }
            let plan = spec.cells[c]
            guard plan.inputs.indices.contains(action.elements), services.indices.contains(action.service) else { continue }
            hooks.cancel?(clock.now, plan.inputs[action.elements].node, "\(services[action.service].name) of row \(ValueFormatter.text(key))")
        }
    }

    /// The action `call` names, nil in a program that has no such action.
    func rowAction(_ call: RowCall) -> CellsPlan.Action? {
        guard spec.cells.indices.contains(call.cells), let actions = spec.cells[call.cells].actions, actions.indices.contains(call.action) else {
            return nil
        }
        return actions[call.action]
    }

    /// One transaction: `value` on the row's stream `input` (its field, its handlers, the
    /// screen's stream), when the row is still there.
    func rowEvent(_ call: RowCall, _ input: Int, _ value: Value) {
        let plan = spec.cells[call.cells]
        guard plan.inputs.indices.contains(input), let found = row(call.cells, call.row) else { return }
        var record = found.record
        if let field = plan.inputs[input].field, field < record.fields.count { record.fields[field] = value }
        runRowHandlers(call.cells, input, &record, row: call.row)
        writeRow(call.cells, record, at: found.at, in: found.rows, row: call.row, firing: [input])
        propagate()
    }

    /// `executing` turns false (and `enabled` follows) in a transaction of its own; then
    /// `completions`, if the work completed.
    func endRowExecution(_ call: RowCall, completed: Bool) {
        guard let action = rowAction(call), let found = row(call.cells, call.row) else { return }
        var record = found.record
        if action.executing < record.fields.count { record.fields[action.executing] = .bool(false) }
        writeRow(call.cells, record, at: found.at, in: found.rows, row: call.row, firing: [])
        propagate()
        if completed { rowEvent(call, action.completions, .void) }
    }
}
