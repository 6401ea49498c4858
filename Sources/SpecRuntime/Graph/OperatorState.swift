/// What a stream operator keeps between transactions that decides what it does next (a `take`'s
/// count, a `scan`'s accumulator, a `debounce`'s pending element, a request's inner streams), as
/// a plain value: exploration hashes it into the state digest and saves and restores it, also into
/// another graph of the same program. Its timers are not here: they are on the clock, as values
/// (``StreamTimer``), saved with it.
///
/// Every operator gives its own (``StreamOperator/operatorState``, a requirement with no default),
/// in the canonical form: two operators in the same state give equal values (a `takeLast`'s ring
/// is given in order; a `throttle` gives how long ago it sent, only while that still matters).
package indirect enum OperatorState: Hashable, Sendable {
    /// Nothing: what it does next depends only on what it receives (`map`, `filter`).
    case stateless
    case count(Int)
    case flag(Bool)
    case element(Value?)
    case elements([Value])
    case parts([OperatorState])
    case requests(RequestState)

    var count: Int {
        if case .count(let n) = self { return n }
        return 0
    }

    var flag: Bool {
        if case .flag(let b) = self { return b }
        return false
    }

    var element: Value? {
        if case .element(let v) = self { return v }
        return nil
    }

    var elements: [Value] {
        if case .elements(let vs) = self { return vs }
        return []
    }

    /// Part `k` of a composite state; `.stateless` past its end.
    subscript(_ k: Int) -> OperatorState {
        if case .parts(let parts) = self, parts.indices.contains(k) { return parts[k] }
        return .stateless
    }

    /// The parts of a composite state.
    var parts: [OperatorState] {
        if case .parts(let parts) = self { return parts }
        return []
    }
}

/// A request operator's state (`flatMapLatest`, `flatMap`, `concatMap`): its inner streams, the
/// elements waiting for their turn (`concatMap`) and whether its source completed.
package struct RequestState: Hashable, Sendable {
    package internal(set) var active: [InnerStreamState]
    /// Per waiting element: the call's arguments and the element (read by `as:`).
    package internal(set) var waiting: [WaitingCall]
    package internal(set) var upstreamDone: Bool

    package struct WaitingCall: Hashable, Sendable {
        package internal(set) var arguments: [Value]
        package internal(set) var element: Value?
        /// The inner stream a choice (`if:`) picked for it: 0 `then:`, 1 `else:`.
        package internal(set) var branch = 0
    }
}

/// One inner stream of a request: its call, its operators' states and gates, whether its answer
/// ended. Its answer's events still to come are timers on the clock.
package struct InnerStreamState: Hashable, Sendable {
    package internal(set) var id: Int
    package internal(set) var arguments: [Value]
    /// The outer element, for a request with `as:` (its operators read it by that name).
    package internal(set) var element: Value?
    package internal(set) var operators: [OperatorState]
    package internal(set) var gates: [Bool]
    package internal(set) var answerEnded: Bool
    /// The inner stream a choice (`if:`) picked: 0 `then:` (or a request without a choice), 1 `else:`.
    package internal(set) var branch = 0
    /// When it was subscribed: only the text of a cancellation record shows it, so it is saved and
    /// compared but not hashed (absolute time is not part of a state's digest).
    var subscribedAt: Int

    package func hash(into hasher: inout Hasher) {
        hasher.combine(id)
        hasher.combine(arguments)
        hasher.combine(element)
        hasher.combine(operators)
        hasher.combine(gates)
        hasher.combine(answerEnded)
        hasher.combine(branch)
    }
}

/// A pipeline's state: its operators', which gates closed (an operator sent its end), and
/// whether its output ended and was disposed.
package struct PipelineState: Hashable, Sendable {
    package internal(set) var operators: [OperatorState]
    package internal(set) var gates: [Bool]
    package internal(set) var ended: Bool
    package internal(set) var disposed: Bool
}
