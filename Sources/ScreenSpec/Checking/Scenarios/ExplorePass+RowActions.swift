import SpecRuntime

/// A row's own action executed directly, listed under `explore: events:` (`events:
/// [settings.save]`): a move of the rest of the app, as `send: loadMore` executes a screen's
/// action, never a gesture. Its trigger, a row input, is the move by default; an action with a
/// trigger is executed directly only when named, for a screen's actions as for a row's.
extension ExplorePass {
    /// The `cells:` entry and action that `name` (`settings.save`) names, if it names one.
    func rowAction(named name: String) -> (cells: Int, action: Int)? {
        guard let dot = name.firstIndex(of: ".") else { return nil }
        let entry = name[..<dot], action = name[name.index(after: dot)...]
        guard let c = cells.firstIndex(where: { $0.name == entry }),
              let a = cells[c].actions?.firstIndex(where: { $0.name == action }),
              cells[c].inputs.indices.contains(cells[c].actions![a].trigger) else { return nil }
        return (c, a)
    }

    /// A row action listed under `explore: events:`: executed on each row the spec shows, with
    /// `()` when its trigger is an event, else with each value a scenario executes it with.
    mutating func listRowAction(_ row: (cells: Int, action: Int), _ name: Located<String>, _ plan: inout ExplorePlan) {
        let entry = cells[row.cells]
        let type = entry.inputs[entry.actions![row.action].trigger].type
        var tried = DistinctValues()
        if type == .void {
            tried.append(.void)
        } else {
            for scenario in scenarios {
                for step in scenario.steps {
                    if case .executeRow(let x, let a, _, let v) = step.kind, x == row.cells, a == row.action { tried.append(v) }
                }
            }
        }
        guard !tried.values.isEmpty else {
            cx.diagnostics.error(.exploreTarget, "row action '\(name.value)' takes an input of type '\(type)' and no scenario executes it with one, so there is nothing to send",
                                 at: name.range, fixIt: "add a scenario step 'send: { \(name.value): { row: ..., value: ... } }'")
            return
        }
        let rows = rowIdentities(row.cells, plan)
        guard !rows.isEmpty else {
            cx.diagnostics.error(.exploreTarget, "'\(name.value)' is executed on a row by its identity, and no row of '\(entry.name)' is known",
                                 at: name.range, fixIt: "start the list with rows, or add a scenario step such as 'send: { \(name.value): { row: 1 } }'")
            return
        }
        if !plan.rowActions.contains(where: { $0.cells == row.cells && $0.action == row.action }) {
            plan.rowActions.append(ExploreRowAction(cells: row.cells, action: row.action, rows: rows, values: Array(tried.values.prefix(SpecReader.exploreListLimit))))
        }
    }
}
