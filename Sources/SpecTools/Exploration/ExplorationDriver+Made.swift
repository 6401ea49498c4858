import SpecRuntime

/// Which of a sequence's input steps a person could make: exploration tries every move from every
/// state, and one that cannot be made now (a gesture on a disabled control, a control given the
/// value it shows, a selection of a row the table does not have, a row that is not in the list)
/// changes nothing there. A scenario written from the sequence leaves those out and keeps their
/// waits: `specrun run` would report a selection past a table's rows as an error, and the others
/// are noise in a shortest counterexample.
extension ExplorationDriver {
    /// Whether the input step of `move` does something from the current state, without taking it.
    /// True for steps that always do (a set, a send, an action's execution) and when unsure (a
    /// row component's `enabled` that fails on the row: the step reports it).
    func canMake(_ move: Move) -> Bool {
        switch move.input {
        case .none: return false
        case .set, .send, .execute: return true
        case .gesture(let k): return graph.payloadIfMade(alphabet.gestures[k].gesture) != nil
        case .sendRow(let c, _, let row, let value, let gesture):
            guard let record = rowRecord(cells: c, row: row) else { return false }
            guard let gesture else { return true }
            // A value the row's control does not take there (bounds or titles an expression gives).
            return graph.rowComponentEnabled(gesture.component, cells: c, on: record) != false
                && graph.rowGestureRefusal(gesture, cells: c, row: row, value: value) == nil
        case .executeRow(let c, _, let row, _): return rowRecord(cells: c, row: row) != nil
        }
    }

    /// Replays `path` from the start as ``replay(_:)`` does, noting before each step whether its
    /// input could be made (``canMake(_:)``): the first finding with the index of its step, and
    /// per step taken whether its input was made; nil when nothing is found.
    func replayNotingMade(_ path: [PathStep]) -> (finding: Finding, at: Int, made: [Bool])? {
        reset()
        if let startFinding { return (startFinding, -1, []) }
        var made: [Bool] = []
        made.reserveCapacity(path.count)
        for (i, step) in path.enumerated() {
            made.append(canMake(alphabet.moves[Int(step.move)]))
            if let f = apply(step) { return (f, i, made) }
        }
        return nil
    }
}
