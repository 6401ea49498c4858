import SpecRuntime

/// `invariants:` — a named Bool expression over inputs, state, outputs and action outputs that
/// must hold after every step of every scenario and of every explored sequence.
package struct InvariantDecl: Sendable {
    package var name: Located<String>
    package var expr: Expr
}

/// One outcome of `explore: services:`: `{ value: ... }` or `{ fail: ... }` with an optional
/// `latency:`, or `{ latency: 2s }` alone for the service's own answer arriving at another time.
package struct ExploreOutcomeDecl: Sendable {
    /// Nil: the answer the service declares for the call.
    package var result: ResultDecl?
    package var latency: Located<Int>?
    package var range: SpecRange
}

/// `explore:` — what `specrun explore` tries. A key left out takes its default (see
/// docs/explore.md): nil ``inputs`` tries the scenario literals of every property and value input,
/// nil ``events`` every event input, nil ``waits`` the spec's latencies and operator times.
package struct ExploreDecl: Sendable {
    /// Per property or value input, the values to set or send.
    package var inputs: [(name: Located<String>, values: [YAMLNode])]?
    /// Event inputs to send.
    package var events: [Located<String>]?
    /// Waits taken after each input step, in milliseconds.
    package var waits: [Located<Int>]?
    /// Per service, the outcomes a call may have; the explorer chooses one at each step that calls.
    package var services: [(name: Located<String>, outcomes: [ExploreOutcomeDecl])] = []
    /// How many steps a sequence may have, unless `--depth` says otherwise.
    package var depth: Located<Int>?
    /// `gestures: true`, `false` or `only`; nil: the scenarios' gestures when neither ``inputs``
    /// nor ``events`` is given.
    package var gestures: Located<GestureChoice>?
    package var range: SpecRange

    /// Whether the scenarios' gestures are tried, and whether they are all that is.
    package enum GestureChoice: String, Sendable {
        /// Tried beside the inputs and events (`gestures: true`).
        case on = "true"
        /// Not tried (`gestures: false`).
        case off = "false"
        /// The only input moves: no input is set or sent and no action executed directly.
        case only
    }
}
