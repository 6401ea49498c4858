@_spi(Engine) import SpecProgram

/// A person's gesture on a component of a row (``RowGesture``), played as the same gesture on a
/// control of the screen is (`ScreenGraph+Gesture.swift`): a component whose `enabled` is false on
/// that row ignores it, as UIKit sends no events from a disabled control, and so does one whose
/// `isHidden` is true there, or whose table or collection view is hidden, as UIKit's hit-testing
/// skips a hidden view and everything in it; a stepper, slider,
/// switch, segmented control or text field given the value it shows fires nothing, as UIKit sends
/// no `.valueChanged` then; else the inputs it fires are sent to that row in one transaction.
extension ScreenGraph {
    /// What became of a gesture on a row.
    package enum RowGestureOutcome: Equatable, Sendable {
        /// It fired the row's inputs.
        case fired
        /// The component is hidden on that row (its `isHidden` true): nothing happened.
        case hidden
        /// The component is disabled on that row: nothing happened.
        case disabled
        /// The component shows the value already: nothing fired.
        case unchanged
        /// No row has the identity: why, for the scenario's runtime error.
        case noRow(String)
        /// The value is outside what the control takes on that row (bounds, steps or titles an
        /// expression gives): why, for the scenario's runtime error.
        case refused(String)
    }

    /// Plays `gesture` on the row of entry `c` whose identity is `key`, with `value` the step's
    /// (the new value of a value gesture, nothing for a tap). `decided`
    /// hears the outcome before anything fires, so a timeline shows the step before what it makes.
    @discardableResult
    package func playRowGesture(_ gesture: RowGesture, cells c: Int, row key: Value, value: Value,
                                decided: (RowGestureOutcome) -> Void = { _ in }) -> RowGestureOutcome {
        guard let found = row(c, key) else {
            let outcome = RowGestureOutcome.noRow(missingRow(c, key))
            decided(outcome)
            return outcome
        }
        if isHidden(gesture.component, cells: c, found.record, row: key) {
            decided(.hidden)
            return .hidden
        }
        if isEnabled(gesture.component, cells: c, found.record, row: key),
           let problem = rowValueRefusal(gesture, cells: c, found.record, row: key, value: value) {
            decided(.refused(problem))
            return .refused(problem)
        }
        guard let fires = rowGestureFires(gesture, cells: c, found.record, row: key, value: value, shown: true) else {
            let outcome: RowGestureOutcome = isEnabled(gesture.component, cells: c, found.record, row: key) ? .unchanged : .disabled
            decided(outcome)
            return outcome
        }
        decided(.fired)
        for (input, payload) in fires {
            guard let current = row(c, key) else { break }
            fireRow(c, input, current, row: key, value: payload)
        }
        propagate()
        return .fired
    }

    /// The inputs `gesture` would fire on the row of entry `c` whose identity is `key`, and what
    /// each is sent, changing nothing; nil when the row is not there, the component is hidden or
    /// disabled on it or shows the value already (a host that mirrors the gesture sends nothing then).
    package func rowGestureFires(_ gesture: RowGesture, cells c: Int, row key: Value, value: Value) -> [(input: Int, value: Value)]? {
        guard let found = row(c, key) else { return nil }
        return rowGestureFires(gesture, cells: c, found.record, row: key, value: value)
    }

    /// The inputs `gesture` fires on `record` and what each is sent; nil when it fires nothing (a
    /// hidden or disabled component, or a value it shows already).
    /// `shown`: the caller found the component not hidden already.
    private func rowGestureFires(_ gesture: RowGesture, cells c: Int, _ record: RecordValue, row key: Value,
                                 value: Value, shown: Bool = false) -> [(input: Int, value: Value)]? {
        guard shown || !isHidden(gesture.component, cells: c, record, row: key), isEnabled(gesture.component, cells: c, record, row: key) else { return nil }
        if !shown, rowValueRefusal(gesture, cells: c, record, row: key, value: value) != nil { return nil }
        let plan = spec.cells[c]
        guard let component = plan.view?[gesture.component] else { return nil }
        var fires: [(input: Int, value: Value)] = []
        if gesture.writes {
            guard shownValue(gesture.component, cells: c, record, row: key) != value else { return nil }
            if let twoWay = component.twoWay {
                guard let written = twoWayValue(gesture.component, twoWay, cells: c, record, row: key, value) else { return nil }
                fires.append((twoWay.input, written))
            }
        }
        for e in gesture.events where component.events.indices.contains(e) {
            guard let input = component.events[e].input else { continue }
            fires.append((input, plan.inputs[input].type == .void ? .void : value))
        }
        return fires
    }

    /// Whether a person can touch component `k` of entry `c` on `record`: its `isHidden` not true
    /// (or not bound) and its `enabled` true (or not bound), reporting nothing and changing
    /// nothing (the payload and the work counted are put back): nil when either fails there,
    /// which a gesture would report. For exploration, which knows what a gesture does before
    /// making it.
    package func rowComponentEnabled(_ k: Int, cells c: Int, on record: RecordValue) -> Bool? {
        guard program.cells.indices.contains(c), program.cells[c].components.indices.contains(k) else { return nil }
        let component = program.cells[c].components[k]
        if listIsHidden(c) { return false }
        let saved = (payload: context.payload, work: context.work, exceeded: context.exceeded)
        defer { (context.payload, context.work, context.exceeded) = saved }
        context.payload = .record(record)
        do throws(EvalError) {
            if let hidden = component.hidden, try hidden(context) == .bool(true) { return false }
            guard let enabled = component.enabled else { return true }
            return try enabled(context) == .bool(true)
        } catch {
            return nil
        }
    }

    /// Whether component `k` of entry `c` is hidden on `record`: its `isHidden` true. One that
    /// fails is reported and counts as shown (the gesture then goes on to its `enabled`).
    private func isHidden(_ k: Int, cells c: Int, _ record: RecordValue, row key: Value) -> Bool {
        if listIsHidden(c) { return true }
        guard let hidden = program.cells[c].components[k].hidden else { return false }
        return evaluate(hidden, on: record, cells: c, row: key, what: "'\(spec.cells[c].view?[k].name ?? "").isHidden'") == .bool(true)
    }

    /// Whether component `k` of entry `c` is enabled on `record`: its `enabled` true, or not
    /// bound. One that fails is reported and counts as disabled, as a row action's `enabledIf:`.
    private func isEnabled(_ k: Int, cells c: Int, _ record: RecordValue, row key: Value) -> Bool {
        guard let enabled = program.cells[c].components[k].enabled else { return true }
        return evaluate(enabled, on: record, cells: c, row: key, what: "'\(spec.cells[c].view?[k].name ?? "").enabled'") == .bool(true)
    }

    /// The value component `k` shows on `record`, the binding of its
    /// ``CellsPlan/Component/valueProperty``, clamped into bounds an expression gives as UIKit
    /// keeps a stepper's or slider's value inside them, and an index moved into titles an
    /// expression gives as UIKit moves it when they change (``ComponentPlan/Choices``: a picker
    /// view's selected row clamped into its rows, -1 with none; a segmented control's -1); nil
    /// when it has none.
    private func shownValue(_ k: Int, cells c: Int, _ record: RecordValue, row key: Value) -> Value? {
        guard let value = program.cells[c].components[k].value else { return nil }
        let shown = evaluate(value, on: record, cells: c, row: key, what: "'\(spec.cells[c].view?[k].name ?? "").value'")
        if let titles = program.cells[c].components[k].titles, case .int(let index)? = shown {
            let name = "\(spec.cells[c].name).\(spec.cells[c].view?[k].name ?? "")"
            guard case .list(let items)? = evaluate(titles, on: record, cells: c, row: key, what: "the titles of '\(name)'") else { return shown }
            let keepsSelection = spec.cells[c].view?[k].kind == "pickerView"
            return .int(ComponentPlan.Choices.shown(index, count: items.count, keepsSelection: keepsSelection))
        }
        guard case .double(let d)? = shown, let bounds = rowBounds(k, cells: c, record, row: key), bounds.minimum <= bounds.maximum else { return shown }
        return .double(Swift.min(Swift.max(d, bounds.minimum), bounds.maximum))
    }

    /// Why a person cannot make `gesture` with `value` on the row of entry `c` whose identity is
    /// `key`, for the values that row's control takes now; nil when they can or the row is not
    /// there. For exploration, which leaves such a move out of a counterexample.
    package func rowGestureRefusal(_ gesture: RowGesture, cells c: Int, row key: Value, value: Value) -> String? {
        guard let found = row(c, key) else { return nil }
        let saved = (payload: context.payload, work: context.work, exceeded: context.exceeded)
        defer { (context.payload, context.work, context.exceeded) = saved }
        return rowValueRefusal(gesture, cells: c, found.record, row: key, value: value)
    }

    /// What the two-way binding writes to its input for `new`: its `set:` over the row with the
    /// new value in the field after the row's last (`quantityStepper.value`, `wifiSwitch.isOn`),
    /// or `new` itself.
    private func twoWayValue(_ k: Int, _ twoWay: CellsPlan.Component.TwoWay, cells c: Int, _ record: RecordValue, row key: Value,
                             _ new: Value) -> Value? {
        guard let set = program.cells[c].components[k].set else { return new }
        let component = spec.cells[c].view?[k]
        let name = "\(component?.name ?? "").\(component?.valueProperty ?? "value")"
        let extended = RecordValue(type: record.type, fieldNames: record.fieldNames + [name], fields: record.fields + [new])
        return evaluate(set, on: extended, cells: c, row: key, what: "the two-way binding of '\(name)'")
    }

    /// `f` over `record`; nil when it fails, which is reported unless `quietly`.
    func evaluate(_ f: CompiledExpr, on record: RecordValue, cells c: Int, row key: Value, what: String, quietly: Bool = false) -> Value? {
        context.payload = .record(record)
        do throws(EvalError) {
            return try f(context)
        } catch {
            if !quietly { report("\(rowName(c, key)), \(what): \(error.message)") }
            return nil
        }
    }
}

extension ScreenGraph {
    /// Whether every list of the screen that shows entry `c`'s rows is hidden (its `isHidden`
    /// true): then no row's component can be touched. Rows no list shows (a child's, or rows the
    /// view does not draw) are never hidden this way.
    func listIsHidden(_ c: Int) -> Bool {
        let nodes = rowListHidden.indices.contains(c) ? rowListHidden[c] : []
        guard !nodes.isEmpty else { return false }
        return nodes.allSatisfy { $0.map { value(of: $0) == .bool(true) } ?? false }
    }

    /// Per entry, for each screen component whose list property the entry's rows are bound to
    /// (`table: { rows: chips }`, a handler on the rows' node writing it), its `isHidden` node, nil
    /// when it binds none.
    static func rowListHiddenNodes(_ spec: CheckedSpec) -> [[Int?]] {
        spec.cells.map { plan in
            spec.components.filter { component in
                component.properties.contains { property in
                    spec.handlers.contains { $0.on == plan.node && $0.targets.contains(property.node) }
                }
            }.map { component in component.properties.first { $0.name == "isHidden" }?.node }
        }
    }
}
