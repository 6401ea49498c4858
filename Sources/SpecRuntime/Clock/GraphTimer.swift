/// Work a graph put on the clock, as a plain value rather than a closure: what it does is named
/// (an action's answer, a timer source's tick, an operator's timer), so a saved state holds no
/// reference into the graph that saved it and can be restored into another graph of the same
/// program, and exploration's digest hashes what is pending, not just when.
package enum GraphTimer: Hashable, Sendable {
    /// Action `action`'s service answered with `outcome` (success or failure).
    case actionEnd(action: Int, ServicePlan.Outcome)
    /// One event of action `action`'s `sequence:` answer.
    case actionEvent(action: Int, ServicePlan.SequenceEventKind)
    /// Element `n` of pipeline `pipeline`'s `interval:`/`timer:` source.
    case tick(pipeline: Int, n: Int)
    /// A timer of a stream operator (see ``StreamTimer``).
    case stream(StreamTimer)
    /// The service a row's action called answered with `outcome` (see ``RowCall``).
    case rowActionEnd(RowCall, ServicePlan.Outcome)
    /// One event of the `sequence:` answer to a row's action.
    case rowActionEvent(RowCall, ServicePlan.SequenceEventKind)
}

/// Which row's action a pending call belongs to: entry `cells` of `cells:`, its view model's
/// action `action`, the row whose identity is `row`. A row whose element leaves the list has its
/// pending calls dropped from the clock (the cell's `disposeBag`), so an answer finds its row.
package struct RowCall: Hashable, Sendable {
    package var cells: Int
    package var action: Int
    package var row: Value

    package init(cells: Int, action: Int, row: Value) {
        self.cells = cells
        self.action = action
        self.row = row
    }
}

/// A stream operator's timer: which operator set it and what it carries.
package struct StreamTimer: Hashable, Sendable {
    /// Where the operator is: its pipeline, its index there and, for an operator of a request's
    /// inner stream, that stream's id and the operator's index in it (-1 for the inner stream's
    /// own answer). A request among an inner stream's operators (`innerOp`) runs inner streams of
    /// its own, one level down: `nested` is such a stream's id and `nestedOp` its operator's
    /// index (-1 for its own answer); see NestedRequests.swift.
    package struct Address: Hashable, Sendable {
        package internal(set) var pipeline: Int
        package internal(set) var op: Int
        package internal(set) var inner = -1
        package internal(set) var innerOp = -1
        package internal(set) var nested = -1
        package internal(set) var nestedOp = -1

        /// Whether a timer set at `other` belongs to this operator, or to something inside it
        /// (an inner stream's operators are inside that stream, a nested request's inner streams
        /// inside that request).
        func owns(_ other: Address) -> Bool {
            guard pipeline == other.pipeline, op == other.op else { return false }
            if inner < 0 { return true }
            guard inner == other.inner else { return false }
            if innerOp < 0 { return true }
            guard innerOp == other.innerOp else { return false }
            if nested < 0 { return true }
            return nested == other.nested && (nestedOp < 0 || nestedOp == other.nestedOp)
        }

        /// Whether it is inside a request's inner stream (then a request there nests).
        var inInnerStream: Bool { inner >= 0 }
    }

    /// What the timer carries when it comes due: nothing (a debounce's quiet ended), or the
    /// events it delivers (a `delay`'s element, a service's answer).
    package enum Payload: Hashable, Sendable {
        case due
        case events([StreamEvent])
    }

    package internal(set) var address: Address
    package internal(set) var payload: Payload
}
