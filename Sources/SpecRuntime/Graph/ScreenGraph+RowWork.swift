@_spi(Engine) import SpecProgram

/// A row's action whose work is a stream (``CellsPlan/Action/work``: a call with its own `ops:`,
/// `just:`, a timer, a choice), run by the machinery of a screen action's work
/// (ScreenGraph+ActionWork.swift): one pipeline per entry of `cells:` and action, after the
/// streams' in ``pipelines``, whose one operator is the work's request merging its inner
/// streams (``RequestSink``). Each inner stream is one row's execution, bound to the row as it
/// was when it started, so its `with:`, its choice's `if:` and its `ops:` read that row.
///
/// What an execution does comes back with its row (``RequestSink/rowExecution``) rather than
/// downstream, and is queued; after the transaction that ran the pipeline, each event is settled
/// on its row in a transaction of its own, as a plain call's answer is (``rowEvent(_:_:_:)``,
/// ``endRowExecution(_:completed:)``): an element on the row's `elements`, a failure on its
/// `errors`, an end turning its `executing` false, then `completions` if it completed. Every row
/// runs its own execution; a row leaving its list cancels its own (its timers and calls), as a
/// cell's `disposeBag` disposes its subscriptions. The pipelines' states are the graph's as the
/// streams' are, so exploration saves, restores and digests them with the rest.
extension ScreenGraph {
    /// Per entry of `cells:`, per action, the index its work's pipeline has in ``pipelines``
    /// (after the streams'), else -1; then per stream of its rows (``CellsPlan/RowStream``),
    /// numbered after the actions, its pipeline's (ScreenGraph+RowStreams.swift).
    static func rowWorkPipelines(_ spec: CheckedSpec) -> [[Int]] {
        var next = spec.streams.count
        return spec.cells.map { entry in
            let actions = (entry.actions ?? []).map { action in
                guard action.work != nil else { return -1 }
                defer { next += 1 }
                return next
            }
            let streams = (entry.streams ?? []).map { _ in
                defer { next += 1 }
                return next
            }
            return actions + streams
        }
    }

    /// The plans of the pipelines of ``rowWorkPipelines(_:)``, in its order
    /// (``CellsPlan/rowWorkStream(_:)``): the program routes the row's streams they listen to
    /// (`takeUntil: pause`) to them, and the graph makes them.
    static func rowWorkStreams(_ spec: CheckedSpec) -> [(cells: Int, action: Int, plan: StreamPlan)] {
        var out: [(cells: Int, action: Int, plan: StreamPlan)] = []
        for (c, entry) in spec.cells.enumerated() {
            for (a, action) in (entry.actions ?? []).enumerated() where action.work != nil {
                // A program the validator took always has one; a placeholder keeps the order.
                let plan = entry.rowWorkStream(a) ?? StreamPlan(output: entry.node, source: -1, operators: [], holdsValue: false)
                out.append((c, a, plan))
            }
            let actions = entry.actions?.count ?? 0
            for s in (entry.streams ?? []).indices {
                let plan = entry.rowStreamPlan(s) ?? StreamPlan(output: entry.node, source: -1, operators: [], holdsValue: false)
                out.append((c, actions + s, plan))
            }
        }
        return out
    }

    /// Makes the pipelines of ``rowWorkPipelines(_:)``, in its order, each request telling the
    /// graph what its executions do, and which of its executions a stream of a row it listens to
    /// reaches: the row's own (`downloads.pause` fires with the row, and only that row's
    /// `takeUntil: pause` hears it). Its node (for names and the timeline's cancellations) is the
    /// screen's stream of the action's elements, `settings.save.elements`.
    func connectRowWork() {
        for (c, a, plan) in Self.rowWorkStreams(spec) {
            let p = storedPipelines.count
            let environment = makeEnvironment(p, plan)
            let stream = rowStreamIndex(RowCall(cells: c, action: a, row: .none))
            if stream != nil { describeRowStreamCancellations(environment, plan) }
            let pipeline = StreamPipeline(plan: plan, environment: environment)
            if let stream { pipeline.request?.rowValue = rowStreamValue(c, stream, plan) }
            pipeline.request?.rowExecution = { [unowned self] row, event in
                rowWorkEvents.append((RowCall(cells: c, action: a, row: rowIdentity(c, row)), event))
            }
            if !(plan.operators.first?.secondarySources.isEmpty ?? true) {
                pipeline.request?.sameRow = { [unowned self] execution, row in rowIdentity(c, execution) == rowIdentity(c, row) }
            }
            storedPipelines.append(pipeline)
        }
    }

    /// A stream of a row that row work pipeline `p` listens to fired (its value already in the
    /// pipeline's inbox): the pipeline runs now, and what its executions did (a `takeUntil`
    /// ending one) is settled after this transaction, as a timer's is.
    func feedRowWork(_ p: Int) {
        _ = pipelines[p].process()
    }

    /// Starts the row's execution: the pipeline subscribes to the work for `row`, the row as the
    /// action decided on it (its trigger's field holding the input). What it does at once
    /// (`just:`) is settled after the trigger's transaction.
    func startRowWork(_ call: RowCall, row: Value) {
        guard let p = rowWorkPipelineIndex(call) else { return }
        pipelines[p].receive(row)
        _ = pipelines[p].process()
    }

    /// A timer of row work pipeline `p` came due (it waits in the pipeline's inbox): the pipeline
    /// runs, and what its executions did is settled.
    func runRowWork(_ p: Int) {
        _ = pipelines[p].process()
        settleRowWork()
    }

    /// What rows' executions did, in order, each on its row in a transaction of its own (one
    /// that is settling already takes the events its own transactions queue).
    func settleRowWork() {
        guard !settlingRowWork else { return }
        settlingRowWork = true
        defer { settlingRowWork = false }
        while !rowWorkEvents.isEmpty {
            let (call, event) = rowWorkEvents.removeFirst()
            if let s = rowStreamIndex(call) {
                settleRowStream(call, s, event)
                continue
            }
            guard let action = rowAction(call) else { continue }
            switch event {
            case .next(let value):
                rowEvent(call, action.elements, value)
            case .failure(let error):
                rowEvent(call, action.errors, .error(error))
            case .error(let error):
                rowEvent(call, action.errors, .error(error))
                endRowExecution(call, completed: false)
            case .completed:
                endRowExecution(call, completed: true)
            }
        }
    }

    /// The row left its list while its action executed: its execution is cancelled (the timeline
    /// records it on the action's elements) and nothing it did is settled any more.
    func disposeRowWork(_ call: RowCall) {
        guard let p = rowWorkPipelineIndex(call) else { return }
        let c = call.cells
        _ = pipelines[p].cancelRowExecutions(where: { rowIdentity(c, $0) == call.row })
        rowWorkEvents.removeAll { $0.call == call }
    }

    /// The identity of `row`, a row of entry `c`.
    func rowIdentity(_ c: Int, _ row: Value) -> Value {
        guard case .record(let record) = row else { return .none }
        return identity(of: record.fields.first ?? .none, spec.cells[c])
    }

    func rowWorkPipelineIndex(_ call: RowCall) -> Int? {
        guard rowWorkPipeline.indices.contains(call.cells), rowWorkPipeline[call.cells].indices.contains(call.action) else { return nil }
        let p = rowWorkPipeline[call.cells][call.action]
        return pipelines.indices.contains(p) ? p : nil
    }
}
