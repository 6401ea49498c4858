extension ScreenGraph {
    /// Why a person cannot make a gesture now.
    private enum GestureRefusal: Error {
        /// UIKit's hit-testing skips a hidden view: no touch reaches it.
        case hidden
        /// UIKit sends no events from a disabled control.
        case disabled
        /// An alert that is not shown has no buttons to choose.
        case notShown
        /// The row a `select:`, `delete:` or `move:` names is not there: the list has `count` rows.
        case noRow(count: Int)
        /// The control already shows the value: UIKit sends no `.valueChanged` for a segment
        /// picked again, a switch set as it is, a stepper at its bound, a text typed as it is.
        case unchanged
        /// A touch down on a control a finger already holds, or a touch up on one none holds.
        case tracking(Bool)
        /// The value is outside the bounds an expression gives, as they are now (or off the
        /// stepper's steps): an error of the spec, as it is for bounds written as numbers.
        case outOfBounds(String)
    }

    /// The payload a gesture carries now, or why it cannot be made.
    private func payload(of gesture: GesturePlan) -> Result<Value, GestureRefusal> {
        if let hidden = gesture.hidden, value(of: hidden) == .bool(true) { return .failure(.hidden) }
        if let enabled = gesture.enabled, value(of: enabled) == .bool(false) { return .failure(.disabled) }
        if let shown = gesture.shownWhile, value(of: shown) ?? Value.none == Value.none { return .failure(.notShown) }
        if let t = gesture.tracking, value(of: t.node) == .bool(t.to) { return .failure(.tracking(t.to)) }
        switch gesture.payload {
        case .value(let v):
            // A gesture that changes a control's value (`pick:`, `toggle:`, `slide:`, `step:`,
            // `type:`, `page:`) writes the property the control shows; taps and events write none.
            if let shown = gesture.writes.first, value(of: shown) == v { return .failure(.unchanged) }
            if let c = gesture.bounds, let problem = outOfBounds(v, component: c, verb: gesture.verb) { return .failure(.outOfBounds(problem)) }
            return .success(v)
        case .row(let rows, let index):
            guard case .list(let items)? = value(of: rows) else { return .failure(.noRow(count: 0)) }
            return items.indices.contains(index) ? .success(items[index]) : .failure(.noRow(count: items.count))
        case .deleteRow(let rows, let index):
            let count = rowCount(rows)
            return (0..<count).contains(index) ? .success(.int(index)) : .failure(.noRow(count: count))
        case .moveRow(let rows, let from, let to, let move):
            let count = rowCount(rows)
            return (0..<count).contains(from) && (0..<count).contains(to) ? .success(move) : .failure(.noRow(count: count))
        }
    }

    private func rowCount(_ rows: Int) -> Int {
        if case .list(let items)? = value(of: rows) { items.count } else { 0 }
    }

    /// The row's model a `deleteRow` gesture's ``GesturePlan/modelEvents`` carry (`modelDeleted`),
    /// `.void` for any other gesture; read before the transaction, as the row the person swiped.
    package func model(of gesture: GesturePlan) -> Value {
        guard case .deleteRow(let rows, let index) = gesture.payload, case .list(let items)? = value(of: rows), items.indices.contains(index) else {
            return .void
        }
        return items[index]
    }

    /// The runtime error's words for a row that is not there.
    private static func missingRow(_ gesture: GesturePlan, count: Int) -> String? {
        let rows = "'\(gesture.component)' has \(count) row\(count == 1 ? "" : "s")"
        switch gesture.payload {
        case .value: return nil
        case .row(_, let index): return "\(rows), so row \(index) cannot be selected"
        case .deleteRow(_, let index): return "\(rows), so row \(index) cannot be deleted"
        case .moveRow(_, let from, let to, _): return "\(rows), so row \(from) cannot be moved to \(to)"
        }
    }

    private func perform(_ gesture: GesturePlan, _ payload: Value) {
        let model = gesture.modelEvents.isEmpty && gesture.modelActions.isEmpty ? nil : (gesture.modelEvents, gesture.modelActions, self.model(of: gesture))
        perform(writes: gesture.writes, events: gesture.events, actions: gesture.actions, payload: payload, clears: gesture.clears, model: model,
                sets: gesture.tracking.map { [(node: $0.node, value: .bool($0.to))] } ?? [])
    }

    /// Whether a person can make `gesture` now, and with what payload: nil for a hidden or disabled
    /// control, an alert that is not shown, a row that is not there, a value the control already
    /// shows (the gesture fires nothing), or a value outside the bounds in force.
    package func payloadIfMade(_ gesture: GesturePlan) -> Value? {
        if case .success(let payload) = payload(of: gesture) { payload } else { nil }
    }

    /// Plays a person's gesture on a component: records the step, then performs it as one
    /// transaction. A hidden control ignores it, as UIKit's hit-testing skips a hidden view; a
    /// disabled control ignores it, as UIKit sends no events from one, and so does
    /// an alert that is not shown; a control given the value it already shows fires nothing, as
    /// UIKit sends no `.valueChanged` then; a row that does not exist is a runtime error; none
    /// stops the scenario.
    package func play(_ gesture: GesturePlan, text: String, range: SpecRange, record: (Timeline.Entry) -> Void) {
        switch payload(of: gesture) {
        case .failure(.hidden):
            record(.step(time: clock.now, text: "\(text) — ignored, the \(gesture.kind) is hidden"))
        case .failure(.disabled):
            record(.step(time: clock.now, text: "\(text) — ignored, the \(gesture.kind) is disabled"))
        case .failure(.notShown):
            record(.step(time: clock.now, text: "\(text) — ignored, the \(gesture.kind) is not shown"))
        case .failure(.unchanged):
            record(.step(time: clock.now, text: "\(text) — nothing fires, the \(gesture.kind) already shows it"))
        case .failure(.tracking(let down)):
            record(.step(time: clock.now, text: "\(text) — nothing fires, " + (down ? "a finger already holds the \(gesture.kind)" : "no finger holds the \(gesture.kind)")))
        case .failure(.noRow(let count)):
            guard let missing = Self.missingRow(gesture, count: count) else { return }
            record(.step(time: clock.now, text: text))
            record(.runtimeError(time: clock.now, message: "\(range.file):\(range.start): \(missing)"))
        case .failure(.outOfBounds(let problem)):
            record(.step(time: clock.now, text: text))
            record(.runtimeError(time: clock.now, message: "\(range.file):\(range.start): \(problem)"))
        case .success(let payload):
            record(.step(time: clock.now, text: text))
            perform(gesture, payload)
        }
    }

    /// Performs a gesture as exploration tries it: what ``play(_:text:range:record:)`` does,
    /// where a gesture the person cannot make now (a hidden or disabled control, an alert not
    /// shown, a row that is not there, a value the control already shows, a value outside the
    /// bounds an expression gives, as they are now) is not made at all.
    package func explore(_ gesture: GesturePlan) {
        guard case .success(let payload) = payload(of: gesture) else { return }
        perform(gesture, payload)
    }
}
