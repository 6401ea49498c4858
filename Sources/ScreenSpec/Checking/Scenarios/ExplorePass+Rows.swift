import SpecRuntime

/// The row inputs of `cells:` entries that exploration sends (``ExplorePlan/rows``): by default
/// every one; with `inputs:` or `events:` listed, those they name (`cart.toggle` under
/// `events:`, `cart.quantity: [1, 3]` under `inputs:`).
///
/// A step addresses a row by its identity, so each row input is sent to the identities the spec
/// shows: those of the rows the list starts with, of each list a scenario or `explore: inputs:`
/// sets it to, and of each row a scenario sends to. A value input is sent the values scenarios
/// send it and the values exploration tries for the screen's inputs of the same type.
extension ExplorePass {
    /// The entry and input of a row input named `cart.toggle`.
    func rowInput(named name: String) -> (cells: Int, input: Int)? {
        guard let dot = name.firstIndex(of: ".") else { return nil }
        let entry = name[..<dot], input = name[name.index(after: dot)...]
        guard let c = cells.firstIndex(where: { $0.name == entry }),
              let i = cells[c].inputs.firstIndex(where: { $0.name == input }), !cells[c].isActionStream(i) else { return nil }
        return (c, i)
    }

    /// Every row input, with the rows and values the spec shows. An input a component of the
    /// row's own view fires is tried through that component, as a person makes the gesture (a
    /// tap on a button disabled on that row is no move), as a screen's input a gesture drives is.
    func defaultRows(_ plan: ExplorePlan) -> [ExploreRowInput] {
        var rows: [ExploreRowInput] = []
        for (c, entry) in cells.enumerated() {
            let identities = rowIdentities(c, plan)
            guard !identities.isEmpty else { continue }
            var seen: Set<RowGesture> = []
            // The streams a row's action feeds are its action's to fire.
            for (i, input) in entry.inputs.enumerated() where !entry.isActionStream(i) {
                let gestures = rowGestures(c, firing: i)
                for (gesture, values) in gestures where seen.insert(gesture).inserted {
                    rows.append(ExploreRowInput(cells: c, input: i, rows: identities, values: values, gesture: gesture))
                }
                guard gestures.isEmpty else { continue }
                let values = input.type == .void ? [Value.void] : rowValues(c, i, plan)
                if !values.isEmpty { rows.append(ExploreRowInput(cells: c, input: i, rows: identities, values: values)) }
            }
        }
        return rows
    }

    /// The row inputs a component of the row's own `view:` fires, with the rows and values the
    /// spec shows: under `gestures: only`, the moves a person makes on a row (a tap on its button,
    /// a step of its stepper, a toggle of its switch, made on that row as a scenario's row
    /// gesture plays). An input a row's text field fires that no scenario types into is sent to
    /// the row directly, as before.
    func gestureRows(_ plan: ExplorePlan) -> [ExploreRowInput] {
        defaultRows(plan).filter { row in
            row.gesture != nil
                || cells[row.cells].view?.contains { component in component.events.contains { $0.input == row.input } } ?? false
        }
    }

    /// The gestures on components of entry `c`'s view that fire its input `i`, with the values
    /// each is made with: a tap-like gesture with none; a gesture that changes what a control
    /// shows (a stepper's step, a switch's toggle, a slider's slide, a segmented control's pick,
    /// a text field's typing) with the values the scenarios give it, or, when they give none, the
    /// values the control offers (a switch on and off, a stepper's or slider's minimum and one
    /// step up, the first two segments; none for text, which a scenario has to type).
    private func rowGestures(_ c: Int, firing i: Int) -> [(RowGesture, [Value])] {
        var found: [(RowGesture, [Value])] = []
        for (k, component) in (cells[c].view ?? []).enumerated() {
            guard let entry = ComponentCatalog.entry(named: component.kind) else { continue }
            if let property = entry.properties.first(where: { $0.name == component.valueProperty }), let verb = property.verb?.name,
               component.property(property.name) != nil {
                let fired = component.events.indices.filter { e in
                    component.events[e].input != nil && entry.events.first { $0.name == component.events[e].name }?.payload == .property(property.name)
                }
                if component.twoWay?.input == i || fired.contains(where: { component.events[$0].input == i }) {
                    var tried = DistinctValues()
                    for scenario in scenarios {
                        for step in scenario.steps {
                            if case .sendRow(let x, _, _, let v, let g?) = step.kind, x == c, g.component == k, g.writes { tried.append(v) }
                        }
                    }
                    if tried.values.isEmpty { Self.offered(component, property).forEach { tried.append($0) } }
                    if !tried.values.isEmpty {
                        found.append((RowGesture(component: k, events: fired, writes: true, verb: verb), Array(tried.values.prefix(SpecReader.exploreListLimit))))
                    }
                }
            }
            for (e, event) in component.events.enumerated() where event.input == i {
                if let verb = ComponentCatalog.gestureVerb(kind: component.kind, event: event.name) {
                    found.append((RowGesture(component: k, events: [e], verb: verb), [.void]))
                }
            }
        }
        return found
    }

    /// The values a row's control offers a person when no scenario changes it: a switch on and
    /// off, a bounded control's minimum and one step up (or its maximum), an index control's first
    /// two choices; none for text.
    private static func offered(_ component: CellsPlan.Component, _ property: ComponentProperty) -> [Value] {
        switch property.range {
        case .bounds?:
            guard let minimum = component.minimum, let maximum = component.maximum else { return [] }
            return [.double(minimum), .double(min(minimum + (component.step ?? (maximum - minimum)), maximum))]
        case .index(let index)?:
            // Titles an expression gives: the first two, a pick past the row's titles then not made.
            guard let count = component.count ?? (component.property(index.setting) != nil ? 2 : nil) else { return [] }
            return (max(0, index.first)..<min(count, 2)).map { .int($0) }
        default:
            return property.type == .bool ? [.bool(true), .bool(false)] : []
        }
    }

    /// A row value input listed under `explore: inputs:` with its values.
    mutating func listRowInput(_ row: (cells: Int, input: Int), _ name: Located<String>, _ items: [YAMLNode], _ plan: inout ExplorePlan) {
        let input = cells[row.cells].inputs[row.input]
        guard input.type != .void else {
            cx.diagnostics.error(.exploreTarget, "'\(name.value)' is a row's event, which carries no value", at: name.range,
                                 fixIt: "list it under 'events:' instead")
            return
        }
        var tried = DistinctValues()
        for item in items {
            if let v = values.read(item, as: input.type, diagnostics: &cx.diagnostics) { tried.append(v) }
        }
        add(ExploreRowInput(cells: row.cells, input: row.input, rows: rowIdentities(row.cells, plan), values: tried.values), name, &plan)
    }

    /// A row event listed under `explore: events:`.
    mutating func listRowEvent(_ row: (cells: Int, input: Int), _ name: Located<String>, _ plan: inout ExplorePlan) {
        guard cells[row.cells].inputs[row.input].type == .void else {
            cx.diagnostics.error(.exploreTarget, "'\(name.value)' is a row's value input; 'events:' lists events", at: name.range,
                                 fixIt: "list it under 'inputs:' with its values, as in '\(name.value): [1, 2]'")
            return
        }
        add(ExploreRowInput(cells: row.cells, input: row.input, rows: rowIdentities(row.cells, plan), values: [.void]), name, &plan)
    }

    private mutating func add(_ row: ExploreRowInput, _ name: Located<String>, _ plan: inout ExplorePlan) {
        guard !row.rows.isEmpty else {
            cx.diagnostics.error(.exploreTarget, "'\(name.value)' is sent to a row by its identity, and no row of '\(cells[row.cells].name)' is known",
                                 at: name.range, fixIt: "start the list with rows, or add a scenario step such as 'send: { \(name.value): { row: 1 } }'")
            return
        }
        if !plan.rows.contains(where: { $0.cells == row.cells && $0.input == row.input }) { plan.rows.append(row) }
    }

    /// The identities of entry `c`'s rows the spec shows, at most ``SpecReader/exploreListLimit``.
    func rowIdentities(_ c: Int, _ plan: ExplorePlan) -> [Value] {
        let entry = cells[c]
        var identities = DistinctValues()
        func add(_ list: Value) {
            guard case .list(let elements) = list else { return }
            for case .record(let r) in elements where entry.key < r.fields.count { identities.append(r.fields[entry.key]) }
        }
        switch cx.nodes[entry.source].kind {
        case .property(let initial), .state(let initial): add(initial)
        default: break
        }
        // A list read from a parameter (`initial: saved`): the rows the scenarios' parameters of
        // its type show.
        let params = cx.nodes.indices.filter { if case .param = cx.nodes[$0].kind { true } else { false } }
        let fromParams = if case .state(let initial) = cx.nodes[entry.source].kind, case .none = initial { true } else { false }
        for (k, p) in params.enumerated() where fromParams && cx.nodes[p].type == cx.nodes[entry.source].type {
            for scenario in scenarios where k < scenario.params.count { add(scenario.params[k]) }
        }
        for (node, values) in plan.inputs where node == entry.source { values.forEach(add) }
        for scenario in scenarios {
            for step in scenario.steps {
                switch step.kind {
                case .set(let n, let v) where n == entry.source: add(v)
                case .sendRow(let x, _, let row, _, _) where x == c: identities.append(row)
                case .executeRow(let x, _, let row, _) where x == c: identities.append(row)
                default: break
                }
            }
        }
        return Array(identities.values.prefix(SpecReader.exploreListLimit))
    }

    /// The values input `i` of entry `c` is sent: those scenarios send it, then those tried for the
    /// screen's inputs of its type.
    private func rowValues(_ c: Int, _ i: Int, _ plan: ExplorePlan) -> [Value] {
        var tried = DistinctValues()
        for scenario in scenarios {
            for step in scenario.steps {
                // A gesture's value is the component's (a stepper's Double), not the input's.
                if case .sendRow(let x, let k, _, let v, nil) = step.kind, x == c, k == i { tried.append(v) }
            }
        }
        let type = cells[c].inputs[i].type
        for (node, values) in plan.inputs where cx.nodes[node].type == type { values.forEach { tried.append($0) } }
        return Array(tried.values.prefix(SpecReader.exploreListLimit))
    }
}
