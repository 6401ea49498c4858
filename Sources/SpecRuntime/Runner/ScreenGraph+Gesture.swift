import ScreenSpec

extension ScreenGraph {
    /// Plays a person's gesture on a component: records the step, then performs it as one
    /// transaction. A disabled control ignores it, as UIKit sends no events from one, and so does
    /// an alert that is not shown; a row that does not exist is a runtime error; none stops the
    /// scenario.
    func play(_ gesture: GesturePlan, text: String, range: SpecRange, record: (Timeline.Entry) -> Void) {
        if let enabled = gesture.enabled, value(of: enabled) == .bool(false) {
            record(.step(time: clock.now, text: "\(text) — ignored, the \(gesture.kind) is disabled"))
            return
        }
        if let shown = gesture.shownWhile, value(of: shown) ?? Value.none == Value.none {
            record(.step(time: clock.now, text: "\(text) — ignored, the \(gesture.kind) is not shown"))
            return
        }
        let payload: Value
        switch gesture.payload {
        case .value(let v):
            payload = v
        case .row(let rows, let index):
            guard case .list(let items)? = value(of: rows), items.indices.contains(index) else {
                let count = if case .list(let items)? = value(of: rows) { items.count } else { 0 }
                record(.step(time: clock.now, text: text))
                record(.runtimeError(time: clock.now, message:
                    "\(range.file):\(range.start): '\(gesture.component)' has \(count) row\(count == 1 ? "" : "s"), so row \(index) cannot be selected"))
                return
            }
            payload = items[index]
        }
        record(.step(time: clock.now, text: text))
        perform(writes: gesture.writes, events: gesture.events, actions: gesture.actions, payload: payload, clears: gesture.clears)
    }

    /// Performs a gesture as exploration tries it: what ``play(_:text:range:record:)`` does,
    /// where a gesture the person cannot make now (a disabled control, an alert not shown, a
    /// row that is not there) is not made at all.
    package func explore(_ gesture: GesturePlan) {
        if let enabled = gesture.enabled, value(of: enabled) == .bool(false) { return }
        if let shown = gesture.shownWhile, value(of: shown) ?? Value.none == Value.none { return }
        let payload: Value
        switch gesture.payload {
        case .value(let v):
            payload = v
        case .row(let rows, let index):
            guard case .list(let items)? = value(of: rows), items.indices.contains(index) else { return }
            payload = items[index]
        }
        perform(writes: gesture.writes, events: gesture.events, actions: gesture.actions, payload: payload, clears: gesture.clears)
    }
}
