@_spi(Engine) import SpecProgram

/// Actions whose work is a stream (`work: { call: api.sendCode, ops: [ { retry: 3 } ] }`,
/// `work: { timer: 1s }`): each execution sends its input to a hidden node, whose pipeline
/// subscribes to the work as `flatMap` would (see ``ActionWorkPlan``). The `Action` library's
/// contract holds: the inner stream's elements are the action's `elements`, its error is an
/// element of `errors`, and when it ends, completed or failed, `executing` turns false in a
/// transaction of its own, then `completions` emits if it completed, as ``finishWork(of:_:)``
/// does for a plain call.
extension ScreenGraph {
    /// How many executions may end at one instant, in one step, before the graph stops settling
    /// them (an action that triggers itself through work that ends at once).
    static let settlesAtOnce = 10_000

    /// Per pipeline, the action whose work it runs, else -1.
    static func workOwners(_ spec: CheckedSpec) -> [Int] {
        var owners = Array(repeating: -1, count: spec.streams.count)
        for (a, action) in spec.actions.enumerated() {
            if let work = action.work, owners.indices.contains(work.pipeline) { owners[work.pipeline] = a }
        }
        return owners
    }

    /// Links each work pipeline's request to its action.
    func connectWork() {
        for (a, action) in spec.actions.enumerated() {
            guard let work = action.work, pipelines.indices.contains(work.pipeline) else { continue }
            pipelines[work.pipeline].request?.executionEnded = { [unowned self] completed in
                endedExecutions.append((a, completed))
            }
        }
    }

    /// Runs work pipeline `p`: elements to the action's `elements`, failures to its `errors`.
    func deliverWork(_ p: Int) {
        let action = spec.actions[workOfPipeline[p]]
        for event in processSampling(p) {
            switch event {
            case .next(let value):
                inbox[action.elements].append(value)
                enqueue(action.elements)
            case .failure(let error), .error(let error):
                inbox[action.errors].append(.error(error))
                enqueue(action.errors)
            case .completed:
                break
            }
        }
    }

    /// The executions that ended in the transaction just run: `executing` false, then
    /// `completions`, each its own transaction, as for a plain call.
    @inline(never)
    func settleExecutions() {
        var settled = 0
        while !endedExecutions.isEmpty {
            settled += 1
            guard settled <= Self.settlesAtOnce else {
                // An action whose own results trigger it again, with work that ends at once
                // (`just:`), would run forever in this instant, as RxSwift's would recurse until
                // its stack ends; the spec's limits count clock events, which this spends none of.
                let name = spec.actions[endedExecutions[0].action].name
                report("action '\(name)' ended and was executed again \(Self.settlesAtOnce) times at one instant: its own results trigger it "
                       + "and its work ends at once; the executions still ending are dropped, so it stays executing")
                endedExecutions.removeAll()
                return
            }
            let (a, completed) = endedExecutions.removeFirst()
            let action = spec.actions[a]
            pendingWrite[action.executing] = .bool(false)
            enqueue(action.executing)
            propagateQueue()
            reportAfterEmissionsIfAny()
            if completed, let node = action.completions {
                inbox[node].append(.void)
                enqueue(node)
                propagateQueue()
                reportAfterEmissionsIfAny()
            }
        }
    }
}
