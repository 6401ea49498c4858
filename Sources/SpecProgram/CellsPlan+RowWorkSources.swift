extension CellsPlan {
    /// The pipeline that runs action `a`'s work (``Action/work``) for this entry's rows: one
    /// operator, the work's request merging the rows' executions, its output the screen's stream
    /// of the action's elements, and its inner operators listening to the nodes of the row's own
    /// streams (``RequestPlan/listening(to:)``). Nil for an action without work, and for work that
    /// names a stream the row does not have (``ProgramValidator`` refuses such a program).
    package func rowWorkStream(_ a: Int) -> StreamPlan? {
        guard let actions, actions.indices.contains(a), let work = actions[a].work, let listening = work.listening(to: inputs) else { return nil }
        let elements = actions[a].elements
        let output = inputs.indices.contains(elements) ? inputs[elements].node : node
        let flatMap = OperatorPlan(name: listening.name, arguments: OperatorArguments(request: listening), written: nil)
        return StreamPlan(output: output, source: -1, operators: [flatMap], holdsValue: false)
    }
}

extension RequestPlan {
    /// A row's work names the streams its operators listen to (`takeUntil: pause`) as the row's
    /// own: each source of its inner operators is an index in its entry's ``CellsPlan/inputs``,
    /// since a view model serves every entry of `cells:` that shows it. This request with each
    /// source replaced by that input's node of the screen (`downloads.pause`, which fires with the
    /// row), as a screen request's name its nodes; nil when one is not an input of the row.
    package func listening(to inputs: [CellsPlan.Input]) -> RequestPlan? {
        guard !innerSources.isEmpty else { return self }
        var plan = self
        for k in plan.inner.indices {
            for i in plan.inner[k].arguments.sources.indices {
                let input = plan.inner[k].arguments.sources[i]
                guard inputs.indices.contains(input) else { return nil }
                plan.inner[k].arguments.sources[i] = inputs[input].node
            }
        }
        return plan
    }
}
