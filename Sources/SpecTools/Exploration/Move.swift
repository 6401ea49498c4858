import ScreenSpec
import SpecRuntime

/// One step the explorer can take: an input step (or none), then a wait. Which outcome each
/// explored service gives to calls made during the step is chosen separately (``PathStep``).
package struct Move: Hashable, Sendable {
    package enum Input: Hashable, Sendable {
        /// Only the wait.
        case none
        /// Write a property input.
        case set(node: Int, value: Value)
        /// Fire an event (`.void`) or a value input.
        case send(node: Int, value: Value)
        /// Execute an action directly with an input, as `send: action` does.
        case execute(action: Int, input: Value)
        /// A gesture on the view: index `gesture` of ``MoveAlphabet/gestures``.
        case gesture(Int)
        /// Fire input `input` of the row of `cells:` entry `cells` whose identity is `row`, as
        /// `send: { cart.toggle: { row: 2 } }` does, or through `gesture` on a component of the
        /// row as a person makes it (nothing while it is disabled on that row); nothing when the
        /// state has no such row. Indirect, so that every input stays the size it was without
        /// rows (search copies them).
        indirect case sendRow(cells: Int, input: Int, row: Value, value: Value, gesture: RowGesture?)
        /// Execute action `action` of the row of `cells:` entry `cells` whose identity is `row`
        /// directly with `value`, as `send: { settings.save: { row: wifi, value: true } }` does;
        /// nothing when the state has no such row.
        indirect case executeRow(cells: Int, action: Int, row: Value, value: Value)
    }

    package var input: Input
    /// Milliseconds of virtual time waited after the input step.
    package var wait: Int
}

/// A step of an explored sequence: the move's index in the alphabet and the outcome choice for
/// the explored services called during it (choice `c` gives each service its outcome `c mod n`).
package struct PathStep: Hashable, Sendable {
    package var move: Int32
    package var choice: Int32

    package init(move: Int, choice: Int) {
        self.move = Int32(truncatingIfNeeded: move)
        self.choice = Int32(truncatingIfNeeded: choice)
    }
}

/// Every move the explorer tries from a state, built once from the spec's ``ExplorePlan``.
package struct MoveAlphabet: Sendable {
    package let moves: [Move]
    /// How many outcome choices a step that calls an explored service has (1 when none is explored).
    package let choices: Int
    /// Per service index, its explored outcomes (empty: the spec's own answers).
    package let outcomes: [[ExploreOutcome]]
    /// The distinct input steps of the moves, and per move the index of its input among them
    /// (-1 for a wait alone) and its wait: breadth-first search reads these for every move it
    /// considers, where copying a ``Move`` (its ``Value``) would cost more than the comparison.
    package let inputs: [Move.Input]
    /// The gestures ``Move/Input/gesture(_:)`` performs, with their steps' texts.
    package let gestures: [(gesture: GesturePlan, text: String)]
    package let inputOf: [Int]
    package let waitOf: [Int]

    package init(spec: CheckedSpec) {
        let plan = spec.explore
        var inputs: [Move.Input] = []
        for (node, values) in plan.inputs {
            let isProperty = spec.nodes[node].hasCurrentValue
            for v in values { inputs.append(isProperty ? .set(node: node, value: v) : .send(node: node, value: v)) }
        }
        for event in plan.events { inputs.append(.send(node: event, value: .void)) }
        for (k, action) in plan.actions.enumerated() where k < plan.actionInputs.count {
            for input in plan.actionInputs[k] { inputs.append(.execute(action: action, input: input)) }
        }
        for k in plan.gestures.indices { inputs.append(.gesture(k)) }
        for rowInput in plan.rows {
            for row in rowInput.rows {
                for v in rowInput.values { inputs.append(.sendRow(cells: rowInput.cells, input: rowInput.input, row: row, value: v, gesture: rowInput.gesture)) }
            }
        }
        for rowAction in plan.rowActions {
            for row in rowAction.rows {
                for v in rowAction.values { inputs.append(.executeRow(cells: rowAction.cells, action: rowAction.action, row: row, value: v)) }
            }
        }
        var moves: [Move] = []
        for input in inputs {
            for w in plan.waits { moves.append(Move(input: input, wait: w)) }
        }
        // A wait alone lets timers and services come due with no input.
        for w in plan.waits where w > 0 { moves.append(Move(input: .none, wait: w)) }
        self.moves = moves
        self.inputs = inputs
        self.gestures = plan.gestures
        var inputOf: [Int] = []
        for k in inputs.indices { inputOf += Array(repeating: k, count: plan.waits.count) }
        inputOf += Array(repeating: -1, count: moves.count - inputOf.count)
        self.inputOf = inputOf
        self.waitOf = moves.map(\.wait)
        var outcomes = [[ExploreOutcome]](repeating: [], count: spec.services.count)
        for (index, list) in plan.services where outcomes.indices.contains(index) { outcomes[index] = list }
        self.outcomes = outcomes
        self.choices = max(1, outcomes.map(\.count).max() ?? 1)
    }
}
