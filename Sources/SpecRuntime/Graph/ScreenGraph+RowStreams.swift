@_spi(Engine) import SpecProgram

/// A row's stream outputs (``CellsPlan/RowStream``), run by the machinery of a row's work
/// (ScreenGraph+RowWork.swift): one pipeline per entry of `cells:` and stream, numbered after the
/// entry's actions, whose request holds one inner stream per row. A row's inner stream is
/// subscribed when the row is made (``startRowStreams(_:_:row:)``), hears its own row's inputs
/// alone (`sameRow`, and ``rowStreamValue(_:_:_:)`` for the value each one carries), and is
/// disposed when the row leaves its list (``disposeRowStreams(_:row:)``): its operators' state
/// and timers are the row's own, as each cell view model's `postcode.debounce(…)` is. Its
/// elements are settled on the row after the transaction that produced them, each in a
/// transaction of its own, as a row action's are: the row's input the stream feeds takes it.
/// The pipelines are the graph's, so exploration saves, restores and digests them with the rest.
extension ScreenGraph {
    /// The stream of its row `call` names (its `action` numbered after the entry's actions), nil
    /// for an action.
    func rowStreamIndex(_ call: RowCall) -> Int? {
        guard spec.cells.indices.contains(call.cells), let streams = spec.cells[call.cells].streams else { return nil }
        let s = call.action - (spec.cells[call.cells].actions?.count ?? 0)
        return streams.indices.contains(s) ? s : nil
    }

    /// What a row's inner stream of stream `s` of entry `c` hears when a stream of its row fires
    /// with the row: the value of that input (its field; void for an event).
    func rowStreamValue(_ c: Int, _ s: Int, _ plan: StreamPlan) -> (Int, Value) -> Value {
        let inputs = spec.cells[c].inputs
        let fields: [Int?] = (plan.operators.first?.arguments.request?.innerSources ?? []).map { source in
            inputs.first { $0.node == source.node }?.field
        }
        return { index, row in
            guard fields.indices.contains(index), let field = fields[index] else { return .void }
            guard case .record(let record) = row, field < record.fields.count else { return .none }
            return record.fields[field]
        }
    }

    /// The timeline names a row's stream disposed with its row as such, rather than by its
    /// source (`never`, which stands for the row's input it merges).
    func describeRowStreamCancellations(_ environment: PipelineEnvironment, _ plan: StreamPlan) {
        let owner = plan.output
        func described(_ text: String) -> String { text.hasPrefix("never, ") ? "the row's stream, " + text.dropFirst("never, ".count) : text }
        environment.cancelled = { [unowned self] text in hooks.cancel?(clock.now, owner, described(text)) }
        environment.cancelledAfterEmissions = { [unowned self] text in pendingCancels.append((clock.now, owner, described(text))) }
    }

    /// A row of entry `c` was made (`record`, as made): each of its streams subscribes for it.
    /// What they give at once (`startWith`) is settled after this transaction.
    func startRowStreams(_ c: Int, _ record: RecordValue, row key: Value) {
        let actions = spec.cells[c].actions?.count ?? 0
        for s in (spec.cells[c].streams ?? []).indices {
            guard let p = rowWorkPipelineIndex(RowCall(cells: c, action: actions + s, row: key)) else { continue }
            pipelines[p].receive(.record(record))
            _ = pipelines[p].process()
        }
    }

    /// The row `key` of entry `c` left its list: its streams are disposed (their timers dropped,
    /// their calls cancelled, the timeline recording each), and nothing they gave is settled.
    func disposeRowStreams(_ c: Int, row key: Value) {
        let actions = spec.cells[c].actions?.count ?? 0
        for s in (spec.cells[c].streams ?? []).indices {
            let call = RowCall(cells: c, action: actions + s, row: key)
            guard let p = rowWorkPipelineIndex(call) else { continue }
            _ = pipelines[p].cancelRowExecutions(where: { rowIdentity(c, $0) == key })
            rowWorkEvents.removeAll { $0.call == call }
        }
    }

    /// One event of a row's stream `s`: an element on the row's input it feeds (its field, the
    /// actions it triggers, its handlers, `<cells>.<name>`), in a transaction of its own; a failure
    /// on the row's `<name>.errors` when its `ops:` hold a request, as a screen's stream's on its
    /// `errors`, the row's stream going on, or ended by the error when its request has `failures:
    /// end` (the row's merging request ends that row's inner stream alone); a failure of a stream
    /// with no request is reported (`catch` in its `ops:` recovers); its end ends it.
    func settleRowStream(_ call: RowCall, _ s: Int, _ event: StreamEvent) {
        let plan = spec.cells[call.cells]
        guard let stream = plan.streams?[s] else { return }
        switch event {
        case .next(let value):
            // As a step's value on one of the row's inputs: the actions it triggers decide too.
            guard let found = row(call.cells, call.row) else { return }
            fireRow(call.cells, stream.input, found, row: call.row, value: value)
            propagate()
        case .failure(let error) where stream.errors != nil, .error(let error) where stream.errors != nil:
            guard let errors = stream.errors, let found = row(call.cells, call.row) else { return }
            fireRow(call.cells, errors, found, row: call.row, value: .error(error))
            propagate()
        case .failure(let error), .error(let error):
            report("\(rowName(call.cells, call.row)), stream '\(stream.name)': \(ValueFormatter.text(.error(error)))")
        case .completed:
            break
        }
    }
}
