/// A checked invariant: a hidden Bool node with its expression, which the runtime evaluates after
/// each step (it is no node's reader, so propagation never computes it).
package struct InvariantPlan: Sendable {
    package var name: String
    /// The Bool node holding the invariant's value.
    package var node: Int
    package var range: SpecRange

    /// Memberwise, at `package` access: the front end builds the program.
    package init(name: String, node: Int, range: SpecRange) {
        self.name = name
        self.node = node
        self.range = range
    }
}

/// One outcome a call of an explored service may have.
package struct ExploreOutcome: Sendable {
    /// Nil: the answer the service declares for the call (by its arguments or its results).
    package var outcome: ServicePlan.Outcome?
    /// Milliseconds; nil: the latency the answer would have had.
    package var latency: Int?

    package init(outcome: ServicePlan.Outcome?, latency: Int?) {
        self.outcome = outcome
        self.latency = latency
    }

    /// The outcome and latency a call gets when this outcome is chosen for it: `declared` is what
    /// the spec's fake answers that call, `serviceLatency` the service's own `latency:`. A chosen
    /// outcome without a latency takes the service's; the declared answer keeps its own.
    package func answer(declared: (ServicePlan.Outcome, Int), serviceLatency: Int) -> (ServicePlan.Outcome, Int) {
        (outcome ?? declared.0, latency ?? (outcome == nil ? declared.1 : serviceLatency))
    }
}

/// A row input that `specrun explore` sends (`send: { cart.toggle: { row: 2 } }`): input
/// ``input`` of `cells:` entry ``cells``, to each row of ``rows`` (identities) that the state has,
/// with each of ``values`` (`()` alone for an event). A row the state does not have takes no
/// step, as a gesture on a row that is not there. An input a component of the row's view fires
/// is sent through it, with ``gesture``: a tap on a button disabled on that row, or a stepper's +
/// at its maximum, is no move, as on the screen's controls.
package struct ExploreRowInput: Sendable, Codable, Hashable {
    package var cells: Int
    package var input: Int
    package var rows: [Value]
    package var values: [Value]
    /// The gesture that fires the input, nil when it is sent directly.
    package var gesture: RowGesture?

    /// Memberwise, at `package` access: the front end builds the program.
    package init(cells: Int, input: Int, rows: [Value], values: [Value], gesture: RowGesture? = nil) {
        self.cells = cells
        self.input = input
        self.rows = rows
        self.values = values
        self.gesture = gesture
    }
}

/// A row's own action that `specrun explore` executes directly, as other code of the app does
/// (`send: { settings.save: { row: wifi, value: true } }`, RxSwift's
/// `cellViewModel.save.execute(true)`): action ``action`` of `cells:` entry ``cells``, on each
/// row of ``rows`` that the state has, with each of ``values`` (`()` alone when its trigger is an
/// event). Only when `explore: events:` names it: its trigger is the move by default, as a screen
/// action with a trigger is not executed directly unless named.
package struct ExploreRowAction: Sendable, Codable, Hashable {
    package var cells: Int
    package var action: Int
    package var rows: [Value]
    package var values: [Value]

    /// Memberwise, at `package` access: the front end builds the program.
    package init(cells: Int, action: Int, rows: [Value], values: [Value]) {
        self.cells = cells
        self.action = action
        self.rows = rows
        self.values = values
    }
}

/// What `specrun explore` tries from each state, defaults filled in: a move is an input step
/// (``inputs`` or ``events``) followed by one of ``waits``.
package struct ExplorePlan: Sendable {
    /// A property input is set to each value; a value input is sent each value.
    package var inputs: [(node: Int, values: [Value])] = []
    /// Event inputs, sent.
    package var events: [Int] = []
    /// Actions executed directly (`send: action`), by index: those with no trigger, by default.
    package var actions: [Int] = []
    /// Per action of ``actions``, the inputs it is executed with: `()` for an action without an
    /// input, else the values scenarios execute it with.
    package var actionInputs: [[Value]] = []
    /// Gestures on the view (`tap:`, `type:`, `slide:` ...), each as a scenario performs it: by
    /// default every distinct gesture step of the scenarios, when `explore:` lists no inputs and
    /// no events. The step's text (`tap confirm`) with each.
    package var gestures: [(gesture: GesturePlan, text: String)] = []
    /// Milliseconds waited after an input step; 0 is always first.
    package var waits: [Int] = [0]
    /// Whether ``waits`` are the defaults (every scenario's `wait:`, every latency and timed
    /// operator's time) rather than the spec's `waits:`: exploration then says when one is long
    /// beside a timer's period (`SlowDefaultWaits` in SpecTools).
    package var waitsByDefault = false
    /// Row inputs of `cells:` entries, sent to each row they list that the state has.
    package var rows: [ExploreRowInput] = []
    /// Row actions executed directly, on each row they list that the state has.
    package var rowActions: [ExploreRowAction] = []
    /// Per service, the outcomes the explorer chooses among at a step that calls it; a service
    /// not listed answers as the spec declares.
    package var services: [(index: Int, outcomes: [ExploreOutcome])] = []
    /// The depth the spec asks for, nil for the command's default.
    package var depth: Int?

    package init() {}
}

// Codable is synthesised here, in the types' own file (Swift requires it): the JSON of a
// compiled spec (see `CompiledSpec`).
extension InvariantPlan: Codable {}
extension ExploreOutcome: Codable {}
