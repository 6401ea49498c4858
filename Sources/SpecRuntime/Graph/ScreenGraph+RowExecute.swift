@_spi(Engine) import SpecProgram

/// A row's action executed directly (`send: { settings.save: { row: wifi, value: true } }`), as
/// RxSwift's `cellViewModel.save.execute(true)` from code: the action decides on that row as a
/// trigger would have it decide (`enabledIf:` and not executing, its arguments computed with the
/// value as `$0` and as its trigger's name), but the trigger does not fire: its handlers do not
/// run, its field keeps its latest value and `<cells>.<trigger>` does not fire. A refused
/// execution puts `notEnabled` on that row's `errors` (its handlers run, the screen's
/// `<cells>.<action>.errors` fires with the row); a started one turns `executing` true, and its
/// answer comes as a triggered one's does (ScreenGraph+RowActions.swift).
extension ScreenGraph {
    /// Executes action `a` of the row of entry `c` whose identity is `key` with `value`, in one
    /// transaction. Returns why it cannot, when no row has that identity (the step is then a
    /// runtime error and nothing changes).
    package func executeRow(cells c: Int, action a: Int, row key: Value, value: Value) -> String? {
        guard let found = row(c, key) else { return missingRow(c, key) }
        let plan = spec.cells[c]
        guard let actions = plan.actions, actions.indices.contains(a), plan.inputs.indices.contains(actions[a].trigger) else { return nil }
        let action = actions[a]
        // The action reads the value where its trigger's value would be; the row keeps its own.
        var given = found.record
        if let field = plan.inputs[action.trigger].field, field < given.fields.count { given.fields[field] = value }
        let decided = decideRowActions(c, triggeredBy: action.trigger, given, row: key, only: a)
        var record = found.record
        var fired: [Int] = []
        for started in decided.started where started.action.executing < record.fields.count {
            record.fields[started.action.executing] = .bool(true)
        }
        for refused in decided.refused where plan.inputs.indices.contains(refused.action.errors) {
            if let field = plan.inputs[refused.action.errors].field, field < record.fields.count { record.fields[field] = .error(refused.error) }
            runRowHandlers(c, refused.action.errors, &record, row: key)
            fired.append(refused.action.errors)
        }
        writeRow(c, record, at: found.at, in: found.rows, row: key, firing: fired)
        for started in decided.started { startRowCall(RowCall(cells: c, action: started.index, row: key), started.arguments) }
        propagate()
        return nil
    }
}
