import ScreenSpec
import SpecRuntime

/// What an exploration did and found.
public struct ExploreResult: Sendable {
    /// Why the search stopped: every state seen, or which bound it reached.
    public enum Stop: String, Sendable {
        /// Every distinct state up to the depth was visited (bfs).
        case exhausted
        case depth
        case maxSteps
        case maxSeconds
        case maxStates
        case maxMemory
        case violation
    }

    package var strategy: ExploreOptions.Strategy
    package var seed: UInt64
    package var depthLimit: Int
    /// Transitions taken (steps applied), including those replayed to reach a state.
    public var transitions = 0
    /// Distinct states seen (bfs), or states visited (random).
    public var distinctStates = 0
    /// Steps the graph took (breadth-first knows the rest of the transitions without taking them),
    /// on every worker: what the predictions save, for tests and the benchmarks.
    public var stepsRun = 0
    /// With ``ExploreOptions/verifiesPredictions``, the known moves that, taken, reached another
    /// state or found something: none, or exploration is wrong.
    package var predictionMismatches = 0
    package var depthReached = 0
    package var seconds = 0.0
    /// Why the search stopped.
    public var stop: Stop = .exhausted
    /// How many moves are tried from each state, before outcome choices.
    package var moves = 0
    /// The scenario whose screen parameters the search started with, for a screen that takes any.
    package var paramsFrom: String?
    /// Set when the waits are the defaults and one is long beside a timer's period (``SlowDefaultWaits``).
    package var slowWaits: SlowDefaultWaits?
    /// The bytes the search kept when it stopped (estimated, see `HeldBytes`), and its budget.
    package var memoryBytes = 0
    /// The search's own estimate of what it kept (`held()`), without the growth of resident
    /// memory ``memoryBytes`` also takes, which other work in the process moves too.
    package var heldBytes = 0
    package var memoryLimit = ExploreOptions.defaultMaxMemory
    /// After a random walk found a violation: the breadth-first search below its shrunk length
    /// for a shorter sequence failing the same way (its own figures; the others are the walk's).
    package var below: Below?
    /// The violation, shrunk, when one was found.
    package var counterexample: Counterexample?

    package var violated: Bool { counterexample != nil }

    /// What the breadth-first search below a random walk's length did.
    package struct Below: Sendable {
        /// The longest sequence it tried: one step shorter than the walk's, shrunk.
        package var depth: Int
        package var distinctStates: Int
        package var depthReached: Int
        package var seconds: Double
        /// `.violation` when it found a shorter sequence, else why it stopped.
        package var stop: Stop
        package var shorter: Bool
    }
}

/// A shortest failing sequence found by exploration, ready to print as a scenario.
package struct Counterexample: Sendable {
    /// What broke: `invariant 'name'`, `run-time error` ...
    package var title: String
    package var message: String
    /// The scenario in the spec's YAML, indented as an item of `scenarios:`.
    package var scenarioYAML: String
    package var scenarioName: String
    package var steps: Int
    /// Length of the sequence first found, before shrinking.
    package var foundSteps: Int
}
