import SpecRuntime

/// `delete: { todoTable: 2 }` and `move: { todoTable: { from: 0, to: 2 } }`: a person swipes a
/// table's row and taps Delete, or drags it to another place, as UIKit lets them when the data
/// source commits edits. The gesture only reports, as `rx.itemDeleted`, `rx.modelDeleted` and
/// `rx.itemMoved` do: the rows change when the view model's list does. A table whose spec binds
/// none of the gesture's events offers no such gesture, so a step making it is an error.
extension StepChecker {
    mutating func rowEdit(_ verb: Located<String>, _ component: ViewRegistry.Component, _ target: Located<String>, _ value: YAMLNode?,
                          _ reader: ValueReader, hidden: Int?) -> StepPlan? {
        let events = component.events.filter { $0.verb == verb.value }
        guard let rows = component.kind.rowsProperty.flatMap(component.property) else { return nil }
        guard events.contains(where: isBound) else {
            let names = events.map { "'\($0.name)'" }
            let binds = names.count == 1 ? "does not bind \(names[0])" : "binds neither " + names.joined(separator: " nor ")
            let what = verb.value == GestureVerb.move.name ? "move" : "delete"
            cx.diagnostics.error(.invalidStepTarget, "\(component.kind.title) '\(component.name)' \(binds), so a person cannot \(what) its rows", at: target.range,
                                 notes: [DiagnosticNote("a table offers swipe to delete and reorder only when the view model hears them, as a data source that commits edits: bind \(names[0]) to an input, as '\(events[0].name): \(events[0].name == "itemMoved" ? "moved" : "deleted")'")])
            return nil
        }
        let rowsNode = component.properties[rows].node
        func plan(_ payload: GesturePlan.Payload, _ fired: [ViewRegistry.Event], text: String) -> StepPlan {
            var g = GesturePlan(component: component.name, kind: component.kind.name, payload: payload, hidden: hidden, writes: [],
                                events: fired.flatMap { [$0.node] + $0.feeds }, actions: fired.flatMap(\.actions), verb: verb.value, target: target.value)
            // `modelDeleted` carries the row's model beside `itemDeleted`'s index, in one transaction.
            let models = events.filter(\.isRow)
            g.modelEvents = models.flatMap { [$0.node] + $0.feeds }
            g.modelActions = models.flatMap(\.actions)
            return StepPlan(kind: .gesture(g), text: text, range: target.range)
        }
        if verb.value == GestureVerb.delete.name {
            guard let value, let i = rowIndex(value, reader) else {
                if value == nil {
                    cx.diagnostics.error(.missingValue, "'delete:' needs a row index, as in 'delete: { \(component.name): 0 }'", at: target.range)
                }
                return nil
            }
            return plan(.deleteRow(rows: rowsNode, index: i), events.filter { !$0.isRow }, text: "delete row \(i) of \(component.name)")
        }
        guard let value, let pairs = value.mapping, pairs.count == 2,
              let fromNode = pairs.first(where: { $0.key.string == "from" })?.value, let toNode = pairs.first(where: { $0.key.string == "to" })?.value else {
            cx.diagnostics.error(.missingValue, "'move:' needs the row and where it goes, as in 'move: { \(component.name): { from: 0, to: 2 } }'",
                                 at: value?.range ?? target.range)
            return nil
        }
        guard let from = rowIndex(fromNode, reader), let to = rowIndex(toNode, reader) else { return nil }
        let moved = events.first { $0.isMove }
        var move = Value.void
        if let moved, case .record(let name) = moved.payload, let fields = cx.table.records[name] {
            move = .record(RecordValue(type: name, fieldNames: fields.map(\.name), fields: fields.map { .int($0.name == "from" ? from : to) }))
        }
        return plan(.moveRow(rows: rowsNode, from: from, to: to, move: move), events.filter(\.isMove), text: "move row \(from) of \(component.name) to \(to)")
    }

    /// Whether the view model hears `event`: an input or action it feeds, or a binding on it.
    private func isBound(_ event: ViewRegistry.Event) -> Bool {
        !event.feeds.isEmpty || !event.actions.isEmpty || !cx.edges[event.node].isEmpty
    }

    /// A row index a step writes: an `Int` from 0; nil (reported) for anything else.
    private mutating func rowIndex(_ node: YAMLNode, _ reader: ValueReader) -> Int? {
        guard let read = reader.read(node, as: .int, diagnostics: &cx.diagnostics), case .int(let i) = read else { return nil }
        guard i >= 0 else {
            cx.diagnostics.error(.bindingRange, "row \(i) does not exist; rows count from 0", at: node.range)
            return nil
        }
        return i
    }
}
