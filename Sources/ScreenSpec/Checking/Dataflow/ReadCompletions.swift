import SpecRuntime

/// Which action completions the checked spec shows, once every pass has run.
enum ReadCompletions {
    /// `<action>.completions` is shown in the timeline, and fed by the runtime, only when the spec
    /// reads it: something depends on it (a handler, a trigger, a stream, an expression) or a
    /// scenario expects it. Otherwise its plan forgets it, so that an action's ending costs nothing
    /// more and timelines of specs that never name it stay as they were.
    static func mark(_ actions: inout [ActionPlan], _ nodes: inout [NodeDecl], edges: [[Int]], handlers: [HandlerPlan],
                     scenarios: [ScenarioPlan], cells: [CellsPlan]) {
        var expected: Set<Int> = []
        for scenario in scenarios {
            for step in scenario.steps {
                switch step.kind {
                case .expect(let node, _), .expectEnd(let node, _): expected.insert(node)
                default: break
                }
            }
        }
        // A row action's `<cells>.<action>.completions`, the screen's stream of the rows it ended
        // on, is shown only when read too: at the screen, or in the row (a handler's `on:`, a
        // trigger, a stream's source). The row still feeds it; its edge to the rows is no read.
        for plan in cells {
            for action in plan.actions ?? [] where plan.inputs.indices.contains(action.completions) {
                let k = action.completions
                let node = plan.inputs[k].node
                let readInRow = plan.handlers.contains { $0.input == k } || (plan.actions ?? []).contains { $0.trigger == k }
                    || (plan.streams ?? []).contains { $0.source == k }
                let readOnScreen = edges[node].contains { $0 != plan.node } || expected.contains(node) || handlers.contains { $0.on == node }
                    || actions.contains { $0.trigger == node }
                if !readInRow && !readOnScreen { nodes[node].visible = false }
            }
        }
        for a in actions.indices {
            guard let node = actions[a].completions else { continue }
            let read = !edges[node].isEmpty || expected.contains(node) || handlers.contains { $0.on == node }
                || actions.contains { $0.trigger == node }
            if read { nodes[node].visible = true } else { actions[a].completions = nil }
        }
    }
}
